import { type FeedState, type FeedStatus, isStaleTick } from '@xtrader/core/api/market-feed';
import type { PriceView } from './contract';
import type { PriceSource } from './price-sources';

export interface FeedTiming {
  now: number;
  /** Practice Mode's delay (the `practice` view shows prices this late on purpose). */
  practiceDelayMs: number;
  staleAfterMs: number;
}

/**
 * A user's feed health: which source, and whether its prices can be acted on. With `symbol`, the state is that
 * contract's (stale when it has not ticked for `staleAfterMs` beyond the view's delay); without, the source's.
 * An ended broker session is `expired`, never quietly replaced by simulated prices.
 */
export function feedStatus(
  source: PriceSource,
  view: PriceView,
  timing: FeedTiming,
  symbol?: string,
): FeedStatus {
  const { now, staleAfterMs } = timing;
  const delayMs = view === 'practice' ? timing.practiceDelayMs : 0;
  const broker = source.brokerId !== null;
  const lastTickAt =
    symbol !== undefined ? (source.data.getQuote(symbol, view)?.ts ?? null) : source.lastTickAt(view);
  const expired =
    broker && (source.state === 'ended' || (source.tokenExpiresAt !== null && now >= source.tokenExpiresAt));
  const stale =
    (broker && source.state !== 'connected') ||
    ((broker || symbol !== undefined) && isStaleTick(lastTickAt, now, delayMs, staleAfterMs));
  const state: FeedState = expired
    ? 'expired'
    : stale
      ? 'stale'
      : !broker
        ? 'simulated'
        : view === 'practice'
          ? 'delayed'
          : 'live';
  return {
    source: broker ? 'broker' : 'simulated',
    broker: source.brokerId,
    view,
    state,
    symbol: symbol ?? null,
    lastTickAt,
    now,
    delayMs,
    staleAfterMs,
    tokenExpiresAt: source.tokenExpiresAt,
  };
}
