import { isStaleTick, tickAgeMs } from '@xtrader/core/api/market-feed';
import type { Clock } from '../../clock';
import type { PriceHold, PriceSourceId, PriceView, Quote } from './contract';

export const HOLD_MESSAGES = {
  stale: (ageMs: number | null) =>
    ageMs === null
      ? 'Paused: no price yet for this contract'
      : `Paused: prices are stale (last tick ${Math.round(ageMs / 1000)} s ago)`,
} as const;

/**
 * Server-side automation reads each user's own source; it holds off on any contract of that source that has not
 * ticked for `staleAfterMs` beyond the view's delay (a broker stream that dropped or ended goes stale the same way).
 */
export function createPriceHolds(deps: {
  quoteOf: (source: PriceSourceId, symbol: string, view: PriceView) => Quote | undefined;
  clock: Clock;
  practiceDelayMs: number;
  staleAfterMs: number;
}): (source: PriceSourceId, symbol: string, view: PriceView) => PriceHold | null {
  return (source, symbol, view) => {
    const lastTickAt = deps.quoteOf(source, symbol, view)?.ts;
    const delayMs = view === 'practice' ? deps.practiceDelayMs : 0;
    const now = deps.clock.now();
    if (!isStaleTick(lastTickAt, now, delayMs, deps.staleAfterMs)) return null;
    const ageMs = lastTickAt === undefined ? null : tickAgeMs(lastTickAt, now, delayMs);
    return { reason: 'stale', message: HOLD_MESSAGES.stale(ageMs) };
  };
}
