import { EventEmitter } from 'node:events';
import { vi } from 'vitest';
import { silentLogger } from '../../src/logger';
import {
  createStreamWithPollingChannel,
  type FrameMeaning,
  type SocketTarget,
  type StreamChannelDeps,
  type StreamSpec,
} from '../../src/modules/brokers/live-kit/stream-with-polling';
import type { BrokerAccount } from '../../src/modules/brokers/vault';

// The kit's stream-with-polling channel on a fake socket the test drives by hand, with fake timers as its clock:
// what the order book's reads report is queued by the test, and every socket the channel opens is kept.

export class FakeSocket extends EventEmitter {
  readyState = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  constructor(readonly target: SocketTarget) {
    super();
  }
  send(text: string) {
    this.sent.push(text);
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  opened() {
    this.readyState = 1;
    this.emit('open');
  }
  frame(text: string, binary = false) {
    this.emit('message', Buffer.from(text), binary);
  }
  drop() {
    this.readyState = 3;
    this.emit('close');
  }
  refuseUpgrade(statusCode: number) {
    const ended = Object.assign(new EventEmitter(), { destroy: () => undefined });
    this.emit('unexpected-response', ended, Object.assign(ended, { statusCode }));
  }
}

export const account = {
  userId: 'u1',
  clientId: 'C1',
  secrets: { accessToken: 'tok' },
} as unknown as BrokerAccount;

/**
 * @param idleChanges what a read reports once the queued `bookChanges` run out: 1 (something new, so no re-read)
 *   unless a test wants every read to find nothing.
 */
export function harness(
  overrides: Partial<StreamSpec<'live' | 'poll'> & StreamChannelDeps> = {},
  idleChanges = 1,
) {
  const sockets: FakeSocket[] = [];
  /** What the next order-book reads report (how many changes); `idleChanges` once it runs out. */
  const bookChanges: number[] = [];
  let reads = 0;
  const frames: string[] = [];
  const { doorbellRetry, ...spec } = overrides;
  const channelDeps: StreamChannelDeps = {
    logger: silentLogger(),
    pollMs: 1000,
    catchUp: async () => {
      reads += 1;
      return bookChanges.shift() ?? idleChanges;
    },
    ...(doorbellRetry ? { doorbellRetry } : {}),
  };
  const channel = createStreamWithPollingChannel<'live' | 'poll'>(channelDeps, {
    name: 'test',
    states: { streaming: 'live', polling: 'poll' },
    target: (_userId, acc) => ({
      url: 'ws://broker.test/orders',
      greeting: [`login ${acc.secrets.accessToken}`],
    }),
    frame: (_userId, frame): FrameMeaning => {
      frames.push(frame.text);
      return frame.text === 'changed' ? 'doorbell' : 'ignore';
    },
    retry: { firstMs: 1000, maxMs: 4000 },
    openSocket: (target) => {
      const socket = new FakeSocket(target);
      sockets.push(socket);
      return socket;
    },
    ...spec,
  });
  return {
    channel,
    sockets,
    bookChanges,
    frames,
    reads: () => reads,
    last: () => sockets.at(-1) as FakeSocket,
  };
}

/** Lets the channel's promises (target, reads) settle without moving the clock. */
export const settle = () => vi.advanceTimersByTimeAsync(0);
