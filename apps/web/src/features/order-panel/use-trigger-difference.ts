import { SL_SETTINGS_SAVE_DEBOUNCE_MS } from '@xtrader/core/constants';
import { normalizeTriggerLimitDifference, stepSlPoints } from '@xtrader/core/orders/input-rules';
import { useEffect, useRef } from 'react';
import { toastError } from '../../api/toast-error';
import { saveUserSettings } from '../../api/user-settings-requests';
import { FAILURE_TITLES } from '../../lib/order-messages';
import { useTradingSettings } from '../../state/trading-settings-store';
import type { NumberField } from './use-order-fields';

const DIFFERENCE_STEP = 0.05;

/**
 * The stop-loss trigger/limit difference of the chosen index: SL-points rules (minus ignored below 0, blur makes
 * 0 or less into 1, 0.05 grid). Each change is kept locally at once and saved to the user settings after 500 ms
 * of quiet, only if it differs from what was last saved for that index.
 */
export function useTriggerDifferenceField(): NumberField {
  const index = useTradingSettings((s) => s.orderConfig.index);
  const value = useTradingSettings((s) => s.userSettingsState.SLTriggerPriceDifference[index]);
  const patch = useTradingSettings((s) => s.patchSettings);
  const saved = useRef(new Map<string, number>());
  if (!saved.current.has(index)) saved.current.set(index, value);

  useEffect(() => {
    if (saved.current.get(index) === value) return;
    const timer = setTimeout(() => {
      saved.current.set(index, value);
      saveUserSettings({ SLTriggerPriceDifference: { [index]: value } }).catch((error: unknown) => {
        saved.current.delete(index);
        toastError(error, FAILURE_TITLES.settings);
      });
    }, SL_SETTINGS_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [index, value]);

  const set = (next: number) => {
    const current = useTradingSettings.getState().userSettingsState;
    patch('userSettingsState', {
      SLTriggerPriceDifference: { ...current.SLTriggerPriceDifference, [index]: next },
    });
  };
  return {
    value,
    onCommit: (typed) => set(normalizeTriggerLimitDifference(typed)),
    onStep: (direction) => set(stepSlPoints(value, DIFFERENCE_STEP, direction)),
  };
}
