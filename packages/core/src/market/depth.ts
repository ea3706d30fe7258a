import { MIN_PRICE, TICK_SIZE } from '../orders/constants';
import { fromPaise, toPaise } from '../orders/price-rules';

/** One price level of an order book: the price and how much rests there (units, not lots). */
export interface DepthLevel {
  price: number;
  quantity: number;
  /** How many orders make up the level, when the source says (Kite's full mode does). */
  orders?: number;
}

/**
 * The visible order book of a contract, best level first on each side: `buy` (bids) by descending price, `sell`
 * (offers) by ascending price. A side may be empty (nobody bids a worthless option).
 */
export interface MarketDepth {
  buy: readonly DepthLevel[];
  sell: readonly DepthLevel[];
}

/** Best bid and best offer, or undefined for a side with nothing on it. */
export const bestBid = (depth: MarketDepth): number | undefined => depth.buy[0]?.price;
export const bestAsk = (depth: MarketDepth): number | undefined => depth.sell[0]?.price;

/**
 * How far each side of a synthetic book sits from the last price when a source gives no depth (an old recording,
 * a manual price): one tick, the spread of a liquid index option.
 */
export const SYNTHETIC_HALF_SPREAD = TICK_SIZE;

/**
 * The book assumed around `lastPrice` when the source has no depth: a bid one tick below (never below the
 * minimum price) and an offer one tick above, each deep enough for any order (nothing is known about size, so
 * size does not move the price).
 */
export function syntheticDepth(lastPrice: number): MarketDepth {
  const last = toPaise(lastPrice);
  const half = toPaise(SYNTHETIC_HALF_SPREAD);
  return {
    buy: [
      { price: fromPaise(Math.max(toPaise(MIN_PRICE), last - half)), quantity: Number.POSITIVE_INFINITY },
    ],
    sell: [{ price: fromPaise(last + half), quantity: Number.POSITIVE_INFINITY }],
  };
}
