import type { MarketDepth } from '@xtrader/core/market/depth';
import { INDEX_TABLE, type IndexName } from '@xtrader/core/market/indices';
import type { InstrumentDirectory } from '../../../instruments/contract';
import type { PriceFeed, RawTick } from '../../../market/contract';
import type { KiteTick, TickMode } from './packets';

// One Zerodha user's own prices: that user's KiteTicker, for every symbol it knows a token for. Its ticks go to
// that user's price source only (docs/market-data.md): a broker's real-time data is licensed to its own client,
// so it never feeds anyone else and never mixes with the simulator.

/** The user's ticker (the same connection carries their order updates). */
export interface TickSource {
  readonly connected: boolean;
  subscribe(tokens: readonly number[], mode?: TickMode): void;
  unsubscribe(tokens: readonly number[]): void;
}

const INDEX_TOKENS = new Map<string, number>(
  (Object.keys(INDEX_TABLE) as IndexName[]).map((name) => [
    INDEX_TABLE[name].displayName,
    INDEX_TABLE[name].underlyingToken,
  ]),
);

/**
 * Full mode: the quote plus five levels of depth each side (184 bytes a tick instead of 44), so the user's
 * quotes carry bid, ask and the book. Indices answer full mode with their 32-byte index packet.
 */
const MODE: TickMode = 'full';

/** Kite sends all five levels, empty ones as zeros: keep the levels that hold something. */
const bookOf = (depth: NonNullable<KiteTick['depth']>): MarketDepth => ({
  buy: depth.buy.filter((level) => level.quantity > 0 && level.price > 0),
  sell: depth.sell.filter((level) => level.quantity > 0 && level.price > 0),
});

export class KiteUserFeed implements PriceFeed {
  readonly name: string;
  private readonly symbols = new Set<string>();
  private readonly symbolOfToken = new Map<number, string>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private source: TickSource | undefined;

  constructor(
    readonly userId: string,
    private readonly directory: InstrumentDirectory,
    private readonly now: () => number,
  ) {
    this.name = `zerodha:${userId}`;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  subscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.symbols.add(symbol);
    this.source?.subscribe(this.tokensOf(symbols), MODE);
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.symbols.delete(symbol);
    this.source?.unsubscribe(this.tokensOf(symbols));
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** The user's current ticker (a new one after a fresh login; undefined once closed). */
  useSource(source: TickSource | undefined): void {
    if (this.source === source) return;
    this.source?.unsubscribe([...this.symbolOfToken.keys()]);
    this.source = source;
    source?.subscribe(this.tokensOf([...this.symbols]), MODE);
  }

  /** Whether the ticker streams now. */
  get live(): boolean {
    return this.source?.connected === true;
  }

  /** Ticks from the user's ticker. */
  kiteTicks(ticks: readonly KiteTick[]): void {
    const raw: RawTick[] = [];
    for (const tick of ticks) {
      const symbol = this.symbolOfToken.get(tick.token);
      if (!symbol || !(tick.lastPrice > 0)) continue;
      raw.push({
        symbol,
        price: tick.lastPrice,
        // A zero exchange time (full-mode packets before the first trade of the day) means none.
        ts: tick.exchangeTime !== undefined && tick.exchangeTime > 0 ? tick.exchangeTime : this.now(),
        ...(tick.close !== undefined && tick.close > 0 ? { close: tick.close } : {}),
        ...(tick.depth ? { depth: bookOf(tick.depth) } : {}),
      });
    }
    if (raw.length === 0) return;
    for (const handler of this.handlers) handler(raw);
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
