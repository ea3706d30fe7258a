import { roundMoney } from './price-rules';

// Brokers report fills cumulatively: the quantity filled so far and its average price. We book fills one by one
// (quantity x price, kept in exact paise). These turn the broker's running totals into the one fill we have not
// booked yet, so that our average then equals the broker's.

/** The exact value of `quantity` at an average of `averagePrice` rupees, in paise (averages may have more decimals). */
export const cumulativeValuePaise = (averagePrice: number, quantity: number): number =>
  Math.round(averagePrice * 100 * quantity);

export interface FillIncrement {
  quantity: number;
  price: number;
}

/**
 * The fill that takes what we booked (`filledQuantity`, `filledValuePaise`) up to the broker's cumulative figures,
 * or undefined when the broker reports no more than we have. Its price is the remaining value over the remaining
 * quantity; should that come out non-positive (the broker's rounding), the broker's average is used instead.
 */
export function fillIncrement(
  booked: { filledQuantity: number; filledValuePaise: number },
  reported: { filledQuantity: number; averagePrice: number },
): FillIncrement | undefined {
  const quantity = reported.filledQuantity - booked.filledQuantity;
  if (!(quantity > 0)) return undefined;
  const remainingPaise =
    cumulativeValuePaise(reported.averagePrice, reported.filledQuantity) - booked.filledValuePaise;
  const price = roundMoney(remainingPaise / 100 / quantity);
  return { quantity, price: price > 0 ? price : reported.averagePrice };
}
