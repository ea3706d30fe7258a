import { indexPnl, LIVE_PNL_RECOMPUTE_MS, positionPnl } from '@xtrader/core';
import type { Position } from '@xtrader/core/api/portfolio';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { readLivePrice, retainLivePrices } from './live-prices';

/** Live figures of one position. */
export type LiveFigures = { ltp: number; pnl: number };

/**
 * The live price and P&L of each position, recomputed every 500 ms (SPEC section 9) from the price store. Cells
 * subscribe per position, so a recompute re-renders the figures that moved and nothing else: rows, inputs and
 * buttons stay as they are.
 */
export class LivePnlStore {
  private figures = new Map<string, LiveFigures>();
  private readonly listeners = new Set<() => void>();

  constructor(private positions: readonly Position[] = []) {
    this.recompute();
  }

  setPositions(positions: readonly Position[]): void {
    this.positions = positions;
    this.recompute();
  }

  recompute(): void {
    let changed = false;
    const next = new Map<string, LiveFigures>();
    for (const p of this.positions) {
      const key = positionKey(p);
      const ltp = readLivePrice(p.tradingSymbol) ?? p.lastTradedPrice;
      const pnl = positionPnl(p, ltp);
      const old = this.figures.get(key);
      const same = old !== undefined && old.ltp === ltp && old.pnl === pnl;
      next.set(key, same ? old : { ltp, pnl });
      changed ||= !same;
    }
    changed ||= next.size !== this.figures.size;
    this.figures = next;
    if (changed) for (const listener of this.listeners) listener();
  }

  get(key: string): LiveFigures | undefined {
    return this.figures.get(key);
  }

  /** Core's index P&L at the live prices: every position of the index, closed ones included. */
  indexPnl(index: string): number {
    const prices = new Map<string, number>();
    for (const p of this.positions) {
      const ltp = this.figures.get(positionKey(p))?.ltp;
      if (ltp !== undefined) prices.set(p.tradingSymbol, ltp);
    }
    return indexPnl(this.positions, index, prices);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** One store per table: follows the positions, ticks every 500 ms, keeps their symbols subscribed. */
export function useLivePnlStore(positions: readonly Position[]): LivePnlStore {
  const [store] = useState(() => new LivePnlStore(positions));
  useEffect(() => store.setPositions(positions), [store, positions]);
  const symbols = [...new Set(positions.map((p) => p.tradingSymbol))].join(',');
  useEffect(() => (symbols ? retainLivePrices(symbols.split(',')) : undefined), [symbols]);
  useEffect(() => {
    const timer = setInterval(() => store.recompute(), LIVE_PNL_RECOMPUTE_MS);
    return () => clearInterval(timer);
  }, [store]);
  return store;
}

/** The live figures of one position (re-renders only when they change). */
export function useLiveFigures(store: LivePnlStore, key: string): LiveFigures | undefined {
  return useSyncExternalStore(store.subscribe, () => store.get(key));
}

/** The live index P&L of one index. */
export function useLiveIndexPnl(store: LivePnlStore, index: string): number {
  return useSyncExternalStore(store.subscribe, () => store.indexPnl(index));
}
