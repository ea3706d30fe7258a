import { INDEX_TABLE, type IndexName } from '@xtrader/core/market/indices';
import type { InstrumentDirectory } from '../../../instruments/contract';
import type { PriceFeed, RawTick } from '../../../market/contract';
import type { KiteTick } from './packets';

// The server's price feed: the configured feed (simulator or replay) until a Zerodha session can stream real
// prices, then KiteTicker for every symbol it knows a token for. Switching source is per symbol: a symbol Kite has
// no token for keeps ticking from the fallback. When the Kite source goes away (token expired, closed), the
// fallback's ticks flow again.

/** The ticker of the Zerodha account that currently provides market data. */
export interface TickSource {
  readonly connected: boolean;
  subscribe(tokens: readonly number[]): void;
  unsubscribe(tokens: readonly number[]): void;
}

const INDEX_TOKENS = new Map<string, number>(
  (Object.keys(INDEX_TABLE) as IndexName[]).map((name) => [
    INDEX_TABLE[name].displayName,
    INDEX_TABLE[name].underlyingToken,
  ]),
);

export class LivePriceFeed implements PriceFeed {
  readonly name = 'live';
  private readonly symbols = new Set<string>();
  private readonly symbolOfToken = new Map<number, string>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private source: TickSource | undefined;
  private stopFallback: (() => void) | undefined;

  constructor(
    private readonly fallback: PriceFeed,
    private readonly directory: InstrumentDirectory,
    private readonly now: () => number,
  ) {}

  async start(): Promise<void> {
    this.stopFallback = this.fallback.onTicks((ticks) => this.fromFallback(ticks));
    await this.fallback.start();
  }

  async stop(): Promise<void> {
    this.stopFallback?.();
    await this.fallback.stop();
  }

  subscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.symbols.add(symbol);
    this.fallback.subscribe(symbols);
    this.source?.subscribe(this.tokensOf(symbols));
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.symbols.delete(symbol);
    this.fallback.unsubscribe(symbols);
    this.source?.unsubscribe(this.tokensOf(symbols));
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Makes `source` the market-data ticker (undefined: back to the fallback only). */
  useSource(source: TickSource | undefined): void {
    if (this.source === source) return;
    this.source?.unsubscribe([...this.symbolOfToken.keys()]);
    this.source = source;
    source?.subscribe(this.tokensOf([...this.symbols]));
  }

  /** Whether ticks come from Kite now. */
  get live(): boolean {
    return this.source?.connected === true;
  }

  /** Ticks from the market-data ticker. */
  kiteTicks(ticks: readonly KiteTick[]): void {
    const raw: RawTick[] = [];
    for (const tick of ticks) {
      const symbol = this.symbolOfToken.get(tick.token);
      if (!symbol || !(tick.lastPrice > 0)) continue;
      raw.push({
        symbol,
        price: tick.lastPrice,
        ts: tick.exchangeTime ?? this.now(),
        ...(tick.close !== undefined && tick.close > 0 ? { close: tick.close } : {}),
      });
    }
    this.emit(raw);
  }

  private fromFallback(ticks: readonly RawTick[]) {
    if (!this.live) return this.emit(ticks);
    this.emit(ticks.filter((tick) => this.tokenOf(tick.symbol) === undefined));
  }

  private emit(ticks: readonly RawTick[]) {
    if (ticks.length === 0) return;
    for (const handler of this.handlers) handler(ticks);
  }

  private tokenOf(symbol: string): number | undefined {
    const token = this.directory.bySymbol(symbol)?.internalToken;
    const parsed = token !== undefined ? Number(token) : INDEX_TOKENS.get(symbol);
    return parsed !== undefined && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
  }

  private tokensOf(symbols: readonly string[]): number[] {
    const tokens: number[] = [];
    for (const symbol of symbols) {
      const token = this.tokenOf(symbol);
      if (token === undefined) continue;
      this.symbolOfToken.set(token, symbol);
      tokens.push(token);
    }
    return tokens;
  }
}
