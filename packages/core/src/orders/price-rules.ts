import { DEFAULT_MODIFY_STEP, MARKET_PROTECTION_MAX_PERCENT, MIN_PRICE, TICK_SIZE } from './constants';
import type { OrderType, TransactionType } from './types';

// Prices are decimal rupees on a 0.05 grid. Binary floats cannot hold most decimals exactly, so every rounding
// first snaps the value to whole micro-rupees (exact integers in a double up to ~9e9 rupees) and rounds with
// integer arithmetic; the result is the double nearest the intended decimal, never a drifted 12.350000000000001.
const MICROS_PER_RUPEE = 1_000_000;

const toMicros = (value: number): number => Math.round(value * MICROS_PER_RUPEE);

/** Rounds to the nearest multiple of `increment`, halves away from zero. NaN and Infinity pass through. */
export const roundToIncrement = (value: number, increment: number): number => {
  if (!Number.isFinite(value)) return value;
  const unit = toMicros(increment);
  if (!(unit > 0)) throw new RangeError(`Invalid rounding increment: ${increment}`);
  const units = Math.floor((toMicros(Math.abs(value)) + unit / 2) / unit);
  const magnitude = (units * unit) / MICROS_PER_RUPEE;
  return value < 0 && magnitude !== 0 ? -magnitude : magnitude;
};

/** Nearest tick (0.05 by default), two decimals. */
export const roundToTick = (price: number, tick: number = TICK_SIZE): number => roundToIncrement(price, tick);

/** Nearest 0.5, one decimal. */
export const roundToHalf = (price: number): number => roundToIncrement(price, 0.5);

/** Rupees to two decimals (paise). */
export const roundMoney = (amount: number): number => roundToIncrement(amount, 0.01);

export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const fromPaise = (paise: number): number => paise / 100;

export const isOnTickGrid = (price: number, tick: number = TICK_SIZE): boolean =>
  Number.isFinite(price) && toMicros(price) % toMicros(tick) === 0;

/** An order price must be at least 0.05 (else 'Invalid price - price should be greater than 0.05.'). */
export const isValidOrderPrice = (price: number): boolean =>
  Number.isFinite(price) && toMicros(price) >= toMicros(MIN_PRICE);

/** The modify step setting: on the tick grid, never below 0.05; garbage falls back to the default. */
export const normalizeModifyStep = (step: number): number =>
  Number.isFinite(step) ? Math.max(MIN_PRICE, roundToTick(step)) : DEFAULT_MODIFY_STEP;

export type StepDirection = 'up' | 'down';

/** One stepped price edit by the modify step; the result stays on the tick grid and never goes below 0. */
export const stepPrice = (price: number, step: number, direction: StepDirection): number => {
  const delta = normalizeModifyStep(step);
  return Math.max(0, roundToTick(direction === 'up' ? price + delta : price - delta));
};

/** Market protection percentage input on blur: absolute value, capped at 10, two decimals; junk becomes 0. */
export const clampMarketProtection = (percent: number): number =>
  Number.isNaN(percent) ? 0 : Math.min(roundMoney(Math.abs(percent)), MARKET_PROTECTION_MAX_PERCENT);

/** Market protection as the API sends it: a fraction (10% -> 0.1), or 0 when disabled. */
export const marketProtectionFraction = ({
  enabled,
  percentage,
}: {
  enabled: boolean;
  percentage: number;
}): number => (enabled ? clampMarketProtection(percentage) / 100 : 0);

const atLeastMinPrice = (price: number): number => Math.max(MIN_PRICE, roundToTick(price));

/**
 * Limit price of a market-protected order: the last price raised (buy) or lowered (sell) by the percentage,
 * on the 0.05 grid, at least 0.05.
 */
export const marketProtectionPrice = (ltp: number, side: TransactionType, percent: number): number => {
  const factor = side === 'buy' ? 100 + percent : 100 - percent;
  return atLeastMinPrice((ltp * factor) / 100);
};

/** Default trigger of a stop-loss order: last price plus (buy) or minus (sell) the SL points, >= 0.05. */
export const defaultStopLossTrigger = (ltp: number, side: TransactionType, slPoints: number): number =>
  atLeastMinPrice(side === 'buy' ? ltp + slPoints : ltp - slPoints);

/** Limit when market protection is on or a trigger price is given, otherwise market. */
export const orderTypeFor = ({
  marketProtection,
  triggerPrice,
}: {
  marketProtection: boolean;
  triggerPrice?: number | null;
}): Extract<OrderType, 'market' | 'limit'> =>
  marketProtection || (triggerPrice !== undefined && triggerPrice !== null) ? 'limit' : 'market';

/**
 * The exchanges' order-to-trade-ratio band for options: an order or modification priced within 40% of the last
 * traded price, or within Rs 20 of it when that is wider, is not counted against the member's ratio. Orders the
 * engine modifies at a live broker stay inside it.
 */
export const OTR_BAND = Object.freeze({ fraction: 0.4, points: 20 });

/** The prices a modification may carry without counting against the order-to-trade ratio. */
export function otrBand(lastPrice: number): { low: number; high: number } {
  const width = Math.max(lastPrice * OTR_BAND.fraction, OTR_BAND.points);
  return { low: Math.max(0, roundToTick(lastPrice - width)), high: roundToTick(lastPrice + width) };
}

export const withinOtrBand = (price: number, lastPrice: number): boolean => {
  const { low, high } = otrBand(lastPrice);
  return price >= low && price <= high;
};
