import type { PriceSourceId, PriceView, Quote } from '../../market/contract';
import type { OrderContext } from '../context/context';
import { sourceOfOrder } from '../context/order-prices';
import type { OrderRecord } from '../model/record';

// The orders a server-side workflow follows on prices (local trailing, the exit chaser): each order is watched on
// its user's own source and view (docs/market-data.md), its symbol retained there, and indexed by view, source and
// symbol, so a quote batch of a source nobody watches costs one lookup and a quote reaches only its own orders.

export interface WatchedOrder {
  userId: string;
  source: PriceSourceId;
  view: PriceView;
  symbol: string;
}

export interface QuoteWatch {
  watch(order: OrderRecord): void;
  forget(orderId: string): void;
  /** Forgets every order of the user (another instance runs their engine now). */
  forgetUser(userId: string): void;
  entry(orderId: string): WatchedOrder | undefined;
  /** Listens to both views' quotes. */
  start(): void;
  /** Stops listening and forgets everything. */
  stop(): void;
  readonly size: number;
}

export function createQuoteWatch(
  ctx: OrderContext,
  options: {
    /** The owner name its symbol is retained under (`trail:<id>`, `chase:<id>`). */
    ownerOf(orderId: string): string;
    /** A quote of a watched order's symbol on its source and view. */
    onQuote(orderId: string, entry: WatchedOrder, quote: Quote): void;
    /** Called as an order is forgotten (its own per-order state goes with it). */
    onForget?(orderId: string): void;
  },
): QuoteWatch {
  const watched = new Map<string, WatchedOrder>();
  const book: Record<PriceView, Map<PriceSourceId, Map<string, Set<string>>>> = {
    live: new Map(),
    practice: new Map(),
  };
  const unsubscribes: Array<() => void> = [];

  const forget = (orderId: string) => {
    const entry = watched.get(orderId);
    if (!entry) return;
    watched.delete(orderId);
    options.onForget?.(orderId);
    const bySymbol = book[entry.view].get(entry.source);
    const ids = bySymbol?.get(entry.symbol);
    ids?.delete(orderId);
    if (ids?.size === 0) bySymbol?.delete(entry.symbol);
    if (bySymbol?.size === 0) book[entry.view].delete(entry.source);
    ctx.prices.release(entry.source, options.ownerOf(orderId));
  };

  const onQuotes = (view: PriceView) => (source: PriceSourceId, quotes: readonly Quote[]) => {
    const bySymbol = book[view].get(source);
    if (!bySymbol) return;
    for (const quote of quotes) {
      const ids = bySymbol.get(quote.symbol);
      if (!ids) continue;
      for (const orderId of ids) {
        const entry = watched.get(orderId);
        if (entry) options.onQuote(orderId, entry, quote);
      }
    }
  };

  return {
    watch(order) {
      if (watched.has(order.id)) return;
      const entry: WatchedOrder = {
        userId: order.userId,
        source: sourceOfOrder(ctx, order),
        view: order.priceView,
        symbol: order.tradingSymbol,
      };
      watched.set(order.id, entry);
      const bySymbol = book[entry.view].get(entry.source) ?? new Map<string, Set<string>>();
      book[entry.view].set(entry.source, bySymbol);
      const ids = bySymbol.get(entry.symbol) ?? new Set<string>();
      ids.add(order.id);
      bySymbol.set(entry.symbol, ids);
      ctx.prices.retain(entry.source, options.ownerOf(order.id), [entry.symbol]);
    },
    forget,
    forgetUser(userId) {
      for (const [orderId, entry] of [...watched]) if (entry.userId === userId) forget(orderId);
    },
    entry: (orderId) => watched.get(orderId),
    start() {
      unsubscribes.push(ctx.prices.onQuotes('live', onQuotes('live')));
      unsubscribes.push(ctx.prices.onQuotes('practice', onQuotes('practice')));
    },
    stop() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const orderId of [...watched.keys()]) forget(orderId);
    },
    get size() {
      return watched.size;
    },
  };
}
