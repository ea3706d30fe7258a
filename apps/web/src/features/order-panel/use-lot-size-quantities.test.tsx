import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexChange } from '../../state/order-config-rules';
import { useTradingSettings } from '../../state/trading-settings-store';
import { useLotSizeQuantities } from './use-lot-size-quantities';

function Probe() {
  useLotSizeQuantities();
  return null;
}
const state = () => useTradingSettings.getState();

beforeEach(() => state().resetSettings());

describe('quantities follow a newly known lot size', () => {
  it('re-rounds both quantities to the new lot', () => {
    render(<Probe />);
    act(() => {
      state().patchSettings('marketOrderState', { quantity: 100 });
      state().patchSettings('stopLossOrderState', { quantity: 200 });
      state().patchSettings('orderConfig', { lotSize: 30 });
    });
    expect(state().marketOrderState.quantity).toBe(90);
    expect(state().stopLossOrderState.quantity).toBe(210);
  });

  it("uses the index's default quantity when 'use default quantity' is on", () => {
    render(<Probe />);
    act(() => {
      state().patchSettings('userSettingsState', {
        useDefaultQuantity: true,
        defaultQuantity: { ...state().userSettingsState.defaultQuantity, SENSEX: 60 },
      });
      state().patchSettings('orderConfig', { index: 'SENSEX', lotSize: null });
      state().patchSettings('orderConfig', { lotSize: 20 });
    });
    expect(state().marketOrderState.quantity).toBe(60);
    expect(state().stopLossOrderState.quantity).toBe(60);
  });

  it('leaves quantities alone while the lot size is unknown or unchanged', () => {
    render(<Probe />);
    act(() => {
      state().patchSettings('orderConfig', { lotSize: 65 });
      state().patchSettings('marketOrderState', { quantity: 100 });
      state().patchSettings('orderConfig', { lotSize: 65, expiry: '2026-11-24' });
      state().patchSettings('orderConfig', { lotSize: null });
    });
    expect(state().marketOrderState.quantity).toBe(100);
  });

  it('keeps the number of lots when the index changes and back (NIFTY 65 -> MIDCPNIFTY 120 -> NIFTY)', () => {
    render(<Probe />);
    const quantities = () => [state().marketOrderState.quantity, state().stopLossOrderState.quantity];
    act(() => {
      state().patchSettings('orderConfig', { lotSize: 65 });
      state().patchSettings('marketOrderState', { quantity: 65 });
      state().patchSettings('stopLossOrderState', { quantity: 195 });
    });
    act(() => state().patchSettings('orderConfig', indexChange('MIDCPNIFTY')));
    act(() => state().patchSettings('orderConfig', { lotSize: 120 }));
    expect(quantities()).toEqual([120, 360]);
    act(() => state().patchSettings('orderConfig', indexChange('NIFTY')));
    act(() => state().patchSettings('orderConfig', { lotSize: 65 }));
    expect(quantities()).toEqual([65, 195]);
  });
});
