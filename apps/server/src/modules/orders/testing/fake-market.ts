import { FakeMarketData } from '../../../../test/helpers/fake-market-data';
import type { MarketData, PriceView, Quote } from '../../market/contract';

/**
 * The order-engine tests' scripted price source: the shared FakeMarketData behind a `push` of one symbol to one or
 * both views, stamped with a counter that rises once per push.
 */
export class FakeMarket implements MarketData {
  private ts = 0;
  private readonly data = new FakeMarketData(() => this.ts);
  readonly retained = this.data.retained;

  getQuote(symbol: string, view: PriceView): Quote | undefined {
    return this.data.getQuote(symbol, view);
  }

  onQuotes(view: PriceView, handler: (quotes: readonly Quote[]) => void): () => void {
    return this.data.onQuotes(view, handler);
  }

  retain(owner: string, symbols: readonly string[]): void {
    this.data.retain(owner, symbols);
  }

  release(owner: string, symbols?: readonly string[]): void {
    this.data.release(owner, symbols);
  }

  /** Sets a price in one view (default both) and notifies that view's subscribers. */
  push(
    symbol: string,
    price: number,
    views: readonly PriceView[] = ['live', 'practice'],
    /** More of the quote (best bid and ask). */
    extra: Partial<Quote> = {},
  ): void {
    this.ts += 1;
    for (const view of views) this.data.push(view, { [symbol]: price }, extra);
  }
}
