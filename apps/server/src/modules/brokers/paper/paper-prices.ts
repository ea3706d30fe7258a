import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { PriceSourceId, Quote, SourcedPrices } from '../../market/contract';

interface Retained {
  userId: string;
  source: PriceSourceId;
  symbols: Set<string>;
}

/**
 * The Practice Mode prices of each paper account: the practice (delayed) view of the source its user sees in
 * Practice Mode (their own broker stream when they have one, else the shared source). Orders and positions are
 * watched on their user's source, and ticks of one source only ever act on the accounts priced by it: a Zerodha
 * user's paper stop fires on their own delayed ticker prices, never on the simulator's, and the reverse.
 */
export class PaperPrices {
  /** Owner (an order, a position) -> where it is retained, to release it there and move it when its user's source changes. */
  private readonly retained = new Map<string, Retained>();

  constructor(private readonly prices: SourcedPrices) {}

  sourceOf(userId: string): PriceSourceId {
    return this.prices.sourceOf(userId, PRACTICE_BROKER_ID);
  }

  quote(userId: string, symbol: string): Quote | undefined {
    return this.prices.getQuote(this.sourceOf(userId), symbol, 'practice');
  }

  ltp(userId: string, symbol: string): number | undefined {
    return this.quote(userId, symbol)?.lastPrice;
  }

  /** Keeps `symbols` ticking on the user's source for `owner` (added to what it already holds). */
  retain(userId: string, owner: string, symbols: readonly string[]): void {
    const source = this.sourceOf(userId);
    const held = this.retained.get(owner);
    if (held && held.source !== source) this.prices.release(held.source, owner);
    const entry: Retained =
      held && held.source === source ? held : { userId, source, symbols: new Set(held?.symbols) };
    for (const symbol of symbols) entry.symbols.add(symbol);
    this.retained.set(owner, entry);
    this.prices.retain(source, owner, [...entry.symbols]);
  }

  release(owner: string): void {
    const held = this.retained.get(owner);
    if (!held) return;
    this.retained.delete(owner);
    this.prices.release(held.source, owner);
  }

  /** The user's Practice Mode source may have changed (their stream opened or ended): watch on the new one. */
  follow(userId: string): void {
    const source = this.sourceOf(userId);
    for (const [owner, held] of [...this.retained]) {
      if (held.userId === userId && held.source !== source) this.retain(userId, owner, []);
    }
  }

  /** Practice-view batches of every source, tagged with the source. */
  onQuotes(handler: (source: PriceSourceId, quotes: readonly Quote[]) => void): () => void {
    return this.prices.onQuotes('practice', handler);
  }
}
