import { isStaleTick, tickAgeMs } from '@xtrader/core/api/market-feed';
import { type ReceivedFeedStatus, serverNow } from './feed-status-query';

/**
 * How stale a contract's price is: undefined when fresh (or when the feed's threshold is not known yet), null when
 * it never ticked, else the age in ms beyond the view's deliberate delay.
 */
export function staleAgeOf(
  lastTickAt: number | undefined,
  status: ReceivedFeedStatus | undefined,
  clientNow = Date.now(),
): number | null | undefined {
  if (!status) return undefined;
  const now = serverNow(status, clientNow);
  if (!isStaleTick(lastTickAt, now, status.delayMs, status.staleAfterMs)) return undefined;
  return lastTickAt === undefined ? null : tickAgeMs(lastTickAt, now, status.delayMs);
}
