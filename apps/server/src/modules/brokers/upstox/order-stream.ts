import { BrokerCallError } from '../live-kit/errors';
import type { UpdateChannel } from '../live-kit/links';
import {
  createStreamWithPollingChannel,
  jsonFrame,
  type StreamChannelDeps,
} from '../live-kit/stream-with-polling';
import { authorizeUpstoxSocket } from './socket-authorize';
import { type UpstoxOrder, upstoxOrderSchema } from './upstox-schemas';

// Upstox's portfolio stream feed for order updates, on the kit's stream-with-polling channel (the order book polled
// while the socket is not up, one catch-up read each time it comes up). Connecting is two steps
// (socket-authorize.ts): `GET /v2/feed/portfolio-stream-feed/authorize?update_types=order`, then the socket on the
// single-use URI it answers, so every (re)connect authorizes again. Each text message is one order in the order book's shape (`update_type: "order"`).

/** streaming: the socket delivers; polling: the socket is down (or coming up), the order book is read instead. */
export type UpstoxChannelState = 'streaming' | 'polling';

export interface UpstoxOrderStreamDeps extends StreamChannelDeps {
  /** The documented authorize endpoint, already moved by XT_UPSTOX_BASE_URL. */
  authorizeUrl: string;
  /** XT_UPSTOX_BASE_URL: the authorized socket URI moves to it too. */
  baseUrl: string | undefined;
  /** Wait before authorizing again after a drop or a failed connect (doubles up to a minute). */
  retryMs?: number;
  /** One order message from the socket. */
  deliver(userId: string, order: UpstoxOrder): void;
  /** The authorize call answered 401: the day's token is dead. */
  onTokenExpired(userId: string): void;
}

export function createUpstoxOrderChannel(deps: UpstoxOrderStreamDeps): UpdateChannel<UpstoxChannelState> {
  /** The single-use socket URI, or undefined when the token is dead (reported); a throw is retried. */
  const authorize = async (userId: string, token: string): Promise<string | undefined> => {
    const url = new URL(deps.authorizeUrl);
    url.searchParams.set('update_types', 'order');
    try {
      return await authorizeUpstoxSocket(url.toString(), token, deps.baseUrl);
    } catch (error) {
      if (!(error instanceof BrokerCallError) || error.code !== 'token_expired') throw error;
      deps.onTokenExpired(userId);
      return undefined;
    }
  };

  const onMessage = (userId: string, text: string) => {
    const message = jsonFrame(text);
    if (!message) return;
    const type = message.update_type;
    if (type !== undefined && type !== 'order') return;
    const order = upstoxOrderSchema.safeParse(message);
    if (order.success) deps.deliver(userId, order.data);
    else deps.logger.debug({ userId }, 'upstox stream sent an unreadable order');
  };

  return createStreamWithPollingChannel<UpstoxChannelState>(deps, {
    name: 'upstox',
    states: { streaming: 'streaming', polling: 'polling' },
    async target(userId, account) {
      const token = account.secrets.accessToken;
      if (!token) return undefined;
      const uri = await authorize(userId, token);
      return uri ? { url: uri } : undefined;
    },
    frame(userId, frame) {
      onMessage(userId, frame.text);
      return 'ignore';
    },
    retry: { firstMs: deps.retryMs ?? 1000, maxMs: 60_000 },
  });
}
