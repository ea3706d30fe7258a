import { toPaise } from '@xtrader/core/orders/price-rules';
import { isStopOrder, type PaperOrder } from './paper-order';

/**
 * The resting orders of the paper exchange, per symbol, kept sorted by the price that makes them act, so a tick
 * finds the orders it crosses with a binary search and touches only those (plus trailing stops, which move on
 * every favourable tick). Orders at one price keep arrival order.
 */

interface Entry {
  key: number;
  seq: number;
  order: PaperOrder;
}

/** Entries ascending by (key, seq). */
class SortedOrders {
  private readonly entries: Entry[] = [];

  get size(): number {
    return this.entries.length;
  }

  /** Index of the first entry whose (key, seq) is not below the given one. */
  private lowerBound(key: number, seq: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.entries[mid]!;
      if (e.key < key || (e.key === key && e.seq < seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(entry: Entry): void {
    this.entries.splice(this.lowerBound(entry.key, entry.seq), 0, entry);
  }

  remove(key: number, seq: number): void {
    const at = this.lowerBound(key, seq);
    if (this.entries[at]?.seq === seq) this.entries.splice(at, 1);
  }

  /** Orders with key <= limit, lowest first. */
  atOrBelow(limit: number): PaperOrder[] {
    const end = this.lowerBound(limit, Number.POSITIVE_INFINITY);
    return this.entries.slice(0, end).map((e) => e.order);
  }

  /** Orders with key >= limit, highest first. */
  atOrAbove(limit: number): PaperOrder[] {
    const start = this.lowerBound(limit, Number.NEGATIVE_INFINITY);
    return this.entries
      .slice(start)
      .reverse()
      .map((e) => e.order);
  }
}

type ListName = 'buyLimits' | 'sellLimits' | 'buyStops' | 'sellStops' | 'awaiting';

class SymbolBook {
  readonly buyLimits = new SortedOrders();
  readonly sellLimits = new SortedOrders();
  readonly buyStops = new SortedOrders();
  readonly sellStops = new SortedOrders();
  /** Market orders (and triggered stop-market orders) still to fill: waiting for a first quote or for more book. */
  readonly awaiting = new Map<string, PaperOrder>();
  /** Trigger-pending stop orders with broker trailing. */
  readonly trailing = new Map<string, PaperOrder>();

  get size(): number {
    return (
      this.buyLimits.size +
      this.sellLimits.size +
      this.buyStops.size +
      this.sellStops.size +
      this.awaiting.size
    );
  }
}

/** What a tick at one price has to look at. */
export interface DueOrders {
  /** Stop orders whose trigger the price reached. */
  triggered: PaperOrder[];
  /** Resting limit orders the price crossed. */
  crossed: PaperOrder[];
  /** Market orders still to fill (waiting for a first price, or the rest of a partial fill). */
  awaiting: PaperOrder[];
  /** Trailing stops not triggered by this price (they may move). */
  trailing: PaperOrder[];
}

interface Placement {
  list: ListName;
  key: number;
  seq: number;
}

export class OrderBook {
  private readonly books = new Map<string, SymbolBook>();
  private readonly placements = new Map<string, Placement>();
  private seq = 0;

  /** Number of resting orders on all symbols. */
  get size(): number {
    return this.placements.size;
  }

  has(orderId: string): boolean {
    return this.placements.has(orderId);
  }

  /** Whether any order rests on `symbol` (the tick path skips the others before building their book). */
  watches(symbol: string): boolean {
    return this.books.has(symbol);
  }

  symbols(): string[] {
    return [...this.books.keys()];
  }

  /** Files a resting order where its status and type say it waits; re-files it if it was already in. */
  add(order: PaperOrder): void {
    this.remove(order);
    const book = this.bookFor(order.tradingSymbol);
    const placement = { ...this.placementOf(order), seq: ++this.seq };
    this.placements.set(order.id, placement);
    if (placement.list === 'awaiting') book.awaiting.set(order.id, order);
    else book[placement.list].insert({ key: placement.key, seq: placement.seq, order });
    if (order.status === 'trigger_pending' && order.trailing) book.trailing.set(order.id, order);
  }

  remove(order: PaperOrder): void {
    const placement = this.placements.get(order.id);
    if (!placement) return;
    this.placements.delete(order.id);
    const book = this.books.get(order.tradingSymbol);
    if (!book) return;
    if (placement.list === 'awaiting') book.awaiting.delete(order.id);
    else book[placement.list].remove(placement.key, placement.seq);
    book.trailing.delete(order.id);
    if (book.size === 0) this.books.delete(order.tradingSymbol);
  }

  /**
   * The orders a tick on `symbol` acts on (copies: the caller may add and remove while iterating): stops whose
   * trigger the last price reached, buy limits at or above the ask and sell limits at or below the bid (the touch
   * defaults to the last price; an empty side crosses nothing).
   */
  due(
    symbol: string,
    ltp: number,
    touch: { bid: number | undefined; ask: number | undefined } = { bid: ltp, ask: ltp },
  ): DueOrders | undefined {
    const book = this.books.get(symbol);
    if (!book) return undefined;
    const ltpPaise = toPaise(ltp);
    const triggered = [...book.buyStops.atOrBelow(ltpPaise), ...book.sellStops.atOrAbove(ltpPaise)];
    const crossed = [
      ...(touch.ask === undefined ? [] : book.buyLimits.atOrAbove(toPaise(touch.ask))),
      ...(touch.bid === undefined ? [] : book.sellLimits.atOrBelow(toPaise(touch.bid))),
    ];
    const awaiting = [...book.awaiting.values()];
    const fired = new Set(triggered);
    const trailing = book.trailing.size === 0 ? [] : [...book.trailing.values()].filter((o) => !fired.has(o));
    return { triggered, crossed, awaiting, trailing };
  }

  private bookFor(symbol: string): SymbolBook {
    let book = this.books.get(symbol);
    if (!book) {
      book = new SymbolBook();
      this.books.set(symbol, book);
    }
    return book;
  }

  private placementOf(order: PaperOrder): Omit<Placement, 'seq'> {
    const buy = order.side === 'buy';
    if (order.status === 'trigger_pending' && isStopOrder(order.orderType)) {
      return { list: buy ? 'buyStops' : 'sellStops', key: toPaise(order.triggerPrice ?? 0) };
    }
    if (order.orderType === 'limit' || order.orderType === 'stoploss') {
      return { list: buy ? 'buyLimits' : 'sellLimits', key: toPaise(order.price ?? 0) };
    }
    return { list: 'awaiting', key: 0 };
  }
}
