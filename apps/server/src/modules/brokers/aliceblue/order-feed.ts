import WebSocket from 'ws';
import { z } from 'zod';
import type { Logger } from '../../../logger';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { UpdateChannel } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import type { BrokerAccount } from '../vault';

// AliceBlue's Order Status Feed: `GET createWsToken` (Bearer) gives an order token; the socket is subscribed with
// `{orderToken, userId}` and kept alive with `{heartbeat: "h", userId}` every minute; each order change arrives as a
// `{"t": "om", ...}` frame. A frame only says that an order changed, so it triggers a read of the order book, which
// the kit turns into reports (one reading of every field, whatever path told us). While the feed is not up (not
// switched on for the account, dropped, refused) the order book is polled, and the feed is tried again.

export const ALICEBLUE_FEED_ENDPOINTS = {
  token: 'https://a3.aliceblueonline.com/open-api/order-notify/ws/createWsToken',
  socket: 'wss://a3.aliceblueonline.com/open-api/order-notify/websocket',
} as const;

/** `stream`: the feed is up; `polling`: the order book is read every few seconds meanwhile. */
export type AliceUpdateState = 'stream' | 'polling';

export interface AliceOrderFeedDeps {
  baseUrl: string | undefined;
  logger: Logger;
  /** Reads the user's order book now and reports every change (the kit's catch-up). */
  catchUp(userId: string): Promise<void>;
  pollMs: number;
  /** How long after a drop the feed is tried again (ten times longer for an account without the feed). */
  retryMs?: number;
  heartbeatMs?: number;
}

const tokenAnswerSchema = z.object({
  result: z.array(z.object({ orderToken: z.string().min(1) })).min(1),
});

const TIMEOUT_MS = 7000;
/** An account without the feed is asked again this many times less often than a dropped feed is reconnected. */
const NO_FEED_BACKOFF = 10;

/** AliceBlue has no order feed for the account (not switched on). */
class NoOrderFeed extends Error {}

interface Feed {
  account: BrokerAccount;
  socket?: WebSocket;
  live: boolean;
  heartbeat?: NodeJS.Timeout;
  retry?: NodeJS.Timeout;
}

/** The order token for the user's session; throws when AliceBlue has no feed for the account. */
async function orderToken(baseUrl: string | undefined, userSession: string): Promise<string> {
  const response = await fetch(brokerEndpoint(ALICEBLUE_FEED_ENDPOINTS.token, baseUrl), {
    headers: { Accept: 'application/json', Authorization: `Bearer ${userSession}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  // An account without the feed gets HTTP 200 with an empty body.
  const text = (await response.text()).trim();
  const parsed = text ? tokenAnswerSchema.safeParse(JSON.parse(text)) : undefined;
  if (!response.ok || !parsed?.success) {
    throw new NoOrderFeed(
      `no order feed for this account (HTTP ${response.status}${text ? '' : ', empty answer'})`,
    );
  }
  return (parsed.data.result[0] as { orderToken: string }).orderToken;
}

export function createAliceOrderFeed(deps: AliceOrderFeedDeps): UpdateChannel<AliceUpdateState> {
  const { logger, baseUrl } = deps;
  const retryMs = deps.retryMs ?? 30_000;
  const heartbeatMs = deps.heartbeatMs ?? 60_000;
  const feeds = new Map<string, Feed>();
  const poller = createPollingChannel(deps.pollMs, deps.catchUp, (userId, error) =>
    logger.debug({ err: error, userId }, 'aliceblue order poll failed'),
  );

  const catchUpQuietly = (userId: string) => {
    deps
      .catchUp(userId)
      .catch((error: unknown) => logger.debug({ err: error, userId }, 'aliceblue order book read failed'));
  };

  const stop = (feed: Feed) => {
    clearInterval(feed.heartbeat);
    clearTimeout(feed.retry);
    feed.socket?.removeAllListeners();
    feed.socket?.on('error', () => undefined);
    feed.socket?.terminate();
    feed.socket = undefined;
    feed.live = false;
  };

  /** The feed is down: poll meanwhile and try the feed again later. */
  const fallBack = (userId: string, feed: Feed, reason: unknown) => {
    if (feeds.get(userId) !== feed) return;
    stop(feed);
    if (poller.state(userId) === undefined) {
      poller.open(userId, feed.account);
      catchUpQuietly(userId);
    }
    logger.debug({ err: reason, userId }, 'aliceblue order feed down; polling the order book');
    const delay = reason instanceof NoOrderFeed ? retryMs * NO_FEED_BACKOFF : retryMs;
    feed.retry = setTimeout(() => void connect(userId, feed), delay);
    feed.retry.unref();
  };

  const connect = async (userId: string, feed: Feed) => {
    const { accessToken } = feed.account.secrets;
    const aliceUser = feed.account.clientId;
    try {
      if (!accessToken || !aliceUser) throw new Error('no live session');
      const token = await orderToken(baseUrl, accessToken);
      if (feeds.get(userId) !== feed) return;
      const socket = new WebSocket(brokerEndpoint(ALICEBLUE_FEED_ENDPOINTS.socket, baseUrl));
      feed.socket = socket;
      socket.on('open', () => {
        socket.send(JSON.stringify({ orderToken: token, userId: aliceUser }));
        feed.live = true;
        poller.close(userId);
        // Whatever changed while the feed was down.
        catchUpQuietly(userId);
        feed.heartbeat = setInterval(
          () => socket.send(JSON.stringify({ heartbeat: 'h', userId: aliceUser })),
          heartbeatMs,
        );
        feed.heartbeat.unref();
      });
      socket.on('message', (data) => {
        let frame: unknown;
        try {
          frame = JSON.parse(String(data));
        } catch {
          return;
        }
        if ((frame as { t?: unknown } | null)?.t === 'om') catchUpQuietly(userId);
      });
      socket.on('close', () => fallBack(userId, feed, new Error('order feed closed')));
      socket.on('error', (error) => fallBack(userId, feed, error));
    } catch (error) {
      fallBack(userId, feed, error);
    }
  };

  const close = (userId: string) => {
    const feed = feeds.get(userId);
    feeds.delete(userId);
    if (feed) stop(feed);
    poller.close(userId);
  };

  const open = (userId: string, account: BrokerAccount) => {
    close(userId);
    const feed: Feed = { account, live: false };
    feeds.set(userId, feed);
    // Polling until the feed is up, so nothing waits on it.
    poller.open(userId, account);
    void connect(userId, feed);
  };

  return {
    open,
    close,
    reopen: open,
    state(userId) {
      const feed = feeds.get(userId);
      if (!feed) return undefined;
      return feed.live ? 'stream' : 'polling';
    },
    closeAll() {
      for (const userId of [...feeds.keys()]) close(userId);
      poller.closeAll();
    },
  };
}
