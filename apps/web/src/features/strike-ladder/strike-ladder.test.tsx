import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { StrikeLadder } from './strike-ladder';
import type { LadderInstrumentSource } from './use-ladder-contracts';

const STRIKES = Array.from({ length: 21 }, (_, at) => 25500 + at * 50);

const source: LadderInstrumentSource = {
  useStrikes: () => STRIKES,
  fetchInstrument: async (_index, _expiry, type, strike) => ({ tradingsymbol: `NIFTYX${strike}${type}` }),
  instrumentKey: (index, expiry, type, strike) => ['ladder-test', index, expiry, type, strike],
};

const strikesShown = () =>
  [...document.querySelectorAll('tr[data-strike]')].map((row) => Number(row.getAttribute('data-strike')));

beforeEach(() => {
  useTradingSettings.getState().resetSettings();
  useTradingSettings
    .getState()
    .patchSettings('orderConfig', { expiry: '2026-12-01', callStrike: 26000, putStrike: 26000 });
});
afterEach(() => useTradingSettings.getState().resetSettings());

describe('strike ladder', () => {
  it('shows the strikes around the chosen one before the index ticks, the chosen one selected', () => {
    renderWithQueryClient(<StrikeLadder source={source} />);
    expect(strikesShown()).toEqual([
      25750, 25800, 25850, 25900, 25950, 26000, 26050, 26100, 26150, 26200, 26250,
    ]);
    expect(document.querySelector('tr[data-strike="26000"]')).toHaveAttribute('aria-selected', 'true');
  });

  it('] and [ move the call and put strikes one listed strike; a click chooses a row', () => {
    renderWithQueryClient(<StrikeLadder source={source} />);
    act(() => void fireEvent.keyDown(document.body, { key: ']', code: 'BracketRight' }));
    expect(useTradingSettings.getState().orderConfig).toMatchObject({
      callStrike: 26050,
      putStrike: 26050,
      callTradingSymbol: '',
    });
    act(() => void fireEvent.keyDown(document.body, { key: '[', code: 'BracketLeft' }));
    act(() => void fireEvent.keyDown(document.body, { key: '[', code: 'BracketLeft' }));
    expect(useTradingSettings.getState().orderConfig.callStrike).toBe(25950);
    fireEvent.click(document.querySelector('tr[data-strike="26150"]')!);
    expect(useTradingSettings.getState().orderConfig).toMatchObject({ callStrike: 26150, putStrike: 26150 });
  });

  it('takes no step key while trading keys are off', () => {
    useTradingSettings.getState().patchSettings('orderConfig', { tradingKeysEnabled: false });
    renderWithQueryClient(<StrikeLadder source={source} />);
    act(() => void fireEvent.keyDown(document.body, { key: ']' }));
    expect(useTradingSettings.getState().orderConfig.callStrike).toBe(26000);
  });

  it('collapses to its header', () => {
    renderWithQueryClient(<StrikeLadder source={source} />);
    fireEvent.click(screen.getByRole('button', { name: 'Strikes' }));
    expect(strikesShown()).toEqual([]);
    expect(useTradingSettings.getState().strikeLadder.collapsed).toBe(true);
  });
});
