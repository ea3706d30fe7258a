import { z } from 'zod';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { UpdateChannel } from '../live-kit/links';
import {
  createStreamWithPollingChannel,
  jsonFrame,
  type StreamChannelDeps,
} from '../live-kit/stream-with-polling';

// AliceBlue's Order Status Feed: `GET createWsToken` (Bearer) gives an order token; the socket is subscribed with
// `{orderToken, userId}` and kept alive with `{heartbeat: "h", userId}` every minute; each order change arrives as a
// `{"t": "om", ...}` frame. A frame only says that an order changed, so it triggers a read of the order book, which
// the kit turns into reports (one reading of every field, whatever path told us). The kit's stream-with-polling
// channel polls the order book while the feed is not up (not switched on for the account, dropped, refused), reads
// it at once when the feed drops, and tries the feed again (ten times less often for an account without it).

export const ALICEBLUE_FEED_ENDPOINTS = {
  token: 'https://a3.aliceblueonline.com/open-api/order-notify/ws/createWsToken',
  socket: 'wss://a3.aliceblueonline.com/open-api/order-notify/websocket',
} as const;

/** `stream`: the feed is up; `polling`: the order book is read every few seconds meanwhile. */
export type AliceUpdateState = 'stream' | 'polling';

export interface AliceOrderFeedDeps extends StreamChannelDeps {
  baseUrl: string | undefined;
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
  const { baseUrl } = deps;
  const retryMs = deps.retryMs ?? 30_000;
  return createStreamWithPollingChannel<AliceUpdateState>(deps, {
    name: 'aliceblue',
    states: { streaming: 'stream', polling: 'polling' },
    async target(_userId, account) {
      const { accessToken } = account.secrets;
      if (!accessToken || !account.clientId) throw new Error('no live session');
      const token = await orderToken(baseUrl, accessToken);
      return {
        url: brokerEndpoint(ALICEBLUE_FEED_ENDPOINTS.socket, baseUrl),
        greeting: [JSON.stringify({ orderToken: token, userId: account.clientId })],
      };
    },
    frame: (_userId, frame) => (jsonFrame(frame.text)?.t === 'om' ? 'doorbell' : 'ignore'),
    heartbeat: {
      everyMs: deps.heartbeatMs ?? 60_000,
      frame: (account) => JSON.stringify({ heartbeat: 'h', userId: account.clientId }),
    },
    retry: { firstMs: retryMs, maxMs: retryMs },
    retryDelay: (reason, delay) => (reason instanceof NoOrderFeed ? delay * NO_FEED_BACKOFF : delay),
    catchUpOnDrop: true,
  });
}
