import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { FollowUpTable } from './follow-up-table';

// Dense forms in jsdom are slow on a loaded machine; the rules under test are not timing-sensitive.
vi.setConfig({ testTimeout: 20_000 });

const state = () => useTradingSettings.getState();

const instrument = (type: 'CE' | 'PE') => ({
  tradingsymbol: `BANKNIFTY26NOV59000${type}`,
  internalToken: `bn-${type}`,
  name: 'BANKNIFTY',
  expiry: '2026-11-24',
  strike: 59000,
  instrument_type: type,
  last_price: 300,
  tick_size: 0.05,
  lot_size: 30,
  exchange: 'NFO',
  exchange_token: '1',
  identifier: `BANKNIFTY 24 NOV 59000 ${type}`,
  segment: 'NFO-OPT',
});

let calls: ReturnType<typeof mockApi>;
beforeEach(() => {
  state().resetSettings();
  calls = mockApi({
    'GET /instruments/fetchLatestOptionOfIndex': () => ok({ call: instrument('CE'), put: instrument('PE') }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Follow-Up Trades', () => {
  it('shows the four rows and disables every control but the master switch while off', () => {
    render(<FollowUpTable />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-follow-up'))).toEqual([
      'buyCall',
      'sellCall',
      'buyPut',
      'sellPut',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Follow-Up Trades' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Wait for Fill Confirmation' })).toBeDisabled();
    for (const row of rows) {
      expect(within(row).getByRole('checkbox')).toBeDisabled();
      for (const select of within(row).getAllByRole('combobox')) expect(select).toBeDisabled();
    }
  });

  it('enables the controls with follow-up on, and that turns the market preset off', async () => {
    state().patchSettings('marketOrderState', { presetTargetAndSl: true, orderCategory: 'bracket' });
    render(<FollowUpTable />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Follow-Up Trades' }));
    expect(state().followUpTradesState.followUpEnabled).toBe(true);
    expect(state().marketOrderState).toMatchObject({ presetTargetAndSl: false, orderCategory: null });
    expect(screen.getByRole('checkbox', { name: 'Wait for Fill Confirmation' })).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wait for Fill Confirmation' }));
    expect(state().followUpTradesState.waitForFillConfirmation).toBe(true);
  });

  it('edits a row: enabled, action and multiplier 0.1 to 10.0', async () => {
    state().patchSettings('followUpTradesState', { followUpEnabled: true });
    render(<FollowUpTable />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sell Put' }));
    expect(state().followUpTradesState.trades.sellPut.isEnabled).toBe(false);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Buy Call follow-up action' }),
      'sell',
    );
    expect(state().followUpTradesState.trades.buyCall.action).toBe('sell');
    const multiplier = screen.getByRole('combobox', { name: 'Buy Put follow-up multiplier' });
    const options = [...multiplier.querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toHaveLength(100);
    expect([options[0], options[9], options[99]]).toEqual(['0.1', '1.0', '10.0']);
    await userEvent.selectOptions(multiplier, '2.5');
    expect(state().followUpTradesState.trades.buyPut.multiplier).toBe(2.5);
  });

  it('defaults unset rows to the nearest BANKNIFTY call or put', async () => {
    render(<FollowUpTable />);
    await waitFor(() => expect(state().followUpTradesState.trades.buyCall.instrument).not.toBeNull());
    const trades = state().followUpTradesState.trades;
    expect(trades.buyCall.instrument).toEqual({
      index: 'BANKNIFTY',
      tradingSymbol: 'BANKNIFTY26NOV59000CE',
      identifier: 'BANKNIFTY 24 NOV 59000 CE',
      expiry: '2026-11-24',
      lotSize: 30,
    });
    expect(trades.sellCall.instrument?.tradingSymbol).toBe('BANKNIFTY26NOV59000CE');
    expect(trades.buyPut.instrument?.tradingSymbol).toBe('BANKNIFTY26NOV59000PE');
    expect(trades.sellPut.instrument?.tradingSymbol).toBe('BANKNIFTY26NOV59000PE');
    expect(calls[0]?.path).toBe('/instruments/fetchLatestOptionOfIndex');
  });

  it('keeps a row the user already set', async () => {
    const mine = {
      index: 'NIFTY' as const,
      tradingSymbol: 'NIFTY26N2426000CE',
      identifier: 'NIFTY 26000 CE',
      expiry: '2026-11-24',
      lotSize: 65,
    };
    useTradingSettings.setState((s) => ({
      followUpTradesState: {
        ...s.followUpTradesState,
        trades: {
          ...s.followUpTradesState.trades,
          buyCall: { ...s.followUpTradesState.trades.buyCall, instrument: mine },
        },
      },
    }));
    render(<FollowUpTable />);
    await waitFor(() => expect(state().followUpTradesState.trades.sellCall.instrument).not.toBeNull());
    expect(state().followUpTradesState.trades.buyCall.instrument).toEqual(mine);
  });

  it('uses the plugged-in picker to choose an instrument', async () => {
    state().patchSettings('followUpTradesState', { followUpEnabled: true });
    render(
      <FollowUpTable
        InstrumentPicker={({ label, onSelect, disabled }) => (
          <button
            type="button"
            disabled={disabled}
            onClick={() =>
              onSelect({
                ...instrument('PE'),
                name: 'NIFTY',
                tradingsymbol: 'NIFTY26N2426000PE',
                lot_size: 65,
              } as never)
            }
          >
            {label}
          </button>
        )}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sell Call follow-up instrument' }));
    expect(state().followUpTradesState.trades.sellCall.instrument).toMatchObject({
      index: 'NIFTY',
      tradingSymbol: 'NIFTY26N2426000PE',
      lotSize: 65,
    });
  });
});
