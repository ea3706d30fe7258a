import type { MarketDepth } from '@xtrader/core/market/depth';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type { MarketData, PriceFeed, PriceView, Quote, RawTick, SymbolInterest } from './contract';
import { DelayLine } from './delay-line';
import { isHoldingOwner } from './holding-owners';
import { QuoteBook } from './quote-book';

type QuotesHandler = (quotes: readonly Quote[]) => void;

/** The market-data service: the `MarketData` contract plus what the composition root and dev hook need. */
export interface MarketDataService extends MarketData {
  readonly feed: PriceFeed;
  /** Starts the feed and the delay line. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Test hook (never in production): pins `symbol` at `price` in both views at once, ignoring the feed's prices
   * (and the delay) for it until released with `null`; the feed's ticks of it keep it fresh at that price.
   */
  forcePrice(symbol: string, price: number | null): void;
  /** Symbols some owner retains (diagnostics, tests). */
  retainedSymbols(): string[];
}

/** One view's cache, subscribers and the reusable batch of changed quotes. */
class ViewChannel {
  readonly book: QuoteBook;
  // Replaced, never mutated, so a handler may unsubscribe while a batch is being published.
  private handlers: readonly QuotesHandler[] = [];
  private readonly changed: Quote[] = [];

  constructor(directory: InstrumentDirectory | undefined) {
    this.book = new QuoteBook(directory);
  }

  add(handler: QuotesHandler): () => void {
    this.handlers = [...this.handlers, handler];
    return () => {
      this.handlers = this.handlers.filter((h) => h !== handler);
    };
  }

  /** Cache first, then publish: handlers that read the cache see the price they were given. */
  collect(symbol: string, price: number, ts: number, close: number | undefined, depth?: MarketDepth): void {
    this.changed.push(this.book.apply(symbol, price, ts, close, depth));
  }

  /** Each handler runs on its own: one that throws is logged and the others still get the batch. */
  publish(onError: (error: unknown) => void): void {
    if (this.changed.length === 0) return;
    for (const handler of this.handlers) {
      try {
        handler(this.changed);
      } catch (error) {
        onError(error);
      }
    }
    this.changed.length = 0;
  }
}

/**
 * Feed -> live cache -> live subscribers, and feed -> delay line -> practice cache -> practice subscribers.
 * Practice Mode users (and the paper broker's fills) read the `practice` view, every price `practiceDelayMs` late;
 * a contract first retained starts in that view from the feed's price of `practiceDelayMs` ago, when it has one.
 */
export function createMarketData(
  resources: Pick<Resources, 'config' | 'clock' | 'logger'>,
  feed: PriceFeed,
  directory?: InstrumentDirectory,
): MarketDataService {
  const { clock, logger } = resources;
  const delay = new DelayLine(resources.config.market.practiceDelayMs);
  const views: Record<PriceView, ViewChannel> = {
    live: new ViewChannel(directory),
    practice: new ViewChannel(directory),
  };
  const pinned = new Map<string, number>();
  const owners = new Map<string, Set<string>>();
  const refCounts = new Map<string, number>();
  /** Per symbol, how many of its owners are holdings (orders, positions); kept only for a feed that asks. */
  const heldCounts = new Map<string, number>();
  let drainTimer: NodeJS.Timeout | undefined;
  let drainAt = Number.POSITIVE_INFINITY;
  let unsubscribeFeed: (() => void) | undefined;

  const drainDue = () => {
    drainTimer = undefined;
    drainAt = Number.POSITIVE_INFINITY;
    delay.drain(clock.now(), (symbol, price, ts, close, depth) => {
      if (!pinned.has(symbol)) views.practice.collect(symbol, price, ts, close, depth);
    });
    safePublish(views.practice);
    scheduleDrain();
  };

  /** One timer, armed for the oldest waiting tick. */
  const scheduleDrain = () => {
    const due = delay.nextDue();
    if (due === undefined || due >= drainAt) return;
    if (drainTimer) clearTimeout(drainTimer);
    drainAt = due;
    drainTimer = setTimeout(drainDue, Math.max(0, due - clock.now()));
    drainTimer.unref();
  };

  const logFailure = (error: unknown) => logger.error({ err: error }, 'quote handler failed');
  const safePublish = (view: ViewChannel) => view.publish(logFailure);

  const onTicks = (ticks: readonly RawTick[]) => {
    const seenAt = clock.now();
    let pinnedTicked = false;
    for (const tick of ticks) {
      const pin = pinned.get(tick.symbol);
      if (pin !== undefined) {
        // A pinned symbol stays at its price but keeps the feed's pace in both views, so it is never stale.
        views.live.collect(tick.symbol, pin, tick.ts, undefined);
        views.practice.collect(tick.symbol, pin, tick.ts, undefined);
        pinnedTicked = true;
        continue;
      }
      views.live.collect(tick.symbol, tick.price, tick.ts, tick.close, tick.depth);
      if (delay.delayMs === 0)
        views.practice.collect(tick.symbol, tick.price, tick.ts, tick.close, tick.depth);
      else delay.push(tick.symbol, tick.price, tick.ts, tick.close, seenAt, tick.depth);
    }
    safePublish(views.live);
    if (delay.delayMs === 0 || pinnedTicked) safePublish(views.practice);
    if (delay.delayMs > 0) scheduleDrain();
  };

  /**
   * A contract nobody watched has no delayed price until its first tick falls due. Where the feed remembers what
   * it cost `delayMs` ago, the practice cache starts from that price at once (a cached price at least as recent
   * wins). It is cached, not published: nobody else watches the contract, and whoever retains it reads the cache
   * right away (the gateway's snapshot, the paper exchange's fill on arrival) without being re-entered.
   */
  const primeFromHistory = (symbols: readonly string[]) => {
    if (delay.delayMs === 0 || !feed.priceAsOf) return;
    const asOf = clock.now() - delay.delayMs;
    for (const symbol of symbols) {
      if (pinned.has(symbol)) continue;
      const cached = views.practice.book.get(symbol);
      if (cached && cached.ts >= asOf) continue;
      const past = feed.priceAsOf(symbol, asOf);
      if (!past || (cached && past.ts <= cached.ts)) continue;
      views.practice.book.apply(symbol, past.price, past.ts, past.close, past.depth);
    }
  };

  const changeRefs = (symbols: Iterable<string>, step: 1 | -1): string[] => {
    const edges: string[] = [];
    for (const symbol of symbols) {
      const count = (refCounts.get(symbol) ?? 0) + step;
      if (count <= 0) refCounts.delete(symbol);
      else refCounts.set(symbol, count);
      if ((step === 1 && count === 1) || (step === -1 && count === 0)) edges.push(symbol);
    }
    return edges;
  };

  /** Tells a feed with a symbol limit how much `symbols` (just retained or released by `owner`) are wanted now. */
  const tellInterest = (owner: string, symbols: readonly string[], step: 1 | -1) => {
    if (!feed.interest || symbols.length === 0) return;
    const holding = isHoldingOwner(owner);
    const interest: SymbolInterest[] = [];
    for (const symbol of symbols) {
      if (holding) {
        const held = (heldCounts.get(symbol) ?? 0) + step;
        if (held <= 0) heldCounts.delete(symbol);
        else heldCounts.set(symbol, held);
      }
      const readers = refCounts.get(symbol) ?? 0;
      if (readers > 0) interest.push({ symbol, readers, held: heldCounts.has(symbol) });
    }
    if (interest.length > 0) feed.interest(interest);
  };

  return {
    feed,
    getQuote: (symbol, view) => views[view].book.get(symbol),
    onQuotes: (view, handler) => views[view].add(handler),

    retain(owner, symbols) {
      let held = owners.get(owner);
      if (!held) {
        held = new Set();
        owners.set(owner, held);
      }
      const added = symbols.filter((symbol) => !held.has(symbol) && held.add(symbol));
      const fresh = changeRefs(added, 1);
      tellInterest(owner, added, 1);
      if (fresh.length === 0) return;
      primeFromHistory(fresh);
      feed.subscribe(fresh);
    },

    release(owner, symbols) {
      const held = owners.get(owner);
      if (!held) return;
      const dropped = symbols ? symbols.filter((symbol) => held.delete(symbol)) : [...held];
      if (!symbols || held.size === 0) owners.delete(owner);
      const gone = changeRefs(dropped, -1);
      tellInterest(owner, dropped, -1);
      if (gone.length > 0) feed.unsubscribe(gone);
    },

    retainedSymbols: () => [...refCounts.keys()],

    forcePrice(symbol, price) {
      if (price === null) {
        pinned.delete(symbol);
        return;
      }
      pinned.set(symbol, price);
      const now = clock.now();
      for (const view of Object.values(views)) {
        view.collect(symbol, price, now, undefined);
        safePublish(view);
      }
    },

    async start() {
      unsubscribeFeed ??= feed.onTicks(onTicks);
      await feed.start();
    },

    async stop() {
      unsubscribeFeed?.();
      unsubscribeFeed = undefined;
      if (drainTimer) clearTimeout(drainTimer);
      drainTimer = undefined;
      await feed.stop();
    },
  };
}
