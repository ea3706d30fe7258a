import type { Order } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';
import { checkBreakEven, nudgedTrigger } from '@xtrader/core/orders/edge-stops';

// The stop keys' choices, kept pure: which stop-losses protect a position, and where each key moves them.

/** What a stop key asks for: to break-even, one step up, one step down (keys in the key map). */
export type StopKey = 'break-even' | 'up' | 'down';

/**
 * The working stop-losses that close the position: same contract and product, on the closing side. A disaster stop
 * backing a Local stop (its parent is one of them) is left where it is: it keeps its distance on purpose.
 */
export function protectiveStops(position: Position, openOrders: readonly Order[]): Order[] {
  const closingSide = position.quantity > 0 ? 'sell' : 'buy';
  const stops = openOrders.filter(
    (order) =>
      order.orderType === 'stoploss' &&
      order.tradingSymbol === position.tradingSymbol &&
      order.productType === position.productType &&
      order.transactionType === closingSide &&
      order.status !== 'cancel_pending' &&
      order.price !== null,
  );
  const ids = new Set(stops.map((order) => order.orderId));
  return stops.filter((order) => order.parentOrderId === null || !ids.has(order.parentOrderId));
}

export type StopMove =
  | { ok: true; moves: { orderId: string; triggerPrice: number }[] }
  | { ok: false; message: string };

/** Where the key moves each stop of the position; a refusal names why (for a toast). */
export function planStopMove(
  key: StopKey,
  position: Position,
  openOrders: readonly Order[],
  step: number,
): StopMove {
  if (position.quantity === 0) return { ok: false, message: 'The selected position is closed' };
  const stops = protectiveStops(position, openOrders);
  if (stops.length === 0) return { ok: false, message: `No working stop-loss for ${position.identifier}` };
  if (key === 'break-even') {
    const side = position.quantity > 0 ? 'sell' : 'buy';
    const check = checkBreakEven(side, position.price, position.lastTradedPrice || null);
    if (!check.ok) return check;
    return {
      ok: true,
      moves: stops.map((stop) => ({ orderId: stop.orderId, triggerPrice: check.triggerPrice })),
    };
  }
  return {
    ok: true,
    moves: stops.map((stop) => ({
      orderId: stop.orderId,
      triggerPrice: nudgedTrigger(stop.price ?? 0, step, key),
    })),
  };
}
