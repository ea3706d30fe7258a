import type { MarketData, PriceView, Quote } from '../../market/contract';

/** A scripted price source: tests push prices; the cache is updated first, then subscribers hear of it. */
export class FakeMarket implements MarketData {
  private readonly quotes: Record<PriceView, Map<string, Quote>> = { live: new Map(), practice: new Map() };
  private readonly handlers: Record<PriceView, Set<(quotes: readonly Quote[]) => void>> = {
    live: new Set(),
    practice: new Set(),
  };
  readonly retained = new Map<string, Set<string>>();
  private ts = 0;

  getQuote(symbol: string, view: PriceView): Quote | undefined {
    return this.quotes[view].get(symbol);
  }

  onQuotes(view: PriceView, handler: (quotes: readonly Quote[]) => void): () => void {
    this.handlers[view].add(handler);
    return () => this.handlers[view].delete(handler);
  }

  retain(owner: string, symbols: readonly string[]): void {
    const set = this.retained.get(owner) ?? new Set<string>();
    for (const symbol of symbols) set.add(symbol);
    this.retained.set(owner, set);
  }

  release(owner: string, symbols?: readonly string[]): void {
    if (!symbols) {
      this.retained.delete(owner);
      return;
    }
    for (const symbol of symbols) this.retained.get(owner)?.delete(symbol);
  }

  /** Sets a price in one view (default both) and notifies that view's subscribers. */
  push(symbol: string, price: number, views: readonly PriceView[] = ['live', 'practice']): void {
    this.ts += 1;
    for (const view of views) {
      const previous = this.quotes[view].get(symbol);
      const close = previous?.close ?? price;
      const quote: Quote = {
        symbol,
        lastPrice: price,
        netChange: price - close,
        open: previous?.open ?? price,
        high: Math.max(previous?.high ?? price, price),
        low: Math.min(previous?.low ?? price, price),
        close,
        ts: this.ts,
      };
      this.quotes[view].set(symbol, quote);
      for (const handler of this.handlers[view]) handler([quote]);
    }
  }
}
