import { formatNumber } from '../format/format';
import {
  DEFAULT_LOT_SIZE,
  ICEBERG_MAX_LEGS,
  ICEBERG_MIN_LEGS,
  MAX_FOLLOW_UP_MULTIPLIER,
  MAX_QUANTITY_MULTIPLIER,
  MAX_SLICES_PER_ORDER,
} from './constants';
import type { StepDirection } from './price-rules';

const isPositiveInt = (value: number | undefined | null): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The lot size to trade in: the instrument's, or 75 when unknown or invalid. */
export const effectiveLotSize = (lotSize: number | undefined | null): number =>
  isPositiveInt(lotSize) ? lotSize : DEFAULT_LOT_SIZE;

/**
 * Quantity rounded to the nearest lot multiple (at least one lot), then multiplied by the quantity multiplier
 * (a whole number, at least 1).
 */
export const roundQuantityToLots = (
  quantity: number,
  lotSize: number | undefined | null,
  multiplier = 1,
): number => {
  const lot = effectiveLotSize(lotSize);
  const lots = Number.isFinite(quantity) ? Math.max(1, Math.round(quantity / lot)) : 1;
  const times = Number.isFinite(multiplier) ? Math.max(1, Math.round(multiplier)) : 1;
  return lots * lot * times;
};

/** One step of the quantity input: a lot up, or a lot down unless that would go below 0. */
export const stepQuantity = (
  quantity: number,
  lotSize: number | undefined | null,
  direction: StepDirection,
): number => {
  const lot = effectiveLotSize(lotSize);
  if (direction === 'up') return quantity + lot;
  return quantity - lot < 0 ? quantity : quantity - lot;
};

/**
 * Quantity of a follow-up trade: the base order's lot count times the follow-up multiplier, floored to whole lots
 * of the follow-up instrument, never negative. Worked on integers (multiplier in millionths) so 0.3 x 10 lots is
 * exactly 3 lots, not 2.
 */
export const followUpQuantity = (
  baseQuantity: number,
  baseLotSize: number | undefined | null,
  followLotSize: number | undefined | null,
  multiplier: number,
): number => {
  if (!Number.isFinite(baseQuantity) || !Number.isFinite(multiplier) || baseQuantity <= 0 || multiplier <= 0)
    return 0;
  const multiplierMillionths = Math.round(multiplier * 1_000_000);
  const lots = Math.floor(
    (Math.round(baseQuantity) * multiplierMillionths) / (effectiveLotSize(baseLotSize) * 1_000_000),
  );
  return Math.max(0, lots) * effectiveLotSize(followLotSize);
};

/** Largest whole-lot quantity not above the freeze quantity (at least one lot). */
export const maxQuantityPerOrder = (lotSize: number | undefined | null, freezeQty: number): number => {
  const lot = effectiveLotSize(lotSize);
  return Math.max(1, Math.floor(freezeQty / lot)) * lot;
};

/** The most one order request may carry: MAX_SLICES_PER_ORDER freeze slices of whole lots. */
export const maxQuantityPerRequest = (lotSize: number | undefined | null, freezeQty: number): number =>
  MAX_SLICES_PER_ORDER * maxQuantityPerOrder(lotSize, freezeQty);

/**
 * Why a quantity above maxQuantityPerRequest is refused, naming the limit (`perSlice`: maxQuantityPerOrder). The
 * server's 400 and the web app's check before sending say the same.
 */
export const aboveRequestCapMessage = (quantity: number, index: string, perSlice: number): string =>
  `Quantity ${quantity} is above the most one order may carry for ${index}: ${MAX_SLICES_PER_ORDER} slices of ` +
  `${formatNumber(perSlice)} (${formatNumber(MAX_SLICES_PER_ORDER * perSlice)})`;

/**
 * Splits a quantity into orders the exchange accepts: full legs of the largest whole-lot multiple not above the
 * freeze quantity, then the rest. The legs always add up to the quantity; a quantity that is not a lot multiple
 * leaves its odd remainder in the last leg.
 */
export const sliceByFreeze = (quantity: number, lotSize: number, freezeQty: number): number[] => {
  if (!Number.isFinite(quantity) || quantity <= 0) return [];
  const max = maxQuantityPerOrder(lotSize, freezeQty);
  const legs: number[] = Array.from({ length: Math.floor(quantity / max) }, () => max);
  const rest = quantity - legs.length * max;
  if (rest > 0) legs.push(rest);
  return legs;
};

export type IcebergError = {
  code: 'invalid_iceberg_legs' | 'quantity_not_lot_multiple' | 'too_few_lots';
  message: string;
};
export type IcebergResult = { ok: true; legs: number[] } | { ok: false; error: IcebergError };

/**
 * Iceberg split: `legs` (2-50) whole-lot legs as equal as possible, the extra lots going to the first legs (as the
 * broker does). The quantity must be a lot multiple with at least one lot per leg.
 */
export const icebergLegs = (quantity: number, lotSize: number, legs: number): IcebergResult => {
  if (!Number.isInteger(legs) || legs < ICEBERG_MIN_LEGS || legs > ICEBERG_MAX_LEGS) {
    const message = `Iceberg legs must be a whole number from ${ICEBERG_MIN_LEGS} to ${ICEBERG_MAX_LEGS}`;
    return { ok: false, error: { code: 'invalid_iceberg_legs', message } };
  }
  const lot = effectiveLotSize(lotSize);
  if (!Number.isInteger(quantity) || quantity <= 0 || quantity % lot !== 0) {
    return {
      ok: false,
      error: { code: 'quantity_not_lot_multiple', message: `Quantity must be a multiple of ${lot}` },
    };
  }
  const totalLots = quantity / lot;
  if (totalLots < legs) {
    const message = `Quantity of ${totalLots} lots cannot be split into ${legs} legs`;
    return { ok: false, error: { code: 'too_few_lots', message } };
  }
  const baseLots = Math.floor(totalLots / legs);
  const extra = totalLots % legs;
  return { ok: true, legs: Array.from({ length: legs }, (_, i) => (baseLots + (i < extra ? 1 : 0)) * lot) };
};

/** Quantity multiplier choices: 1 to 20. */
export const QUANTITY_MULTIPLIER_OPTIONS: readonly number[] = Array.from(
  { length: MAX_QUANTITY_MULTIPLIER },
  (_, i) => i + 1,
);

/** Follow-up multiplier choices: 0.1 to 10.0 in 0.1 steps (built from tenths, so each is the exact decimal). */
export const FOLLOW_UP_MULTIPLIER_OPTIONS: readonly number[] = Array.from(
  { length: MAX_FOLLOW_UP_MULTIPLIER * 10 },
  (_, i) => (i + 1) / 10,
);

/**
 * The premium a buy of `quantity` at `price` pays, when that is more than the `available` funds: the order would be
 * refused (sliced orders once per slice), so the trader is asked first. Undefined when it fits or a figure is unknown.
 */
export const buyCostBeyondFunds = (
  quantity: number,
  price: number | undefined,
  available: number | undefined,
): number | undefined => {
  if (price === undefined || available === undefined || !Number.isFinite(price * quantity)) return undefined;
  const cost = Math.round(quantity * price * 100) / 100;
  return cost > available ? cost : undefined;
};
