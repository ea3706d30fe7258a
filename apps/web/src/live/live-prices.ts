import { useSyncExternalStore } from 'react';

// The trading tables read live prices through this narrow port rather than the WebSocket client itself: the
// app shell plugs the live price store in at start-up, tests plug in a fake, and the tables never care how
// prices arrive.

export type LivePriceSource = {
  /** Last traded price of a trading symbol, undefined before its first tick. */
  read: (symbol: string) => number | undefined;
  /** Calls `onChange` when any price may have changed; returns the unsubscribe function. */
  subscribe: (onChange: () => void) => () => void;
  /** Asks the feed for these symbols' prices; returns the release function. */
  retain: (symbols: readonly string[]) => () => void;
  /** When the symbol's last price happened (epoch ms), undefined before its first tick or when unknown. */
  readTime?: (symbol: string) => number | undefined;
};

const none: LivePriceSource = { read: () => undefined, subscribe: () => () => {}, retain: () => () => {} };
let source: LivePriceSource = none;

export function setLivePriceSource(next: LivePriceSource | null): void {
  source = next ?? none;
  if (!unsubscribeSource) return;
  unsubscribeSource();
  unsubscribeSource = source.subscribe(onSourceChange);
  onSourceChange();
}

/** The live price now, without subscribing a component (order placement, periodic P&L). */
export const readLivePrice = (symbol: string): number | undefined => source.read(symbol);

/** When the symbol last ticked (epoch ms): how old the price an order would trade near is. */
export const readLiveTickTime = (symbol: string): number | undefined => source.readTime?.(symbol);

export const retainLivePrices = (symbols: readonly string[]): (() => void) => source.retain(symbols);

/**
 * Live cells in tables re-render at most this often. The feed sends a frame every ~100 ms with many symbols;
 * re-laying out a 200-row table ten times a second buys nothing a trader can read.
 */
export const TABLE_PRICE_REFRESH_MS = 200;

const cellListeners = new Set<() => void>();
let unsubscribeSource: (() => void) | undefined;
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function flushCells(): void {
  flushTimer = undefined;
  for (const listener of cellListeners) listener();
}

function onSourceChange(): void {
  flushTimer ??= setTimeout(flushCells, TABLE_PRICE_REFRESH_MS);
}

// One stable subscribe function (React re-subscribes whenever it changes) sharing one source subscription.
function subscribeToPrices(onChange: () => void): () => void {
  cellListeners.add(onChange);
  unsubscribeSource ??= source.subscribe(onSourceChange);
  return () => {
    cellListeners.delete(onChange);
    if (cellListeners.size > 0) return;
    unsubscribeSource?.();
    unsubscribeSource = undefined;
    clearTimeout(flushTimer);
    flushTimer = undefined;
  };
}

/** A table cell's live price of one symbol: re-renders when it changed, at most every 200 ms. */
export function useLivePrice(symbol: string): number | undefined {
  return useSyncExternalStore(subscribeToPrices, () => source.read(symbol));
}

/** A source backed by a plain map, for tests and benchmarks. */
export function createMapPriceSource(initial: Record<string, number> = {}) {
  const prices = new Map(Object.entries(initial));
  const times = new Map<string, number>();
  const listeners = new Set<() => void>();
  const retained: string[][] = [];
  const priceSource: LivePriceSource = {
    read: (symbol) => prices.get(symbol),
    readTime: (symbol) => times.get(symbol),
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    retain: (symbols) => {
      retained.push([...symbols]);
      return () => {};
    },
  };
  const set = (symbol: string, price: number, ts?: number) => {
    prices.set(symbol, price);
    if (ts !== undefined) times.set(symbol, ts);
    for (const listener of listeners) listener();
  };
  return { source: priceSource, set, retained };
}
