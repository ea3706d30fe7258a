import type { Logger } from '../../../logger';
import type { UpdateChannel } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import type { BrokerAccount } from '../vault';
import { type DhanOrderStream, openDhanOrderStream } from './order-stream';

// How Dhan's order reports reach us: its order-update WebSocket while it is up, the order book polled while it is
// down. An alert is a doorbell: the order book is read (one read at a time, once more if alerts came meanwhile) and
// the kit's tracker reports what changed, so a partial or unfamiliar alert never loses anything.

/** `stream`: the WebSocket is up; `polling`: it is down (or still connecting) and the order book is polled. */
export type DhanChannelState = 'stream' | 'polling';

export interface DhanUpdateChannelDeps {
  url: string;
  pollMs: number;
  logger: Logger;
  /** Reads the user's order book and delivers every change since the last report. */
  catchUp(userId: string): Promise<void>;
  retryMs?: number;
}

export function createDhanUpdateChannel(deps: DhanUpdateChannelDeps): UpdateChannel<DhanChannelState> {
  const streams = new Map<string, DhanOrderStream>();
  const reading = new Map<string, { again: boolean }>();
  const polling = createPollingChannel(
    deps.pollMs,
    (userId) => deps.catchUp(userId),
    (userId, error) => deps.logger.debug({ err: error, userId }, 'dhan order poll failed'),
  );

  /** One order-book read per user at a time; alerts during a read cause one more read after it. */
  const ring = (userId: string) => {
    const current = reading.get(userId);
    if (current) {
      current.again = true;
      return;
    }
    const run = { again: false };
    reading.set(userId, run);
    void (async () => {
      do {
        run.again = false;
        await deps
          .catchUp(userId)
          .catch((error: unknown) => deps.logger.warn({ err: error, userId }, 'dhan order read failed'));
      } while (run.again);
      reading.delete(userId);
    })();
  };

  const close = (userId: string) => {
    streams.get(userId)?.close();
    streams.delete(userId);
    polling.close(userId);
  };

  const open = (userId: string, account: BrokerAccount) => {
    close(userId);
    // Polled until the socket is up.
    polling.open(userId, account);
    const accessToken = account.secrets.accessToken;
    if (!accessToken || !account.clientId) return;
    const stream = openDhanOrderStream({
      url: deps.url,
      clientId: account.clientId,
      accessToken,
      ...(deps.retryMs !== undefined ? { retryMs: deps.retryMs } : {}),
      alert: () => ring(userId),
      state(state) {
        if (state === 'open') {
          polling.close(userId);
          // Whatever changed while the socket was down or connecting.
          ring(userId);
        } else if (state === 'down' && polling.state(userId) === undefined) {
          deps.logger.info({ userId }, 'dhan order stream dropped; polling the order book');
          polling.open(userId, account);
        }
      },
    });
    streams.set(userId, stream);
  };

  return {
    open,
    close,
    reopen: open,
    state(userId) {
      if (streams.get(userId)?.state === 'open') return 'stream';
      return polling.state(userId) ? 'polling' : undefined;
    },
    closeAll() {
      for (const userId of [...streams.keys()]) close(userId);
      polling.closeAll();
    },
  };
}
