import type { PriceFeed, RawTick } from './contract';
import { PriceHistory } from './price-history';

/**
 * A feed driven by hand (tests, scripted demos): `emit` hands a batch to the handlers, as a live feed would.
 * It records what it was asked to subscribe, and emits only while started. `recordPast` gives it a history of
 * prices it never emitted, as a live source knows prices of contracts nobody subscribed.
 */
export class ManualFeed implements PriceFeed {
  readonly name = 'manual';
  readonly subscribed = new Set<string>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private running = false;
  private readonly history = new PriceHistory(Number.POSITIVE_INFINITY);

  async start(): Promise<void> {
    this.running = true;
  }

  async stop(): Promise<void> {
    this.running = false;
  }

  subscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.subscribed.add(symbol);
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.subscribed.delete(symbol);
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Remembers that `symbol` traded at `price` at `ts` (in time order per symbol), without emitting it. */
  recordPast(symbol: string, price: number, ts: number): void {
    this.history.record(symbol, price, ts);
  }

  priceAsOf(symbol: string, at: number): RawTick | undefined {
    const past = this.history.at(symbol, at);
    return past ? { symbol, price: past.price, ts: past.ts } : undefined;
  }

  /** One batch of ticks (prices as given); `ts` defaults to `now`. */
  emit(prices: Record<string, number>, now: number, close?: number): void {
    if (!this.running) return;
    const ticks: RawTick[] = Object.entries(prices).map(([symbol, price]) => ({
      symbol,
      price,
      ts: now,
      ...(close === undefined ? {} : { close }),
    }));
    for (const handler of this.handlers) handler(ticks);
  }
}
