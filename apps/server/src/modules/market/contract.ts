import type { MarketDepth } from '@xtrader/core/market/depth';

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
  /**
   * Best bid and offer and the visible book (five levels each side), when the source gives depth (the simulator,
   * a broker stream in full mode); absent for indices and for sources without depth (old recordings).
   */
  bid?: number;
  ask?: number;
  depth?: MarketDepth;
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
  /**
   * Continue from these last prices (symbol -> price) instead of the feed's own starting point: an instance taking
   * over the cluster's price stream resumes where the previous leader stopped, so prices do not jump.
   */
  resumeFrom?(lastPrices: ReadonlyMap<string, number>): void;
  /** Drain: stop running the stream for the cluster and let another instance take it at once. */
  handOver?(): Promise<void>;
  /**
   * How much each of these subscribed symbols is wanted now, for a feed with a symbol limit (it keeps the most
   * wanted): called as readers come and go, before `subscribe` for a new symbol.
   */
  interest?(symbols: readonly SymbolInterest[]): void;
}

/** How much a subscribed symbol is wanted: its readers, and whether an open position or order holds it. */
export interface SymbolInterest {
  symbol: string;
  readers: number;
  held: boolean;
}

/**
 * A licensed market-data vendor's feed run by the operator (XT_PLATFORM_FEED_*): the operator's licence lets it
 * serve every user, so it is the shared source's feed instead of the simulator. Its connection is its health.
 */
export interface PlatformFeed extends PriceFeed {
  /** The vendor's name for the trader (`TrueData`). */
  readonly vendor: string;
  readonly state: BrokerStreamState;
  onState(handler: (state: BrokerStreamState) => void): () => void;
}

export const isPlatformFeed = (feed: PriceFeed): feed is PlatformFeed =>
  typeof (feed as Partial<PlatformFeed>).vendor === 'string';

export interface RawTick {
  symbol: string;
  price: number;
  ts: number;
  /** Previous session's close, when the source knows it (else the cache uses the first price of the session). */
  close?: number;
  /** The book at that moment, when the source has it. A new object per tick: readers may keep it. */
  depth?: MarketDepth;
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

/** A reason not to act on a price: it is stale (docs/market-data.md). */
export interface PriceHold {
  reason: 'stale';
  /** What the trader reads ("Paused: prices are stale, last tick 12 s ago"). */
  message: string;
}

/**
 * Every source's prices, for server-side automation that acts for users of different sources (local trailing, held
 * stops, trailing by modification, profit protection): each read names its source, so a Zerodha user's stops
 * follow their own ticker and a simulator user's the simulator. One subscription per source; quote batches arrive
 * tagged with the source they came from.
 */
export interface SourcedPrices {
  /** The source that prices `userId`'s orders at `brokerId` (their own stream of that broker, else `sim`). */
  sourceOf(userId: string, brokerId: string | null): PriceSourceId;
  getQuote(source: PriceSourceId, symbol: string, view: PriceView): Quote | undefined;
  /** Quote batches of every source (those opened later too), each with its source id. Returns an unsubscribe. */
  onQuotes(view: PriceView, handler: (source: PriceSourceId, quotes: readonly Quote[]) => void): () => void;
  /** Keep these symbols ticking in that source for `owner`; kept across the source's reopening. Ref-counted. */
  retain(source: PriceSourceId, owner: string, symbols: readonly string[]): void;
  release(source: PriceSourceId, owner: string, symbols?: readonly string[]): void;
  /** Why automation must not act on this source's price of `symbol` now (stale); null when it may. */
  holdOf(source: PriceSourceId, symbol: string, view: PriceView): PriceHold | null;
}

/** Where a user's server-side automation reads prices: their source and view (from their active broker). */
export interface UserPrices {
  source: PriceSourceId;
  view: PriceView;
}

/** Which view a user's prices come from: `practice` while their active broker is PAPERTRADE, else `live`. */
export type ViewOfUser = (userId: string) => Promise<PriceView>;

/**
 * Where a user's prices come from: `sim`, the shared source (one source for everyone without a stream of their own:
 * the platform feed when one is configured, else the configured simulator or replay), or `<broker>:<userId>`, that user's own broker stream. One user's broker data
 * never reaches another user (docs/market-data.md).
 */
export type PriceSourceId = 'sim' | `${string}:${string}`;

/** A broker stream's connection: `ended` once the broker session is gone (token expired, logged out). */
export type BrokerStreamState = 'connecting' | 'connected' | 'disconnected' | 'ended';

/** One user's own broker price stream, as the broker that runs it announces it to the market module. */
export interface BrokerPriceStream {
  userId: string;
  /** Active-broker id of the broker (e.g. ZERODHA): the stream serves the user while it is their broker. */
  brokerId: string;
  /** Lower-case key for the source id (`zerodha` -> `zerodha:<userId>`). */
  key: string;
  /** Ticks of this user's subscriptions, from their own broker session only. */
  feed: PriceFeed;
  /** When the broker token stops working, when known. */
  tokenExpiresAt: number | null;
}

/** What a broker with a price stream tells the market module; the market module routes the ticks per user. */
export interface BrokerPriceStreams {
  /**
   * The broker streams its users' prices: a user trading at it live whose stream is not open (the session ended
   * before a restart) sees an ended source of their own, never the simulator.
   */
  declare(brokerId: string, key: string): void;
  /** The user's stream exists (again): their source starts (or keeps) serving them. Idempotent per feed. */
  open(stream: BrokerPriceStream): void;
  /** The stream's connection changed. */
  setState(userId: string, key: string, state: BrokerStreamState): void;
  /**
   * Clustered: the user's engine (and so their broker streams) moved to another instance. The streams this instance
   * ran for them stop, and their sockets here are served the new owner's stream over the bus (or an ended source).
   */
  handOver(userId: string): void;
}
