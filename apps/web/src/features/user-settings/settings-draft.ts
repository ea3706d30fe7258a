import type { UserSettingsPatch } from '@xtrader/core/api/settings';
import { getIndex, type IndexName } from '@xtrader/core/market/indices';
import { normalizeSettingsSlDifference } from '@xtrader/core/orders/input-rules';
import {
  clampMarketProtection,
  normalizeModifyStep,
  type StepDirection,
  stepPrice,
} from '@xtrader/core/orders/price-rules';
import { roundQuantityToLots, stepQuantity } from '@xtrader/core/orders/quantity-rules';
import type { UserSettingsState } from '../../state/trading-settings-types';

// Input rules of the User Settings dialog, as pure edits of a draft the dialog holds until Apply.

const MODIFY_STEP_STEP = 0.05;
const DIFFERENCE_STEP = 0.05;
const PERCENT_STEP = 1;

export type Draft = UserSettingsState;

/** Modify step: on the 0.05 grid, at least 0.05 (its default). */
export const commitModifyStep = (d: Draft, typed: number): Draft => ({
  ...d,
  modifyStep: normalizeModifyStep(typed),
});
export const stepModifyStep = (d: Draft, direction: StepDirection): Draft => ({
  ...d,
  modifyStep: normalizeModifyStep(stepPrice(d.modifyStep, MODIFY_STEP_STEP, direction)),
});

/** Exit-all market protection percentage: absolute value, capped at 10. */
export const commitExitAllPercent = (d: Draft, typed: number): Draft => ({
  ...d,
  exitAllMarketProtection: { ...d.exitAllMarketProtection, percentage: clampMarketProtection(typed) },
});
export const stepExitAllPercent = (d: Draft, direction: StepDirection): Draft => {
  const current = d.exitAllMarketProtection.percentage;
  const next = direction === 'up' ? current + PERCENT_STEP : current - PERCENT_STEP;
  return commitExitAllPercent(d, next < 0 ? current : next);
};

/** Default quantity of an index: whole lots of that index, at least one. */
export const commitDefaultQuantity = (d: Draft, index: IndexName, typed: number): Draft => ({
  ...d,
  defaultQuantity: { ...d.defaultQuantity, [index]: roundQuantityToLots(typed, getIndex(index).lotSize) },
});
export const stepDefaultQuantity = (d: Draft, index: IndexName, direction: StepDirection): Draft => {
  const next = stepQuantity(d.defaultQuantity[index], getIndex(index).lotSize, direction);
  return next > 0 ? { ...d, defaultQuantity: { ...d.defaultQuantity, [index]: next } } : d;
};

/** Stop-loss trigger/limit difference of an index: on the 0.05 grid, minimum 0.05. */
export const commitSlDifference = (d: Draft, index: IndexName, typed: number): Draft => ({
  ...d,
  SLTriggerPriceDifference: { ...d.SLTriggerPriceDifference, [index]: normalizeSettingsSlDifference(typed) },
});
export const stepSlDifference = (d: Draft, index: IndexName, direction: StepDirection): Draft =>
  commitSlDifference(d, index, stepPrice(d.SLTriggerPriceDifference[index], DIFFERENCE_STEP, direction));

/** Only the indices whose value differs. */
function changedIndices<T>(
  before: Record<IndexName, T>,
  after: Record<IndexName, T>,
): Partial<Record<IndexName, T>> {
  const entries = Object.entries(after).filter(([index, value]) => before[index as IndexName] !== value);
  return Object.fromEntries(entries) as Partial<Record<IndexName, T>>;
}

/**
 * What Apply sends: only the settings the user changed since the dialog opened. A browser that has not yet read
 * the saved settings then cannot write its defaults over the ones saved from another browser.
 */
export function changedSettings(before: Draft, after: Draft): UserSettingsPatch {
  const patch: UserSettingsPatch = {};
  if (after.modifyStep !== before.modifyStep) patch.modifyStep = after.modifyStep;
  if (
    after.exitAllMarketProtection.enabled !== before.exitAllMarketProtection.enabled ||
    after.exitAllMarketProtection.percentage !== before.exitAllMarketProtection.percentage
  )
    patch.exitAllMarketProtection = after.exitAllMarketProtection;
  if (after.useDefaultQuantity !== before.useDefaultQuantity)
    patch.useDefaultQuantity = after.useDefaultQuantity;
  const quantities = changedIndices(before.defaultQuantity, after.defaultQuantity);
  if (Object.keys(quantities).length > 0) patch.defaultQuantity = quantities;
  const differences = changedIndices(before.SLTriggerPriceDifference, after.SLTriggerPriceDifference);
  if (Object.keys(differences).length > 0) patch.SLTriggerPriceDifference = differences;
  const discipline = Object.fromEntries(
    Object.entries(after.discipline).filter(
      ([rule, value]) => before.discipline[rule as keyof typeof before.discipline] !== value,
    ),
  );
  if (Object.keys(discipline).length > 0) patch.discipline = discipline;
  if (JSON.stringify(after.alerts) !== JSON.stringify(before.alerts)) patch.alerts = after.alerts;
  return patch;
}
