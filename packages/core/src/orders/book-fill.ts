import type { DepthLevel, MarketDepth } from '../market/depth';
import { fromPaise, marketProtectionPrice, toPaise } from './price-rules';
import type { TransactionType } from './types';

// How an order that takes liquidity fills against a visible book, as on an exchange: a buy eats the offers from
// the lowest up, a sell the bids from the highest down, level by level, each level at its own price. It stops at
// its quantity, at its limit (never through it), and at the end of the book; what is left stays open for later
// books. Amounts are worked in paise so averages and values are exact.

/** One trade of a walk: a level's price and the quantity taken there. */
export interface BookTrade {
  price: number;
  quantity: number;
}

export interface BookFill {
  /** In book order (best price first); empty when nothing was within reach. */
  trades: BookTrade[];
  filledQuantity: number;
  /** Value of the trades in paise (exact). */
  valuePaise: number;
  /** Value over quantity, in rupees (not rounded to the tick: an average need not be on it); 0 when unfilled. */
  averagePrice: number;
}

/** The side of the book an order takes from: offers for a buy, bids for a sell. */
export const oppositeSide = (depth: MarketDepth, side: TransactionType): readonly DepthLevel[] =>
  side === 'buy' ? depth.sell : depth.buy;

/** Whether a level's price is within `limit` for the order's side (a buy pays at most, a sell gets at least). */
export const withinLimit = (side: TransactionType, price: number, limit: number | undefined): boolean =>
  limit === undefined ||
  (side === 'buy' ? toPaise(price) <= toPaise(limit) : toPaise(price) >= toPaise(limit));

/**
 * Walks the opposite side of `depth` for `quantity` units, taking no level beyond `limit` (undefined: no limit).
 * Levels are used in the order given (best first); a level with no positive quantity is skipped.
 */
export function walkBook(
  side: TransactionType,
  quantity: number,
  depth: MarketDepth,
  limit?: number,
): BookFill {
  const trades: BookTrade[] = [];
  let remaining = Math.max(0, Math.floor(quantity));
  let filledQuantity = 0;
  let valuePaise = 0;
  for (const level of oppositeSide(depth, side)) {
    if (remaining === 0 || !withinLimit(side, level.price, limit)) break;
    if (!(level.quantity > 0)) continue;
    const take = Math.min(remaining, level.quantity);
    trades.push({ price: level.price, quantity: take });
    remaining -= take;
    filledQuantity += take;
    valuePaise += toPaise(level.price) * take;
  }
  const averagePrice = filledQuantity === 0 ? 0 : fromPaise(valuePaise) / filledQuantity;
  return { trades, filledQuantity, valuePaise, averagePrice };
}

/**
 * The furthest price a market order may walk to: the last price raised (buy) or lowered (sell) by the market
 * protection percentage, the limit the exchange gives a market order with protection. Undefined when
 * protection is off (0 or absent): the walk then takes the whole visible side.
 */
export const protectionLimit = (
  side: TransactionType,
  lastPrice: number,
  percent: number | undefined,
): number | undefined =>
  percent && percent > 0 ? marketProtectionPrice(lastPrice, side, percent) : undefined;

/**
 * Removes what `fill` took from `depth`'s opposite side, so a later order of the same book sees only what is
 * left. Returns a new book; the given one is not changed.
 */
export function consume(depth: MarketDepth, side: TransactionType, fill: BookFill): MarketDepth {
  if (fill.filledQuantity === 0) return depth;
  const taken = new Map<number, number>();
  for (const t of fill.trades) taken.set(toPaise(t.price), (taken.get(toPaise(t.price)) ?? 0) + t.quantity);
  const left: DepthLevel[] = [];
  for (const level of oppositeSide(depth, side)) {
    const key = toPaise(level.price);
    const used = Math.min(level.quantity, taken.get(key) ?? 0);
    taken.set(key, (taken.get(key) ?? 0) - used);
    const quantity = level.quantity - used;
    if (quantity > 0) left.push({ ...level, quantity });
  }
  return side === 'buy' ? { buy: depth.buy, sell: left } : { buy: left, sell: depth.sell };
}
