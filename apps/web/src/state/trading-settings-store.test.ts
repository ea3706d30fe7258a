import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_KEY_MAP } from './key-map';
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
    expect(localStorage.getItem(STORE_VERSION_KEY)).toBe('V6');
  });

  it('resets settings stored without any version', () => {
    storeSettings({
      orderTableState: { ...defaultTradingSettings().orderTableState, selectedTab: 'openOrders' },
    });
    expect(createTradingSettingsStore(localStorage).getState().orderTableState.selectedTab).toBe('positions');
  });

  it('migrates V5 settings to V6: kept, with the default key map and ladders', () => {
    localStorage.setItem(STORE_VERSION_KEY, 'V5');
    storeSettings({ orderConfig: { index: 'SENSEX' } });
    const state = createTradingSettingsStore(localStorage).getState();
    expect(state.orderConfig.index).toBe('SENSEX');
    expect(state.orderConfig.productType).toBe('normal');
    expect(state.keyMap).toEqual(DEFAULT_KEY_MAP);
    expect(state.strikeLadder).toEqual({ collapsed: false, strikesEachSide: 5 });
    expect(state.priceLadder).toEqual({ collapsed: true, autoReprice: 0 });
    expect(localStorage.getItem(STORE_VERSION_KEY)).toBe('V6');
  });

  it('keeps a stored key map but drops one that binds a key twice', () => {
    localStorage.setItem(STORE_VERSION_KEY, 'V6');
    storeSettings({ keyMap: { buyCall: 'q' } });
    expect(createTradingSettingsStore(localStorage).getState().keyMap.buyCall).toBe('q');
    storeSettings({ keyMap: { buyCall: '1' } });
    expect(createTradingSettingsStore(localStorage).getState().keyMap).toEqual(DEFAULT_KEY_MAP);
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
