import { describe, expect, it } from 'vitest';
import {
  followUpEnabledChange,
  lotSizeChange,
  marketPresetChange,
  stopLossPresetChange,
  trailingHandlerChange,
} from './trading-rules';
import { defaultTradingSettings } from './trading-settings-defaults';

describe('follow-up vs preset', () => {
  it('enabling follow-up turns the market preset off and clears its category', () => {
    const s = defaultTradingSettings();
    s.marketOrderState = { ...s.marketOrderState, presetTargetAndSl: true, orderCategory: 'cover' };
    const change = followUpEnabledChange(s, true);
    expect(change.followUpTradesState?.followUpEnabled).toBe(true);
    expect(change.marketOrderState).toMatchObject({ presetTargetAndSl: false, orderCategory: null });
  });

  it('disabling follow-up leaves the market preset alone', () => {
    const s = defaultTradingSettings();
    s.followUpTradesState.followUpEnabled = true;
    const change = followUpEnabledChange(s, false);
    expect(change.followUpTradesState?.followUpEnabled).toBe(false);
    expect(change.marketOrderState).toBeUndefined();
  });

  it('enabling the market preset turns follow-up off and picks bracket', () => {
    const s = defaultTradingSettings();
    s.followUpTradesState.followUpEnabled = true;
    const change = marketPresetChange(s, true);
    expect(change.marketOrderState).toMatchObject({ presetTargetAndSl: true, orderCategory: 'bracket' });
    expect(change.followUpTradesState?.followUpEnabled).toBe(false);
  });

  it('unchecking the market preset clears the category', () => {
    const s = defaultTradingSettings();
    s.marketOrderState = { ...s.marketOrderState, presetTargetAndSl: true, orderCategory: 'cover' };
    expect(marketPresetChange(s, false).marketOrderState).toMatchObject({
      presetTargetAndSl: false,
      orderCategory: null,
    });
  });

  it('the stop-loss preset picks bracket when checked and clears it when unchecked', () => {
    const s = defaultTradingSettings();
    expect(stopLossPresetChange(s, true).stopLossOrderState).toMatchObject({
      presetTargetAndSl: true,
      orderCategory: 'bracket',
    });
    expect(stopLossPresetChange(s, false).stopLossOrderState).toMatchObject({
      presetTargetAndSl: false,
      orderCategory: null,
    });
  });
});

describe('trailing handler', () => {
  it.each([
    ['broker', 5, 1],
    ['local', 1, 1],
  ] as const)('choosing %s sets price change %s and SL change %s', (handler, priceChange, slChange) => {
    const s = defaultTradingSettings();
    s.stopLossOrderState.autoSLTrail = {
      enabled: true,
      priceChange: 3,
      slChange: 4,
      trailingHandler: 'local',
    };
    expect(trailingHandlerChange(s, handler).stopLossOrderState?.autoSLTrail).toEqual({
      enabled: true,
      trailingHandler: handler,
      priceChange,
      slChange,
    });
  });
});

describe('lot size known', () => {
  it('re-rounds both quantities to lot multiples', () => {
    const s = defaultTradingSettings();
    s.marketOrderState.quantity = 100;
    s.stopLossOrderState.quantity = 10;
    const change = lotSizeChange(s, 65);
    expect(change.marketOrderState?.quantity).toBe(130);
    expect(change.stopLossOrderState?.quantity).toBe(65);
  });

  it("uses the index's default quantity when 'use default quantity' is on", () => {
    const s = defaultTradingSettings();
    s.orderConfig.index = 'BANKNIFTY';
    s.userSettingsState.useDefaultQuantity = true;
    s.userSettingsState.defaultQuantity.BANKNIFTY = 90;
    s.marketOrderState.quantity = 300;
    const change = lotSizeChange(s, 30);
    expect(change.marketOrderState?.quantity).toBe(90);
    expect(change.stopLossOrderState?.quantity).toBe(90);
  });
});
