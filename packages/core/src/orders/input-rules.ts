import { MIN_PRICE, TRAIL_MINIMUMS } from './constants';
import { roundToTick, type StepDirection } from './price-rules';
import type { TrailingHandler } from './types';

/**
 * SL points (and the trigger/limit difference) on blur: rounded to 0.05; a value that is 0 or less after
 * rounding, or not a number, becomes 1.
 */
export const normalizeSlPoints = (value: number): number => {
  const rounded = roundToTick(value);
  return Number.isFinite(rounded) && rounded > 0 ? rounded : 1;
};

/** The trigger/limit difference input follows the SL points rules. */
export const normalizeTriggerLimitDifference = normalizeSlPoints;

/** Stop-loss difference inputs of the settings dialog: on the 0.05 grid, at least 0.05. */
export const normalizeSettingsSlDifference = (value: number): number => {
  const rounded = roundToTick(value);
  return Number.isFinite(rounded) ? Math.max(MIN_PRICE, rounded) : MIN_PRICE;
};

/** A minus step on SL points is ignored when it would go below 0. */
export const stepSlPoints = (value: number, step: number, direction: StepDirection): number => {
  if (direction === 'up') return roundToTick(value + step);
  return value - step < 0 ? value : roundToTick(value - step);
};

export interface TrailParams {
  priceChange: number;
  slChange: number;
}

/** Parameters set when the trailing handler is chosen: broker 5/1, local 1/1. */
export const trailParamsFor = (handler: TrailingHandler): TrailParams => ({ ...TRAIL_MINIMUMS[handler] });

/** Raises values under the handler's minimums (switching to broker lifts a price change under 5 to 5). */
export const enforceTrailMinimums = (handler: TrailingHandler, params: TrailParams): TrailParams => {
  const min = TRAIL_MINIMUMS[handler];
  const lift = (value: number, floor: number) => (Number.isFinite(value) ? Math.max(value, floor) : floor);
  return {
    priceChange: lift(params.priceChange, min.priceChange),
    slChange: lift(params.slChange, min.slChange),
  };
};

export interface FieldError {
  field: keyof TrailParams;
  message: string;
}

/** Server-side check of trail parameters against the handler's minimums. */
export const validateTrailParams = (handler: TrailingHandler, params: TrailParams): FieldError[] => {
  const min = TRAIL_MINIMUMS[handler];
  const errors: FieldError[] = [];
  if (!(params.priceChange >= min.priceChange)) {
    errors.push({ field: 'priceChange', message: `Price change should be at least ${min.priceChange}` });
  }
  if (!(params.slChange >= min.slChange)) {
    errors.push({ field: 'slChange', message: `SL change should be at least ${min.slChange}` });
  }
  return errors;
};

/** A trail input step: minus is ignored at or below 0 or at or below the minimum, and never goes under it. */
export const stepTrailValue = (
  value: number,
  minimum: number,
  direction: StepDirection,
  step = 1,
): number => {
  if (direction === 'up') return value + step;
  if (value <= 0 || value <= minimum) return value;
  return Math.max(minimum, value - step);
};
