import { toPaise } from '../orders/price-rules';
import { type SpanLeg, type SpanMarket, spanMargin } from './span';

/**
 * Margin estimates of the paper exchange, per contract. A real broker asks the exchange's SPAN; the paper exchange
 * revalues the contract itself the same way (span.ts, docs/paper-broker.md):
 *
 * - buying an option blocks the full premium (SEBI: option premium is paid upfront): price x quantity;
 * - selling an option blocks SPAN (scan risk plus the premium's worth) plus exposure margin;
 * - futures, either side, block SPAN plus exposure margin.
 *
 * A short hedged by a long of the same underlying and expiry blocks less once both are held (portfolio.ts), and
 * the paper exchange charges an order what it adds to such a group (apps/server paper/funds.ts).
 * All amounts are whole paise, rounded up: a margin is never under-estimated by a rounding.
 */

export type ContractKind = 'CE' | 'PE' | 'FUT';

/** What the estimate needs to know about the contract and the market. */
export interface MarginInputs {
  kind: ContractKind;
  /** Option strike (ignored for futures). */
  strike: number;
  /** Underlying index level; when unknown the strike stands in for it (at the money), or a future's own price. */
  spot: number | undefined;
  /** Time to expiry in years; a week when unknown. */
  timeYears?: number;
  /** Annual implied volatility (0.15 = 15%); span.ts's default when unknown. */
  vol?: number;
  /** True on the contract's expiry day (short options then block an extra 2% exposure). */
  expiryDay?: boolean;
}

export type MarginSide = 'buy' | 'sell';

const A_WEEK_IN_YEARS = 7 / 365;

/** Rupees to whole paise, rounded up; snapped to 1/1000 paise first so float noise never adds a paisa. */
export const ceilPaise = (rupees: number): number => Math.ceil(Math.round(rupees * 100_000) / 1000);

/** The market a contract is revalued in. `price` stands in for the spot of a future with no index price. */
export const spanMarketOf = (inputs: MarginInputs, price: number): SpanMarket => {
  const fallback = inputs.kind === 'FUT' ? price : inputs.strike;
  return {
    spot: inputs.spot !== undefined && inputs.spot > 0 ? inputs.spot : fallback,
    timeYears: inputs.timeYears ?? A_WEEK_IN_YEARS,
    ...(inputs.vol === undefined ? {} : { vol: inputs.vol }),
    ...(inputs.expiryDay === undefined ? {} : { expiryDay: inputs.expiryDay }),
  };
};

/** The contract as a SPAN leg of `quantity` units (negative = short) at `price`. */
export const spanLegOf = (inputs: MarginInputs, quantity: number, price: number): SpanLeg => ({
  kind: inputs.kind,
  strike: inputs.strike,
  quantity,
  price,
});

/**
 * Paise blocked by `quantity` units opened on `side` at `price` (the premium for options, the contract price for
 * futures), the contract alone. Quantity is the opening quantity only: closing a position needs no margin.
 */
export const openingMarginPaise = (
  inputs: MarginInputs,
  side: MarginSide,
  price: number,
  quantity: number,
): number => {
  if (quantity <= 0) return 0;
  if (inputs.kind !== 'FUT' && side === 'buy') return toPaise(price) * quantity;
  const signed = side === 'buy' ? quantity : -quantity;
  return ceilPaise(spanMargin([spanLegOf(inputs, signed, price)], spanMarketOf(inputs, price)));
};
