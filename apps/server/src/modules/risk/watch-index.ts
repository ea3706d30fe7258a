import { countsForIntradayMtm, type FigurePosition, intradayMtm } from '@xtrader/core/pnl/figures';
import type { MtmPosition } from '@xtrader/core/pnl/pnl';
import type { BrokerPosition } from '../brokers/broker';
import type { PriceSourceId, PriceView, Quote } from '../market/contract';
import type { ProfitProtectionRecord } from './record';

/** One armed user as the tick path sees it: everything needed to compute MTM without I/O. */
export interface Watch {
  userId: string;
  record: ProfitProtectionRecord;
  /** The user's price source (their own broker stream, or the shared simulator) and view. */
  source: PriceSourceId;
  view: PriceView;
  /** Intraday positions (flat ones too: their realised P&L is part of the day's MTM). */
  positions: WatchedPosition[];
  /** Symbols of the open intraday positions: the ticks that can move this user's MTM. */
  symbols: string[];
  /** False until the first position load; a watch is evaluated only once loaded. */
  loaded: boolean;
  /** Set once a trigger is being claimed: no further evaluation. */
  firing: boolean;
  /** A trigger was reached while the user was logged out: no firing before this time (epoch ms). */
  loggedOutUntil?: number;
}

/** A position as core's intraday MTM needs it. */
export type WatchedPosition = MtmPosition & Pick<FigurePosition, 'productType'>;

const asFigurePosition = (p: BrokerPosition): WatchedPosition => ({
  tradingSymbol: p.tradingSymbol,
  productType: p.product,
  buyValue: p.buyValue,
  sellValue: p.sellValue,
  quantity: p.quantity,
  lastTradedPrice: p.lastTradedPrice,
});

/** The positions of a broker snapshot that core's intraday MTM counts (closed ones too), as it needs them. */
export const intradayPositions = (positions: readonly BrokerPosition[]): WatchedPosition[] =>
  positions.map(asFigurePosition).filter(countsForIntradayMtm);

export const openSymbols = (positions: readonly MtmPosition[]): string[] => [
  ...new Set(positions.filter((p) => p.quantity !== 0).map((p) => p.tradingSymbol)),
];

/** Per source and view: a map of symbol to what is kept for it. */
class BySourceView<T> {
  private readonly maps: Record<PriceView, Map<PriceSourceId, Map<string, T>>> = {
    live: new Map(),
    practice: new Map(),
  };

  get(source: PriceSourceId, view: PriceView): Map<string, T> | undefined {
    return this.maps[view].get(source);
  }

  open(source: PriceSourceId, view: PriceView): Map<string, T> {
    let map = this.maps[view].get(source);
    if (!map) {
      map = new Map();
      this.maps[view].set(source, map);
    }
    return map;
  }

  /** Drops the map of a source and view once empty. */
  tidy(source: PriceSourceId, view: PriceView): void {
    if (this.maps[view].get(source)?.size === 0) this.maps[view].delete(source);
  }
}

/**
 * Which watches each symbol moves, and the last price of every watched symbol, per price source and view. Ticks
 * of symbols (or sources) nobody watches cost a map lookup.
 */
export class WatchIndex {
  private readonly watchers = new BySourceView<Set<Watch>>();
  private readonly prices = new BySourceView<number>();

  /** Where each watch is indexed now (its source, view and symbols may change by the time it is re-indexed). */
  private readonly indexed = new WeakMap<
    Watch,
    { source: PriceSourceId; view: PriceView; symbols: readonly string[] }
  >();

  /** (Re)indexes a watch under its current source, view and symbols; `seed` gives prices for symbols never seen. */
  index(watch: Watch, seed: (symbol: string) => number | undefined): void {
    this.remove(watch);
    const watchers = this.watchers.open(watch.source, watch.view);
    const prices = this.prices.open(watch.source, watch.view);
    for (const symbol of watch.symbols) {
      let set = watchers.get(symbol);
      if (!set) {
        set = new Set();
        watchers.set(symbol, set);
      }
      set.add(watch);
      const price = prices.get(symbol) ?? seed(symbol);
      if (price !== undefined) prices.set(symbol, price);
    }
    this.indexed.set(watch, { source: watch.source, view: watch.view, symbols: [...watch.symbols] });
  }

  remove(watch: Watch): void {
    const at = this.indexed.get(watch);
    if (!at) return;
    this.indexed.delete(watch);
    const watchers = this.watchers.get(at.source, at.view);
    const prices = this.prices.get(at.source, at.view);
    for (const symbol of at.symbols) {
      const set = watchers?.get(symbol);
      if (!set?.delete(watch) || set.size > 0) continue;
      watchers?.delete(symbol);
      prices?.delete(symbol);
    }
    this.watchers.tidy(at.source, at.view);
    this.prices.tidy(at.source, at.view);
  }

  /** Records the batch's prices; returns the watches whose MTM may have moved (each once). */
  applyQuotes(source: PriceSourceId, view: PriceView, quotes: readonly Quote[]): Set<Watch> | undefined {
    const watchers = this.watchers.get(source, view);
    const prices = this.prices.get(source, view);
    if (!watchers || !prices) return undefined;
    let moved: Set<Watch> | undefined;
    for (const quote of quotes) {
      const set = watchers.get(quote.symbol);
      if (!set) continue;
      prices.set(quote.symbol, quote.lastPrice);
      moved ??= new Set();
      for (const watch of set) moved.add(watch);
    }
    return moved;
  }

  /** Total MTM of the watch's intraday positions at the latest prices (position LTP when none streamed). */
  mtm(watch: Watch): number {
    return intradayMtm(watch.positions, this.prices.get(watch.source, watch.view) ?? new Map());
  }
}
