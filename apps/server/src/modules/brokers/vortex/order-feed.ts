import WebSocket from 'ws';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { UpdateChannel } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import type { BrokerAccount } from '../vault';

// Rupeezy's order updates: its WebSocket ("wire", `?auth_token=<access token>`) sends a text message for every
// change of the user's orders (binary messages are prices, which we do not subscribe to). A message is taken as a
// nudge to read the order book, which stays the one source of truth: the kit's catch-up then reports exactly what
// changed, whatever the message's own shape. While the socket is down (not yet open, dropped, refused) the order
// book is polled instead, and the socket is retried with a growing delay; when it is back, one catch-up covers the gap.
// Rupeezy documents no heartbeat on this socket, so a line that dies without closing would go unnoticed: while the
// socket is open the order book is still read every half minute as a safety net.

export const VORTEX_WIRE_URL = 'wss://wire.rupeezy.in/ws';

export type VortexFeedState = 'connected' | 'polling';

/** How often the order book is read while the socket is open (see above). */
const SAFETY_POLL_MS = 30_000;

export interface VortexOrderFeedDeps {
  baseUrl: string | undefined;
  pollMs: number;
  /** Reads the order book and reports every change since the last report (the kit's catch-up). */
  catchUp(userId: string): Promise<void>;
  onError(userId: string, error: unknown): void;
  /** How often the order book is read while the socket is open (default half a minute). */
  safetyPollMs?: number;
  /** The socket's retry delays: the first, doubled up to the last. */
  retryMs?: { first: number; max: number };
}

interface Feed {
  account: BrokerAccount;
  token: string;
  socket: WebSocket | undefined;
  open: boolean;
  retry: NodeJS.Timeout | undefined;
  safety: NodeJS.Timeout | undefined;
  delay: number;
  reading: boolean;
  readAgain: boolean;
}

export function createVortexOrderFeed(deps: VortexOrderFeedDeps): UpdateChannel<VortexFeedState> {
  const retryMs = deps.retryMs ?? { first: 1000, max: 30_000 };
  const poller = createPollingChannel(deps.pollMs, deps.catchUp, deps.onError);
  const feeds = new Map<string, Feed>();

  /** One order-book read at a time; messages arriving meanwhile make one more read afterwards. */
  const read = (userId: string, feed: Feed) => {
    if (feed.reading) {
      feed.readAgain = true;
      return;
    }
    feed.reading = true;
    deps
      .catchUp(userId)
      .catch((error: unknown) => deps.onError(userId, error))
      .finally(() => {
        feed.reading = false;
        if (feed.readAgain && feeds.get(userId) === feed) {
          feed.readAgain = false;
          read(userId, feed);
        }
      });
  };

  const connect = (userId: string, feed: Feed) => {
    feed.retry = undefined;
    const url = new URL(brokerEndpoint(VORTEX_WIRE_URL, deps.baseUrl));
    url.searchParams.set('auth_token', feed.token);
    const socket = new WebSocket(url);
    feed.socket = socket;
    const current = () => feeds.get(userId) === feed && feed.socket === socket;
    socket.on('open', () => {
      if (!current()) return;
      feed.open = true;
      feed.delay = retryMs.first;
      poller.close(userId);
      // Through the same one-at-a-time read as the socket's messages.
      feed.safety = setInterval(
        () => read(userId, feed),
        deps.safetyPollMs ?? Math.max(SAFETY_POLL_MS, deps.pollMs),
      );
      feed.safety.unref();
      read(userId, feed);
    });
    socket.on('message', (_data, isBinary) => {
      if (!isBinary && current()) read(userId, feed);
    });
    // A failed or dropped socket always closes; 'close' does the work.
    socket.on('error', (error) => {
      if (current()) deps.onError(userId, error);
    });
    socket.on('close', () => {
      if (!current()) return;
      const wasOpen = feed.open;
      feed.open = false;
      feed.socket = undefined;
      clearInterval(feed.safety);
      if (wasOpen || poller.state(userId) === undefined) poller.open(userId, feed.account);
      const delay = feed.delay;
      feed.delay = Math.min(retryMs.max, feed.delay * 2);
      feed.retry = setTimeout(() => connect(userId, feed), delay);
      feed.retry.unref();
    });
  };

  const close = (userId: string) => {
    const feed = feeds.get(userId);
    feeds.delete(userId);
    poller.close(userId);
    if (!feed) return;
    clearTimeout(feed.retry);
    clearInterval(feed.safety);
    feed.socket?.terminate();
  };

  const open: UpdateChannel<VortexFeedState>['open'] = (userId, account) => {
    close(userId);
    const token = account.secrets.accessToken;
    // Until the socket is open, and if it never opens, the order book is polled.
    poller.open(userId, account);
    if (!token) return;
    const feed: Feed = {
      account,
      token,
      socket: undefined,
      open: false,
      retry: undefined,
      safety: undefined,
      delay: retryMs.first,
      reading: false,
      readAgain: false,
    };
    feeds.set(userId, feed);
    connect(userId, feed);
  };

  return {
    open,
    close,
    reopen: open,
    state: (userId) => {
      const feed = feeds.get(userId);
      if (feed?.open) return 'connected';
      return poller.state(userId) ? 'polling' : undefined;
    },
    closeAll() {
      for (const userId of [...feeds.keys()]) close(userId);
      poller.closeAll();
    },
  };
}
