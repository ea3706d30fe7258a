import { bestAsk, bestBid, type MarketDepth, syntheticDepth } from '@xtrader/core/market/depth';
import { type BookFill, protectionLimit, walkBook } from '@xtrader/core/orders/book-fill';
import { MARKET_PROTECTION_DEFAULT_PERCENT, MIN_PRICE } from '@xtrader/core/orders/constants';
import { fromPaise, toPaise } from '@xtrader/core/orders/price-rules';
import { trailStep } from '@xtrader/core/orders/trailing';
import type { Quote } from '../../market/contract';
import type { BrokerOrderType, Side } from '../broker';

/**
 * Matching rules of the paper exchange against the Practice Mode (5 s delayed) view of a contract: its last traded
 * price (LTP) and its book (bid, ask and five levels of depth). As on the exchange:
 *
 * - a market order takes the offers (buy) or the bids (sell) level by level, each at its own price, no further
 *   than its market protection from the LTP (the limit the exchange gives a protected market order);
 * - a limit order takes the opposite side up to its price and never beyond: a buy limit fills when the ask is at
 *   or below it, at the ask or better;
 * - what the book cannot give (beyond its size or the limit) stays open, and later books fill it;
 * - a stop-loss order triggers when the LTP reaches the trigger (buy: LTP >= trigger, sell: LTP <= trigger) and
 *   then behaves as its type: stop-limit as a limit at its price, stop-market as a market order;
 * - a quote without depth (a source that has none, an old recording) is taken as a one-tick book around the LTP
 *   (`syntheticDepth`), deep enough for any order;
 * - broker-side trailing moves a stop-loss trigger (and a stop-limit's price with it, keeping the gap) by
 *   changeInSL for each full changeInPrice the LTP moves in the trade's favour from the reference price.
 */

export const isStopTriggered = (side: Side, trigger: number, ltp: number): boolean =>
  side === 'buy' ? ltp >= trigger : ltp <= trigger;

/** Whether a limit can trade against the touch: a buy when the ask is at or below it, a sell when the bid is at or above. */
export const isLimitCrossed = (side: Side, limit: number, touch: number | undefined): boolean =>
  touch !== undefined &&
  (side === 'buy' ? toPaise(touch) <= toPaise(limit) : toPaise(touch) >= toPaise(limit));

/** The book a quote offers: its depth, else the synthetic one-tick book around its last price. */
export const bookOf = (quote: Pick<Quote, 'lastPrice' | 'depth'>): MarketDepth =>
  quote.depth ?? syntheticDepth(quote.lastPrice);

/** The best bid and ask of a book (undefined for an empty side). */
export const touchOf = (book: MarketDepth): { bid: number | undefined; ask: number | undefined } => ({
  bid: bestBid(book),
  ask: bestAsk(book),
});

/** What an order needs to take liquidity: its side and type, its limit, the protection of a market order. */
export interface TakingOrder {
  side: Side;
  orderType: BrokerOrderType;
  price: number | undefined;
  quantity: number;
  filledQuantity: number;
  /** Percent; undefined takes the default. */
  marketProtection: number | undefined;
}

/**
 * What the order's unfilled quantity gets from `book` now: a market (or triggered stop-market) order walks up to
 * its protection from `ltp` (the default protection when the order carries none, as every market order on the
 * exchange has one), a limit (or triggered stop-limit) order up to its price.
 */
export function takeFromBook(order: TakingOrder, book: MarketDepth, ltp: number): BookFill {
  const remaining = order.quantity - order.filledQuantity;
  const limit =
    order.orderType === 'limit' || order.orderType === 'stoploss'
      ? order.price
      : protectionLimit(order.side, ltp, order.marketProtection ?? MARKET_PROTECTION_DEFAULT_PERCENT);
  return walkBook(order.side, remaining, book, limit);
}

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
