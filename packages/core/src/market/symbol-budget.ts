// A vendor licence caps how many symbols one feed connection may subscribe at once (TrueData's `maxsymbols`).
// When the platform wants more, the feed keeps the symbols that matter most: the indices (every option's
// underlying, the header), then contracts someone holds (an open position or a resting order, whose stops and
// fills read the price), then the most watched; among equals the least recently wanted is left out.

/** Why a symbol is wanted, most important first. */
export type SymbolTier = 'index' | 'held' | 'watched';

const TIER_RANK: Record<SymbolTier, number> = { index: 0, held: 1, watched: 2 };

export interface WantedSymbol {
  symbol: string;
  tier: SymbolTier;
  /** How many readers want it (sockets, orders, positions). */
  readers: number;
  /** When it was last newly wanted (epoch ms, or any increasing counter). */
  lastWantedAt: number;
}

/** Whether `a` ranks before `b` for a place in the budget. */
export function compareWanted(a: WantedSymbol, b: WantedSymbol): number {
  return (
    TIER_RANK[a.tier] - TIER_RANK[b.tier] ||
    b.readers - a.readers ||
    b.lastWantedAt - a.lastWantedAt ||
    (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)
  );
}

/**
 * The symbols a feed limited to `max` subscribes out of those wanted: all of them without a limit, else the `max`
 * first by tier, then readers, then the most recently wanted.
 */
export function symbolsWithinBudget(wanted: Iterable<WantedSymbol>, max: number | undefined): Set<string> {
  const all = [...wanted];
  if (max === undefined || all.length <= max) return new Set(all.map((entry) => entry.symbol));
  return new Set(
    all
      .sort(compareWanted)
      .slice(0, Math.max(0, max))
      .map((entry) => entry.symbol),
  );
}
