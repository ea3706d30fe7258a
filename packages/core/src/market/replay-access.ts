import { addDays, type IsoDate } from './dates';

/**
 * Real prices may be shown to someone other than the broker's own client only with a long lag (30 days under
 * SEBI's price-data rules, docs/market-data.md): a recording of someone else's stream, or of a licensed platform
 * feed, becomes replayable by others once its day is at least this many days old.
 */
export const REPLAY_SHARING_LAG_DAYS = 30;

/** Who recorded a day: the simulator (anyone may replay it), a licensed platform feed, or one user's own stream. */
export type RecordingOrigin = { kind: 'simulated' } | { kind: 'platform' } | { kind: 'user'; userId: string };

/** Whether `userId` may replay a day recorded by `origin`, on `today` (IST). */
export function mayReplay(origin: RecordingOrigin, day: IsoDate, userId: string, today: IsoDate): boolean {
  if (origin.kind === 'simulated') return true;
  if (origin.kind === 'user' && origin.userId === userId) return true;
  return day <= addDays(today, -REPLAY_SHARING_LAG_DAYS);
}
