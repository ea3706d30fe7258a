import { type LadderMode, repricedLimit, type Touch } from '@xtrader/core/orders/price-ladder';
import type { TransactionType } from '@xtrader/core/orders/types';

/** A watcher gives up after this long even with re-prices left: a forgotten limit must not be chased all day. */
export const REPRICE_WINDOW_MS = 10 * 60_000;

export type RepriceDeps = {
  touch: (symbol: string) => Touch | undefined;
  /** Calls `onChange` on every quote of `symbol`; answers the unsubscribe. */
  onQuote: (symbol: string, onChange: () => void) => () => void;
  /** Keeps `symbol` subscribed on the live feed; answers the release. */
  retain: (symbol: string) => () => void;
  /** Moves the resting order's limit; false when the server refused (filled, cancelled, rejected). */
  modify: (orderId: string, price: number) => Promise<boolean>;
  setTimer: (run: () => void, ms: number) => () => void;
};

export type RepriceOrder = {
  orderId: string;
  symbol: string;
  side: TransactionType;
  mode: LadderMode;
  price: number;
  tick: number;
  /** Re-prices allowed (the setting); the watcher stops after the last one. */
  times: number;
};

/**
 * Keeps one ladder limit at its mode's price: on each quote whose touch moved, the order is modified to the new
 * price, at most `times` times, one modification in flight at a time. Stops for good after the last re-price, when a
 * modification is refused (the order filled or ended), after REPRICE_WINDOW_MS, or when the returned stop is called.
 */
export function startAutoReprice(deps: RepriceDeps, order: RepriceOrder): () => void {
  let left = order.times;
  let resting = order.price;
  let busy = false;
  let ended = false;
  if (left <= 0) return () => undefined;
  const release = deps.retain(order.symbol);
  const unsubscribe = deps.onQuote(order.symbol, () => void onChange());
  const cancelTimer = deps.setTimer(() => stop(), REPRICE_WINDOW_MS);
  function stop() {
    if (ended) return;
    ended = true;
    unsubscribe();
    release();
    cancelTimer();
  }
  async function onChange() {
    if (ended || busy) return;
    const touch = deps.touch(order.symbol);
    if (!touch) return;
    const next = repricedLimit(order.side, order.mode, touch, order.tick, resting);
    if (next === undefined) return;
    busy = true;
    const ok = await deps.modify(order.orderId, next);
    busy = false;
    if (!ok) return stop();
    resting = next;
    left -= 1;
    if (left <= 0) stop();
  }
  return stop;
}
