import { randomUUID } from 'node:crypto';
import { BrokerCallError } from '../live-kit/errors';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { PushMessage, PushProtocol } from '../live-kit/push-price-feed';
import type { UpstoxEndpoints } from './endpoints';
import { decodeFeedResponse } from './market-feed-schema';
import { authorizeUpstoxSocket } from './socket-authorize';

// A Upstox user's own prices: Upstox's Market Data Feed V3, opened with the user's session on the kit's push feed
// (live-kit/push-price-feed.ts). `GET /v3/feed/market-data-feed/authorize` (Bearer) answers a single-use wss URI
// (socket-authorize.ts; a 401 there ends the session as expired), so every (re)connect authorizes again; the socket
// carries no login of its own and is ready once open. Requests are binary frames holding JSON
// `{guid, method: "sub", data: {mode: "ltpc", instrumentKeys}}` (`unsub` names no mode); Upstox answers protobuf FeedResponse
// frames (market-feed-schema.ts): a `market_info` one at open, an `initial_feed` snapshot after each subscription,
// then `live_feed` updates, each a map of instrument key -> LTPC (last price `ltp`, previous close `cp`).
// Upstox allows one feed connection per app and user and 5,000 instrument keys in `ltpc` mode on it
// (docs/market-data.md); a user watches far fewer, so subscriptions go out in one request.

export const UPSTOX_FEED_MODE = 'ltpc';

/** A request frame; an unsubscribe names no mode (as Upstox's own SDK sends it). */
const request = (method: 'sub' | 'unsub', contracts: readonly BrokerContract[]): Buffer => {
  const instrumentKeys = contracts.map((contract) => contract.instrumentId);
  const data = method === 'sub' ? { mode: UPSTOX_FEED_MODE, instrumentKeys } : { instrumentKeys };
  return Buffer.from(JSON.stringify({ guid: randomUUID(), method, data }));
};

/** One feed frame read: its LTPCs as ticks; text frames, market-info and empty frames say nothing of use. */
export function readUpstoxFeedFrame(frame: string | Buffer): PushMessage | undefined {
  if (typeof frame === 'string') return undefined;
  const response = decodeFeedResponse(frame);
  if (response.type === 'market_info') return undefined;
  const ticks = response.ltpcs
    .filter((ltpc) => ltpc.ltp > 0)
    .map((ltpc) => ({ key: ltpc.key, lastPrice: ltpc.ltp, ...(ltpc.cp > 0 ? { close: ltpc.cp } : {}) }));
  return ticks.length > 0 ? { kind: 'ticks', ticks } : undefined;
}

export function upstoxMarketFeed(
  endpoints: Pick<UpstoxEndpoints, 'marketDataFeedAuthorize'>,
  baseUrl: string | undefined,
): PushProtocol {
  return {
    async target({ token }) {
      if (!token) throw new BrokerCallError('token_expired', 'no Upstox session', false);
      return { url: await authorizeUpstoxSocket(endpoints.marketDataFeedAuthorize, token, baseUrl) };
    },
    read: readUpstoxFeedFrame,
    keyOf: (contract) => contract.instrumentId,
    subscribe: (contracts) => request('sub', contracts),
    unsubscribe: (contracts) => request('unsub', contracts),
  };
}
