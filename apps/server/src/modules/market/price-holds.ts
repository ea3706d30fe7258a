import { isStaleTick, tickAgeMs } from '@xtrader/core/api/market-feed';
import type { Clock } from '../../clock';
import type { MarketData, PriceHold, PriceView } from './contract';
import type { PriceSources } from './price-sources';

export const HOLD_MESSAGES = {
  stale: (ageMs: number | null) =>
    ageMs === null
      ? 'Paused: no price yet for this contract'
      : `Paused: prices are stale (last tick ${Math.round(ageMs / 1000)} s ago)`,
  notOwnSource:
    "Paused: your prices come from your own broker's stream, which server-side automation does not read yet",
} as const;

/**
 * Server-side automation reads the shared source (`shared`). It holds off for a user whose own prices come from
 * their broker's stream in the live view (acting on simulated prices for a real account is worse than waiting),
 * and on any contract that has not ticked for `staleAfterMs` beyond the view's delay.
 */
export function createPriceHolds(deps: {
  sources: Pick<PriceSources, 'hasStream'>;
  shared: Pick<MarketData, 'getQuote'>;
  clock: Clock;
  practiceDelayMs: number;
  staleAfterMs: number;
}): (userId: string, symbol: string, view: PriceView) => PriceHold | null {
  return (userId, symbol, view) => {
    if (view === 'live' && deps.sources.hasStream(userId)) {
      return { reason: 'not_own_source', message: HOLD_MESSAGES.notOwnSource };
    }
    const lastTickAt = deps.shared.getQuote(symbol, view)?.ts;
    const delayMs = view === 'practice' ? deps.practiceDelayMs : 0;
    const now = deps.clock.now();
    if (!isStaleTick(lastTickAt, now, delayMs, deps.staleAfterMs)) return null;
    const ageMs = lastTickAt === undefined ? null : tickAgeMs(lastTickAt, now, delayMs);
    return { reason: 'stale', message: HOLD_MESSAGES.stale(ageMs) };
  };
}
