import { beforeEach, describe, expect, it } from 'vitest';
import { defaultTradingSettings } from './trading-settings-defaults';
import {
  createTradingSettingsStore,
  STORE_VERSION_KEY,
  TRADING_SETTINGS_KEY,
  TRADING_SETTINGS_VERSION,
} from './trading-settings-store';

const storeSettings = (state: object) =>
  localStorage.setItem(TRADING_SETTINGS_KEY, JSON.stringify({ state, version: 0 }));

describe('trading settings store', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the default settings', () => {
    const state = createTradingSettingsStore(localStorage).getState();
    expect(state.orderConfig).toMatchObject({ index: 'NIFTY', productType: 'normal', icebergOrder: false });
    expect(state.orderConfig.marketProtection).toEqual({ enabled: false, percentage: 10 });
    expect(state.marketOrderState).toMatchObject({
      quantity: 10000,
      multiplier: 1,
      presetTargetAndSl: false,
    });
    expect(state.stopLossOrderState.slPoints).toBe(25);
    expect(state.stopLossOrderState.autoSLTrail).toEqual({
      enabled: false,
      priceChange: 5,
      slChange: 1,
      trailingHandler: 'broker',
    });
    expect(state.userSettingsState.modifyStep).toBe(0.05);
    expect(state.orderTableState.selectedTab).toBe('positions');
    expect(
      Object.values(state.followUpTradesState.trades).every((t) => t.isEnabled && t.multiplier === 1),
    ).toBe(true);
    expect(localStorage.getItem(STORE_VERSION_KEY)).toBe(TRADING_SETTINGS_VERSION);
  });

  it('resets settings stored under another schema version', () => {
    localStorage.setItem(STORE_VERSION_KEY, 'V4');
    storeSettings({ orderConfig: { ...defaultTradingSettings().orderConfig, index: 'BANKNIFTY' } });
    const state = createTradingSettingsStore(localStorage).getState();
    expect(state.orderConfig.index).toBe('NIFTY');
    expect(localStorage.getItem(STORE_VERSION_KEY)).toBe('V5');
  });

  it('resets settings stored without any version', () => {
    storeSettings({
      orderTableState: { ...defaultTradingSettings().orderTableState, selectedTab: 'openOrders' },
    });
    expect(createTradingSettingsStore(localStorage).getState().orderTableState.selectedTab).toBe('positions');
  });

  it('keeps V5 settings and fills fields missing from a stored slice with defaults', () => {
    localStorage.setItem(STORE_VERSION_KEY, 'V5');
    storeSettings({ orderConfig: { index: 'SENSEX' } });
    const state = createTradingSettingsStore(localStorage).getState();
    expect(state.orderConfig.index).toBe('SENSEX');
    expect(state.orderConfig.productType).toBe('normal');
  });

  it('persists changes for the next load', () => {
    const first = createTradingSettingsStore(localStorage);
    first.getState().patchSettings('orderConfig', { index: 'FINNIFTY' });
    first.getState().setSelectedTab('executedOrders');
    const second = createTradingSettingsStore(localStorage).getState();
    expect(second.orderConfig.index).toBe('FINNIFTY');
    expect(second.orderTableState.selectedTab).toBe('executedOrders');
  });
});
