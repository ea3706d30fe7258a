import type { Position } from '@xtrader/core/api/portfolio';
import { LIVE_PNL_RECOMPUTE_MS } from '@xtrader/core/constants';
import { indexPnl, intradayMtm } from '@xtrader/core/pnl/figures';
import { positionPnl } from '@xtrader/core/pnl/pnl';
import { useEffect, useSyncExternalStore } from 'react';
import { readLivePrice, retainLivePrices } from './live-prices';

/** Live figures of one position: its price now (the feed's, else its own last traded price) and its P&L. */
export type LiveFigures = { ltp: number; pnl: number };

type PriceReader = (symbol: string) => number | undefined;
type SymbolRetainer = (symbols: readonly string[]) => () => void;

/**
 * The live P&L of the positions on screen, recomputed every 500 ms from the live price store rather than on every
 * tick: a busy feed cannot make the screen re-render more than twice a second. Every P&L figure of the dashboard
 * (the positions table's cells and index groups, the index P&L beside the funds, the profit protection bar's
 * intraday MTM) reads this one store, so one loop recomputes them all and they always show the same prices.
 *
 * Components track the positions they show while mounted; the loop runs and their symbols stay subscribed while
 * anything is tracked. Figures are kept per position object (the positions query shares unchanged positions
 * across refetches), and a figure that did not move keeps its object, so readers of it skip their render.
 */
export class LivePnlStore {
  private readonly tracked = new Map<readonly Position[], number>();
  private figures = new Map<Position, LiveFigures>();
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private symbols = '';
  private releaseSymbols: (() => void) | undefined;

  constructor(
    private readonly readPrice: PriceReader = readLivePrice,
    private readonly retainSymbols: SymbolRetainer = retainLivePrices,
  ) {}

  /** Keeps these positions' figures live until the returned release is called. */
  track(positions: readonly Position[]): () => void {
    this.tracked.set(positions, (this.tracked.get(positions) ?? 0) + 1);
    this.tracking();
    return () => {
      const count = (this.tracked.get(positions) ?? 1) - 1;
      if (count > 0) this.tracked.set(positions, count);
      else this.tracked.delete(positions);
      this.tracking();
    };
  }

  recompute(): void {
    let changed = false;
    const next = new Map<Position, LiveFigures>();
    for (const positions of this.tracked.keys()) {
      for (const position of positions) {
        if (next.has(position)) continue;
        const old = this.figures.get(position);
        const fresh = this.compute(position);
        const same = old !== undefined && old.ltp === fresh.ltp && old.pnl === fresh.pnl;
        next.set(position, same ? old : fresh);
        changed ||= !same;
      }
    }
    changed ||= next.size !== this.figures.size;
    this.figures = next;
    if (changed) for (const listener of this.listeners) listener();
  }

  /** The figures of one position; one not tracked yet (a first render) is computed now and kept until the loop. */
  get(position: Position): LiveFigures {
    let figures = this.figures.get(position);
    if (!figures) {
      figures = this.compute(position);
      this.figures.set(position, figures);
    }
    return figures;
  }

  /** Core's index P&L at the live prices: every position of the index, closed ones included. */
  indexPnl(positions: readonly Position[], index: string): number {
    return indexPnl(positions, index, this.prices(positions.filter((p) => p.index === index)));
  }

  /** Core's intraday MTM at the live prices (the figure profit protection watches). */
  intradayMtm(positions: readonly Position[]): number {
    return intradayMtm(positions, this.prices(positions));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private compute(position: Position): LiveFigures {
    const ltp = this.readPrice(position.tradingSymbol) ?? position.lastTradedPrice;
    return { ltp, pnl: positionPnl(position, ltp) };
  }

  private prices(positions: readonly Position[]): Map<string, number> {
    return new Map(positions.map((p) => [p.tradingSymbol, this.get(p).ltp]));
  }

  /** Starts or stops the loop and re-subscribes the symbols after the tracked positions changed. */
  private tracking(): void {
    const symbols = new Set<string>();
    for (const positions of this.tracked.keys()) for (const p of positions) symbols.add(p.tradingSymbol);
    const key = [...symbols].sort().join(',');
    if (key !== this.symbols) {
      // Subscribe the new set before releasing the old, so symbols in both are never dropped in between.
      const release = this.releaseSymbols;
      this.releaseSymbols = key ? this.retainSymbols([...symbols]) : undefined;
      release?.();
      this.symbols = key;
    }
    if (this.tracked.size > 0 && this.timer === undefined) {
      this.timer = setInterval(() => this.recompute(), LIVE_PNL_RECOMPUTE_MS);
    } else if (this.tracked.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    this.recompute();
  }
}

/** The app's one live P&L store. */
const livePnl = new LivePnlStore();

/** Keeps these positions' figures live (and their symbols subscribed) while the component is mounted. */
export function useTrackedPositions(positions: readonly Position[], store: LivePnlStore = livePnl): void {
  useEffect(() => (positions.length > 0 ? store.track(positions) : undefined), [store, positions]);
}

/** The live figures of one position (re-renders only when they change). */
export function useLiveFigures(position: Position, store: LivePnlStore = livePnl): LiveFigures {
  return useSyncExternalStore(store.subscribe, () => store.get(position));
}

/** The live index P&L of one index over these positions. */
export function useLiveIndexPnl(
  positions: readonly Position[],
  index: string,
  store: LivePnlStore = livePnl,
): number {
  useTrackedPositions(positions, store);
  return useSyncExternalStore(store.subscribe, () => store.indexPnl(positions, index));
}

const NONE: readonly Position[] = [];

/** The live P&L of all these positions together, before charges (the sum of their rows). */
export function useLiveTotalPnl(positions: readonly Position[], store: LivePnlStore = livePnl): number {
  useTrackedPositions(positions, store);
  return useSyncExternalStore(store.subscribe, () =>
    positions.reduce((sum, position) => sum + store.get(position).pnl, 0),
  );
}

/** The live intraday MTM of these positions; undefined while they are unknown. */
export function useLiveIntradayMtm(
  positions: readonly Position[] | undefined,
  store: LivePnlStore = livePnl,
): number | undefined {
  useTrackedPositions(positions ?? NONE, store);
  return useSyncExternalStore(store.subscribe, () => (positions ? store.intradayMtm(positions) : undefined));
}
