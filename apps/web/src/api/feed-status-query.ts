import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeedStatus, feedStatusSchema } from '@xtrader/core/api/market-feed';
import { api } from './client';
import { tradingKeys } from './query-keys';

/** A feed status with the client's clock when it arrived, to age `lastTickAt` on the server's clock. */
export type ReceivedFeedStatus = FeedStatus & { receivedAt: number };

/** How often the header asks: a stream that stops must show "Stale" within a few seconds. */
export const FEED_STATUS_REFRESH_MS = 2000;

/** GET /market/feed: where the user's prices come from and how fresh they are. */
export const feedStatusQuery = queryOptions({
  queryKey: tradingKeys.marketFeed,
  queryFn: async ({ signal }): Promise<ReceivedFeedStatus> => {
    const { data } = await api.get('/market/feed', { data: feedStatusSchema, signal });
    return { ...data, receivedAt: Date.now() };
  },
  refetchInterval: FEED_STATUS_REFRESH_MS,
});

export const useFeedStatus = () => useQuery(feedStatusQuery);

/** The server's time now, from a status and the client clock (the client's clock may be off). */
export const serverNow = (status: ReceivedFeedStatus, clientNow = Date.now()): number =>
  status.now + (clientNow - status.receivedAt);

/**
 * The replayed time now while a Practice session replay runs (it moves `speed` times faster than the client's
 * clock, and stands still while paused); undefined without a replay.
 */
export const replayedNow = (
  status: ReceivedFeedStatus | undefined,
  clientNow = Date.now(),
): number | undefined => {
  const replay = status?.replay;
  if (!status || !replay) return undefined;
  return replay.paused ? replay.now : replay.now + (clientNow - status.receivedAt) * replay.speed;
};
