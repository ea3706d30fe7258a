import type { DisciplineStatus } from '@xtrader/core/api/discipline';
import type { FeedStatus } from '@xtrader/core/api/market-feed';
import { useEffect, useRef } from 'react';
import { useFeedStatus } from '../../api/feed-status-query';
import { raiseAlert } from './raise-alert';

type FeedState = FeedStatus['state'] | 'replay' | undefined;

const TROUBLE: Partial<Record<NonNullable<FeedState>, string>> = {
  stale: 'Prices are stale: the feed stopped ticking',
  expired: 'Broker session expired: your prices stopped',
};

/** The feed-trouble text when the badge just turned stale or expired (not at the first reading, not a repeat). */
export const feedTrouble = (before: FeedState, after: FeedState): string | undefined =>
  before !== undefined && after !== before && after !== undefined ? TROUBLE[after] : undefined;

/** The message of a discipline hold that was not holding at the last reading. */
export const newHold = (
  before: DisciplineStatus | undefined,
  after: DisciplineStatus | undefined,
): string | undefined => {
  if (!before || !after) return undefined;
  const held = new Set(before.holds.map((hold) => hold.rule));
  return after.holds.find((hold) => !held.has(hold.rule))?.message;
};

/**
 * Watches the feed badge and the discipline state (read by the shell from the discipline query), raising
 * feed-trouble and discipline alerts as they change.
 */
export function useAlertWatchers(discipline: DisciplineStatus | undefined): void {
  const feed = useFeedStatus().data;
  const feedState: FeedState = feed ? (feed.replay ? 'replay' : feed.state) : undefined;
  const lastFeed = useRef<FeedState>(undefined);
  useEffect(() => {
    const trouble = feedTrouble(lastFeed.current, feedState);
    lastFeed.current = feedState;
    if (trouble) raiseAlert('feed', trouble);
  }, [feedState]);

  const lastDiscipline = useRef<DisciplineStatus | undefined>(undefined);
  useEffect(() => {
    const hold = newHold(lastDiscipline.current, discipline);
    lastDiscipline.current = discipline;
    if (hold) raiseAlert('discipline', hold);
  }, [discipline]);
}
