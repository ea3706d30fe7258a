/**
 * What other modules may rely on from the market-data module. The order engine, the paper broker, the trailing and
 * profit-protection monitors and the WebSocket gateway code against these interfaces only.
 */

/** Which clock a reader lives on: real time, or Practice Mode's 5-second delay line. */
export const PRICE_VIEWS = ['live', 'practice'] as const;
export type PriceView = (typeof PRICE_VIEWS)[number];

/** Latest known state of one symbol (trading symbol, or an index display name such as `NIFTY 50`). */
export interface Quote {
  symbol: string;
  /** Last traded price, on the 0.05 tick grid for tradables. */
  lastPrice: number;
  /** lastPrice minus previous close. */
  netChange: number;
  open: number;
  high: number;
  low: number;
  /** Previous session's close. */
  close: number;
  /** Options only: implied volatility (annualised, e.g. 0.14) and Black-Scholes delta of the option. */
  iv?: number;
  delta?: number;
  /** When the price happened at the source (epoch ms). */
  ts: number;
}

/** A source of raw prices: simulator, replay file, or a broker ticker. */
export interface PriceFeed {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Ask the feed to produce prices for these symbols (idempotent). */
  subscribe(symbols: readonly string[]): void;
  unsubscribe(symbols: readonly string[]): void;
  /** Batches of raw ticks; returns an unsubscribe function. */
  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void;
  /**
   * The price `symbol` had at `at` (epoch ms, the recent past), subscribed then or not; undefined when the feed
   * cannot tell. The delayed Practice Mode view shows a contract nobody was watching at once with it.
   */
  priceAsOf?(symbol: string, at: number): RawTick | undefined;
}

export interface RawTick {
  symbol: string;
  price: number;
  ts: number;
  /** Previous session's close, when the source knows it (else the cache uses the first price of the session). */
  close?: number;
}

/** The quote cache plus the Practice Mode delay line, owned by the market module. */
export interface MarketData {
  /** Latest quote in the given view, or undefined if the symbol never ticked in that view. */
  getQuote(symbol: string, view: PriceView): Quote | undefined;
  /**
   * Called after the cache for that view has been updated (cache, then publish), with every quote that changed in
   * one batch. Handlers must be fast: they run on the tick path. Returns an unsubscribe function.
   */
  onQuotes(view: PriceView, handler: (quotes: readonly Quote[]) => void): () => void;
  /** Keep these symbols ticking on behalf of `owner` (a socket, a resting order, a held position). Ref-counted. */
  retain(owner: string, symbols: readonly string[]): void;
  /** Drop `owner`'s interest in these symbols, or in all of them when `symbols` is omitted. */
  release(owner: string, symbols?: readonly string[]): void;
}

/** Which view a user's prices come from: `practice` while their active broker is PAPERTRADE, else `live`. */
export type ViewOfUser = (userId: string) => Promise<PriceView>;
