import { MIN_PRICE } from '@xtrader/core/orders/constants';
import { fromPaise, toPaise } from '@xtrader/core/orders/price-rules';
import { trailStep } from '@xtrader/core/orders/trailing';
import type { Side } from '../broker';

/**
 * Matching rules of the paper exchange, as pure functions of one order and the last traded price (LTP) of the
 * Practice Mode (5 s delayed) view. The paper market has no order book depth, so:
 *
 * - a market order fills at the LTP;
 * - a limit order that is marketable when it arrives (buy at or above the LTP, sell at or below) fills at once at
 *   the LTP, the better price, as it would take the best offer on a real exchange;
 * - a resting limit order fills at its own limit price when a later LTP crosses it (buy: LTP <= limit, sell:
 *   LTP >= limit), the price a resting order trades at even when the tick gapped through it;
 * - a stop-loss order triggers when the LTP reaches the trigger (buy: LTP >= trigger, sell: LTP <= trigger); a
 *   stop-loss-market order then fills at that LTP, a stop-limit order arrives as a limit order at its price;
 * - broker-side trailing moves a stop-loss trigger (and a stop-limit's price with it, keeping the gap) by
 *   changeInSL for each full changeInPrice the LTP moves in the trade's favour from the reference price.
 */

export const isLimitCrossed = (side: Side, limit: number, ltp: number): boolean =>
  side === 'buy' ? ltp <= limit : ltp >= limit;

export const isStopTriggered = (side: Side, trigger: number, ltp: number): boolean =>
  side === 'buy' ? ltp >= trigger : ltp <= trigger;

/** Fill price of a limit order crossed by `ltp`: the LTP when marketable on arrival, else the limit itself. */
export const limitFillPrice = (side: Side, limit: number, ltp: number, onArrival: boolean): number => {
  if (!onArrival) return limit;
  return side === 'buy' ? Math.min(limit, ltp) : Math.max(limit, ltp);
};

export interface TrailParams {
  changeInPrice: number;
  changeInSL: number;
}

export interface TrailState extends TrailParams {
  /** The LTP the next favourable move is measured from. */
  referencePrice: number;
}

export interface TrailMove {
  triggerPrice: number;
  /** The stop-limit's price moved by the same amount; undefined for stop-loss-market orders. */
  price: number | undefined;
  referencePrice: number;
}

/**
 * Where a trailing stop-loss moves at `ltp` (the shared trailing rule of core), or undefined when it does not move.
 * A stop-limit's price moves by the same amount as its trigger, keeping the gap, never below the minimum price.
 */
export function trailMove(
  side: Side,
  trail: TrailState,
  triggerPrice: number,
  price: number | undefined,
  ltp: number,
): TrailMove | undefined {
  const step = trailStep(
    side,
    triggerPrice,
    trail.referencePrice,
    ltp,
    trail.changeInPrice,
    trail.changeInSL,
  );
  if (!step) return undefined;
  const shiftPaise = toPaise(step.triggerPrice) - toPaise(triggerPrice);
  return {
    triggerPrice: step.triggerPrice,
    price:
      price === undefined ? undefined : fromPaise(Math.max(toPaise(MIN_PRICE), toPaise(price) + shiftPaise)),
    referencePrice: step.reference,
  };
}
