import type { MarketData, PriceView, Quote } from '../../market/contract';

/** A quote cache driven by hand: `tick` updates the view's cache, then calls its subscribers (cache, then publish). */
export class FakeMarket implements MarketData {
  private readonly quotes: Record<PriceView, Map<string, Quote>> = { live: new Map(), practice: new Map() };
  private readonly handlers: Record<PriceView, Set<(quotes: readonly Quote[]) => void>> = {
    live: new Set(),
    practice: new Set(),
  };
  readonly retained = new Map<string, Set<string>>();

  tick(view: PriceView, prices: Record<string, number>, ts = 0): void {
    const batch = Object.entries(prices).map(([symbol, lastPrice]) => {
      const quote: Quote = { symbol, lastPrice, netChange: 0, open: 0, high: 0, low: 0, close: 0, ts };
      this.quotes[view].set(symbol, quote);
      return quote;
    });
    for (const handler of this.handlers[view]) handler(batch);
  }

  getQuote(symbol: string, view: PriceView): Quote | undefined {
    return this.quotes[view].get(symbol);
  }

  onQuotes(view: PriceView, handler: (quotes: readonly Quote[]) => void): () => void {
    this.handlers[view].add(handler);
    return () => this.handlers[view].delete(handler);
  }

  retain(owner: string, symbols: readonly string[]): void {
    const held = this.retained.get(owner) ?? new Set();
    for (const symbol of symbols) held.add(symbol);
    this.retained.set(owner, held);
  }

  release(owner: string, symbols?: readonly string[]): void {
    if (!symbols) this.retained.delete(owner);
    else for (const symbol of symbols) this.retained.get(owner)?.delete(symbol);
  }

  get subscriberCount(): number {
    return this.handlers.live.size + this.handlers.practice.size;
  }
}
