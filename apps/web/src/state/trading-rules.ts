import { trailParamsFor } from '@xtrader/core/orders/input-rules';
import { effectiveLotSize, roundQuantityToLots } from '@xtrader/core/orders/quantity-rules';
import type { TrailingHandler } from '@xtrader/core/orders/types';
import type { PresetOrderCategory, TradingSettings } from './trading-settings-types';

// The state rules that tie settings slices together, as pure functions of the persisted
// settings. Each returns only the slices it changes, ready for the store's `setState`.

type Change = Partial<TradingSettings>;

/** Enabling follow-up turns off the market-order preset target and stop-loss (and so clears its category). */
export function followUpEnabledChange(s: TradingSettings, enabled: boolean): Change {
  const followUpTradesState = { ...s.followUpTradesState, followUpEnabled: enabled };
  if (!enabled) return { followUpTradesState };
  return {
    followUpTradesState,
    marketOrderState: { ...s.marketOrderState, presetTargetAndSl: false, orderCategory: null },
  };
}

/**
 * Enabling the market-order preset turns follow-up off and makes the order a bracket; unchecking the preset
 * clears the category.
 */
export function marketPresetChange(s: TradingSettings, enabled: boolean): Change {
  if (!enabled) {
    return { marketOrderState: { ...s.marketOrderState, presetTargetAndSl: false, orderCategory: null } };
  }
  return {
    marketOrderState: { ...s.marketOrderState, presetTargetAndSl: true, orderCategory: 'bracket' },
    followUpTradesState: { ...s.followUpTradesState, followUpEnabled: false },
  };
}

/** The stop-loss card's preset: a bracket when checked, no category when unchecked. */
export function stopLossPresetChange(s: TradingSettings, enabled: boolean): Change {
  const orderCategory: PresetOrderCategory | null = enabled ? 'bracket' : null;
  return { stopLossOrderState: { ...s.stopLossOrderState, presetTargetAndSl: enabled, orderCategory } };
}

/** Choosing a trailing handler sets its parameters: broker 5/1, local 1/1. */
export function trailingHandlerChange(s: TradingSettings, handler: TrailingHandler): Change {
  const autoSLTrail = {
    ...s.stopLossOrderState.autoSLTrail,
    trailingHandler: handler,
    ...trailParamsFor(handler),
  };
  return { stopLossOrderState: { ...s.stopLossOrderState, autoSLTrail } };
}

/**
 * Once the lot size of the chosen contract is known, both cards' quantities become the index's default quantity
 * (when 'use default quantity' is on) or keep their number of lots: a trader who trades one lot of NIFTY (65) still
 * trades one lot after switching to MIDCPNIFTY (120) and back. `previousLotSize` is the lot size the quantities were
 * counted in; without it they are re-rounded to the new lot.
 */
export function lotSizeChange(
  s: TradingSettings,
  lotSize: number,
  previousLotSize: number | null = null,
): Change {
  const { useDefaultQuantity, defaultQuantity } = s.userSettingsState;
  const quantityFor = (current: number) => {
    if (useDefaultQuantity) return roundQuantityToLots(defaultQuantity[s.orderConfig.index], lotSize);
    if (previousLotSize === null || !(previousLotSize > 0)) return roundQuantityToLots(current, lotSize);
    const lots = roundQuantityToLots(current, previousLotSize) / effectiveLotSize(previousLotSize);
    return lots * lotSize;
  };
  return {
    marketOrderState: { ...s.marketOrderState, quantity: quantityFor(s.marketOrderState.quantity) },
    stopLossOrderState: { ...s.stopLossOrderState, quantity: quantityFor(s.stopLossOrderState.quantity) },
  };
}
