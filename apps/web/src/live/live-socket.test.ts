import { describe, expect, it } from 'vitest';
import { LiveSocket, type SocketLike } from './live-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

function harness(random = () => 0.5) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const messages: unknown[] = [];
  const statuses: string[] = [];
  const live = new LiveSocket({
    url: (token) => `ws://test/ws?token=${token}`,
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => timers.splice(0),
  });
  return { live, sockets, timers, messages, statuses };
}

describe('live socket', () => {
  it('connects with the token and subscribes what is wanted once open', () => {
    const { live, sockets, statuses } = harness();
    live.subscribe(['NIFTY 50']);
    live.connect('tok en');
    expect(sockets[0]?.url).toBe('ws://test/ws?token=tok en');
    expect(sockets[0]?.sent).toEqual([]);
    sockets[0]!.open();
    live.subscribe(['NIFTY 50', 'SENSEX']);
    live.unsubscribe(['NIFTY 50', 'BANKEX']);
    expect(sockets[0]!.sent).toEqual([
      { action: 'subscribe', symbols: ['NIFTY 50'] },
      { action: 'subscribe', symbols: ['SENSEX'] },
      { action: 'unsubscribe', symbols: ['NIFTY 50'] },
    ]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects with doubling, capped, jittered delays and subscribes everything again', () => {
    const { live, sockets, timers } = harness(() => 1);
    live.connect('t');
    live.subscribe(['NIFTY 50', 'SENSEX']);
    const delays: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      sockets.at(-1)!.drop();
      const timer = timers.shift()!;
      delays.push(timer.ms);
      timer.run();
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    sockets.at(-1)!.open();
    expect(sockets.at(-1)!.sent).toEqual([{ action: 'subscribe', symbols: ['NIFTY 50', 'SENSEX'] }]);
    // A successful open resets the backoff.
    sockets.at(-1)!.drop();
    expect(timers[0]?.ms).toBe(500);
  });

  it('spreads retries with jitter between half and all of the ceiling', () => {
    expect(harness(() => 0).live.retryDelay(3)).toBe(2000);
    expect(harness(() => 0.999999).live.retryDelay(3)).toBe(4000);
  });

  it('stops retrying when the server refuses the token, and on disconnect', () => {
    const { live, sockets, timers, statuses } = harness();
    live.connect('bad');
    sockets[0]!.drop(4401);
    expect(timers).toEqual([]);
    expect(live.status).toBe('unauthorized');
    live.connect('good');
    sockets[1]!.open();
    live.disconnect();
    expect(sockets[1]!.closedWith).toBe(1000);
    expect(timers).toEqual([]);
    expect(statuses.at(-1)).toBe('idle');
  });

  it('passes on valid server frames and ignores anything else', () => {
    const { live, sockets, messages } = harness();
    live.connect('t');
    sockets[0]!.open();
    const frame = {
      channel: 'ltp',
      data: [{ symbol: 'SENSEX', LastPrice: 1, NetChange: 0, OHLC: { close: 1 }, ts: 1 }],
    };
    sockets[0]!.onmessage?.({ data: JSON.stringify(frame) });
    sockets[0]!.onmessage?.({ data: '{oops' });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ channel: 'weird' }) });
    expect(messages).toEqual([frame]);
  });
});
