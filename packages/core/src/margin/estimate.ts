import { toPaise } from '../orders/price-rules';

/** Which way an order trades. */
export type MarginSide = 'buy' | 'sell';

/**
 * Margin estimates of the paper exchange. A real broker asks the exchange's SPAN file; the paper exchange has
 * none, so it uses a documented approximation (docs/paper-broker.md) that lands in the same range for index
 * options:
 *
 * - Buying an option blocks the full premium (SEBI: option premium is paid upfront): price x quantity.
 * - Selling an option blocks, per unit, the premium plus a SPAN-like charge:
 *     premium + max(12% x underlying - OTM amount / 2, 5% x underlying)
 *   where the OTM amount is how far the strike is out of the money (call: strike - spot, put: spot - strike,
 *   never negative). Deep OTM options thus need less, but never under 5% of the underlying's notional.
 * - Futures, either side, block 12% of the contract value: price x quantity x 12%.
 *
 * All amounts are whole paise (rounded up: a margin is never under-estimated by a rounding).
 */

/** Share of the underlying's notional a short option blocks before the OTM discount. */
export const SHORT_OPTION_RATE = 0.12;
/** Floor of a short option's charge, as a share of the underlying's notional. */
export const SHORT_OPTION_FLOOR_RATE = 0.05;
/** Share of a futures contract's value blocked either side. */
export const FUTURES_RATE = 0.12;

export type ContractKind = 'CE' | 'PE' | 'FUT';

/** What the estimate needs to know about the contract and the market. */
export interface MarginInputs {
  kind: ContractKind;
  /** Option strike (ignored for futures). */
  strike: number;
  /** Underlying index level; when unknown the strike stands in for it (at the money). */
  spot: number | undefined;
}

/** OTM amount per unit: how far the strike lies beyond the spot on the side that makes the option worthless. */
export const otmAmount = (kind: 'CE' | 'PE', strike: number, spot: number): number =>
  Math.max(0, kind === 'CE' ? strike - spot : spot - strike);

/** Per-unit charge of a short option on top of its premium, in rupees. */
export const shortOptionCharge = (kind: 'CE' | 'PE', strike: number, spot: number): number =>
  Math.max(SHORT_OPTION_RATE * spot - otmAmount(kind, strike, spot) / 2, SHORT_OPTION_FLOOR_RATE * spot);

/** Rupees to whole paise, rounded up; snapped to 1/1000 paise first so float noise never adds a paisa. */
const ceilPaise = (rupees: number): number => Math.ceil(Math.round(rupees * 100_000) / 1000);

/**
 * Paise blocked by `quantity` units opened on `side` at `price` (the premium for options, the contract price for
 * futures). Quantity is the opening quantity only: closing an existing position needs no margin.
 */
export const openingMarginPaise = (
  inputs: MarginInputs,
  side: MarginSide,
  price: number,
  quantity: number,
): number => {
  if (quantity <= 0) return 0;
  if (inputs.kind === 'FUT') return ceilPaise(price * quantity * FUTURES_RATE);
  if (side === 'buy') return toPaise(price) * quantity;
  const spot = inputs.spot !== undefined && inputs.spot > 0 ? inputs.spot : inputs.strike;
  const perUnit = price + shortOptionCharge(inputs.kind, inputs.strike, spot);
  return ceilPaise(perUnit * quantity);
};
