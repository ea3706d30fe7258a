import type { MarketData, PriceView, Quote } from '../../src/modules/market/contract';

type QuotesHandler = (quotes: readonly Quote[]) => void;

/**
 * An in-memory MarketData for tests: a scripted price source. `push` updates the cache of a view and then calls
 * its handlers (cache, then publish), like the real quote cache; `retained` shows which owners keep which symbols.
 */
export class FakeMarketData implements MarketData {
  private readonly cache: Record<PriceView, Map<string, Quote>> = { live: new Map(), practice: new Map() };
  private readonly handlers: Record<PriceView, Set<QuotesHandler>> = { live: new Set(), practice: new Set() };
  readonly retained = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  getQuote(symbol: string, view: PriceView): Quote | undefined {
    return this.cache[view].get(symbol);
  }

  onQuotes(view: PriceView, handler: QuotesHandler): () => void {
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
    const set = this.retained.get(owner);
    for (const symbol of symbols) set?.delete(symbol);
    if (set?.size === 0) this.retained.delete(owner);
  }

  /** Every symbol some owner keeps ticking. */
  retainedSymbols(): Set<string> {
    return new Set([...this.retained.values()].flatMap((set) => [...set]));
  }

  /** Sets prices without publishing them (a quote that was already in the cache). */
  set(view: PriceView, prices: Record<string, number>, extra: Partial<Quote> = {}): Quote[] {
    return Object.entries(prices).map(([symbol, price]) => {
      const previous = this.cache[view].get(symbol);
      const quote: Quote = {
        symbol,
        lastPrice: price,
        netChange: previous ? price - previous.close : 0,
        open: previous?.open ?? price,
        high: Math.max(previous?.high ?? price, price),
        low: Math.min(previous?.low ?? price, price),
        close: previous?.close ?? price,
        ts: this.now(),
        ...extra,
      };
      this.cache[view].set(symbol, quote);
      return quote;
    });
  }

  /** Updates the cache, then hands the batch to the view's handlers. */
  push(view: PriceView, prices: Record<string, number>, extra: Partial<Quote> = {}): void {
    const quotes = this.set(view, prices, extra);
    for (const handler of this.handlers[view]) handler(quotes);
  }
}
