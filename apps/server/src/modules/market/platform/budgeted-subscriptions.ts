import { type SymbolTier, symbolsWithinBudget, type WantedSymbol } from '@xtrader/core/market/symbol-budget';
import type { SymbolInterest } from '../contract';

export interface BudgetedSubscriptionsOptions {
  /** Whether a symbol is an index (always first in the budget). */
  isIndex(symbol: string): boolean;
  /** Sends the change upstream: `dropped` first, so the count never goes over the limit. */
  apply(added: readonly string[], dropped: readonly string[]): void;
  /** The symbol limit; undefined: none. */
  max?: number;
}

/**
 * The symbols a vendor feed subscribes upstream when its licence caps how many it may hold at once: of every
 * symbol the platform wants, the indices, then held contracts, then the most watched, the most recently wanted
 * first among equals (`symbolsWithinBudget`). Without a limit every wanted symbol is subscribed, as before.
 */
export class BudgetedSubscriptions {
  private readonly wanted = new Map<string, WantedSymbol>();
  /** The latest interest told per symbol (it may come before the symbol is wanted). */
  private readonly demand = new Map<string, SymbolInterest>();
  private readonly active = new Set<string>();
  /** Orders "recently wanted" without reading the clock. */
  private sequence = 0;
  private max: number | undefined;

  constructor(private readonly options: BudgetedSubscriptionsOptions) {
    this.max = options.max;
  }

  /** The symbols subscribed upstream now. */
  get subscribed(): ReadonlySet<string> {
    return this.active;
  }

  /** Wanted symbols left out for the limit. */
  get waiting(): number {
    return this.wanted.size - this.active.size;
  }

  setMax(max: number | undefined): void {
    if (max === this.max) return;
    this.max = max;
    this.rebalance();
  }

  want(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      const demand = this.demand.get(symbol);
      this.wanted.set(symbol, {
        symbol,
        tier: this.tierOf(symbol, demand),
        readers: demand?.readers ?? 1,
        lastWantedAt: ++this.sequence,
      });
    }
    this.rebalance();
  }

  unwant(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      this.wanted.delete(symbol);
      this.demand.delete(symbol);
    }
    this.rebalance();
  }

  interest(symbols: readonly SymbolInterest[]): void {
    let changed = false;
    for (const demand of symbols) {
      this.demand.set(demand.symbol, demand);
      const entry = this.wanted.get(demand.symbol);
      if (!entry) continue;
      const tier = this.tierOf(demand.symbol, demand);
      if (entry.readers === demand.readers && entry.tier === tier) continue;
      // A new reader makes it recently wanted; one leaving does not.
      if (demand.readers > entry.readers) entry.lastWantedAt = ++this.sequence;
      entry.readers = demand.readers;
      entry.tier = tier;
      changed = true;
    }
    if (changed && this.max !== undefined) this.rebalance();
  }

  private tierOf(symbol: string, demand: SymbolInterest | undefined): SymbolTier {
    if (this.options.isIndex(symbol)) return 'index';
    return demand?.held ? 'held' : 'watched';
  }

  private rebalance(): void {
    const target = symbolsWithinBudget(this.wanted.values(), this.max);
    const dropped = [...this.active].filter((symbol) => !target.has(symbol));
    const added = [...target].filter((symbol) => !this.active.has(symbol));
    if (added.length === 0 && dropped.length === 0) return;
    for (const symbol of dropped) this.active.delete(symbol);
    for (const symbol of added) this.active.add(symbol);
    this.options.apply(added, dropped);
  }
}
