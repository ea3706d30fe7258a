import { MIN_PRICE, TRAIL_MINIMUMS } from '@xtrader/core/orders/constants';
import {
  enforceTrailMinimums,
  normalizeSettingsSlDifference,
  normalizeSlPoints,
  stepSlPoints,
  stepTrailValue,
} from '@xtrader/core/orders/input-rules';
import { roundToTick } from '@xtrader/core/orders/price-rules';
import { roundQuantityToLots, stepQuantity } from '@xtrader/core/orders/quantity-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { StepDirection } from '../../ui/number-stepper';
import type { OrderCard } from './order-intent';

// The input rules for the order cards, each a small hook over the persisted settings
// and the core rules. Components render these and never round anything themselves.

export type NumberField = {
  value: number;
  onCommit: (value: number) => void;
  onStep: (direction: StepDirection) => void;
};

const SL_POINTS_STEP = 1;
const PRESET_POINTS_STEP = 1;

const sliceOf = (card: OrderCard) => (card === 'market' ? 'marketOrderState' : 'stopLossOrderState');

/** Quantity: steps by the lot size, a minus below 0 is ignored, blur rounds to a lot multiple. */
export function useQuantityField(card: OrderCard): NumberField {
  const slice = sliceOf(card);
  const value = useTradingSettings((s) => s[slice].quantity);
  const lotSize = useTradingSettings((s) => s.orderConfig.lotSize);
  const patch = useTradingSettings((s) => s.patchSettings);
  return {
    value,
    onCommit: (typed) => patch(slice, { quantity: roundQuantityToLots(typed, lotSize) }),
    onStep: (direction) => patch(slice, { quantity: stepQuantity(value, lotSize, direction) }),
  };
}

/** SL points: a minus below 0 is ignored; blur turns 0 or less into 1 and rounds to 0.05. */
export function useSlPointsField(): NumberField {
  const value = useTradingSettings((s) => s.stopLossOrderState.slPoints);
  const patch = useTradingSettings((s) => s.patchSettings);
  return {
    value,
    onCommit: (typed) => patch('stopLossOrderState', { slPoints: normalizeSlPoints(typed) }),
    onStep: (direction) =>
      patch('stopLossOrderState', { slPoints: stepSlPoints(value, SL_POINTS_STEP, direction) }),
  };
}

/** Preset target or stop-loss points of a card: on the 0.05 grid, at least 0.05. */
export function usePresetPointsField(card: OrderCard, field: 'target' | 'stopLoss'): NumberField {
  const slice = sliceOf(card);
  const value = useTradingSettings((s) => s[slice][field]);
  const patch = useTradingSettings((s) => s.patchSettings);
  return {
    value,
    onCommit: (typed) => patch(slice, { [field]: normalizeSettingsSlDifference(typed) }),
    onStep: (direction) => patch(slice, { [field]: stepSlPoints(value, PRESET_POINTS_STEP, direction) }),
  };
}

/**
 * Auto SL trail price change or SL change: never under the handler's minimum (price change 5 for broker, 1 for
 * local; SL change 1); a minus at or below 0 or the minimum is ignored.
 */
export function useTrailField(field: 'priceChange' | 'slChange'): NumberField {
  const trail = useTradingSettings((s) => s.stopLossOrderState.autoSLTrail);
  const patch = useTradingSettings((s) => s.patchSettings);
  const minimum = TRAIL_MINIMUMS[trail.trailingHandler][field];
  const save = (next: number) => {
    const params = enforceTrailMinimums(trail.trailingHandler, {
      priceChange: trail.priceChange,
      slChange: trail.slChange,
      [field]: next,
    });
    patch('stopLossOrderState', { autoSLTrail: { ...trail, ...params } });
  };
  return {
    value: trail[field],
    onCommit: save,
    onStep: (direction) => save(stepTrailValue(trail[field], minimum, direction)),
  };
}

/** The most a disaster stop may sit beyond its local trigger (points); a wider one protects nothing. */
const MAX_DISASTER_POINTS = 1_000;

/** Disaster stop points typed or stepped: empty, zero or junk turns it off; else on the tick, 0.05 to 1,000. */
export function normalizeDisasterPoints(value: number): number | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  return Math.min(MAX_DISASTER_POINTS, Math.max(MIN_PRICE, roundToTick(value)));
}

/** Hybrid stop's disaster distance in points: empty is off; steps by 1 point from off (to 1) or the value. */
export function useDisasterField(): Omit<NumberField, 'value'> & { value: number | null } {
  const points = useTradingSettings((s) => s.stopLossOrderState.disasterStopPoints ?? null);
  const patch = useTradingSettings((s) => s.patchSettings);
  const save = (next: number) =>
    patch('stopLossOrderState', { disasterStopPoints: normalizeDisasterPoints(next) });
  return {
    value: points,
    onCommit: save,
    onStep: (direction) => save((points ?? 0) + (direction === 'up' ? 1 : -1)),
  };
}
