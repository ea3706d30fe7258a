import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { FollowUpTable } from '../follow-up/follow-up-table';
import { FollowUpInstrumentPicker } from './follow-up-instrument-picker';

vi.setConfig({ testTimeout: 20_000 });

const instrument = (name: string, strike: number, type: 'CE' | 'PE', lot: number) => ({
  tradingsymbol: `${name}26NOV${strike}${type}`,
  internalToken: `${name}-${strike}-${type}`,
  name,
  expiry: '2026-11-24',
  strike,
  instrument_type: type,
  last_price: 100,
  tick_size: 0.05,
  lot_size: lot,
  exchange: 'NFO',
  exchange_token: '1',
  identifier: `${name} 24 NOV ${strike} ${type}`,
  segment: 'NFO-OPT',
});

let calls: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  useTradingSettings.getState().resetSettings();
  useTradingSettings.getState().patchSettings('followUpTradesState', { followUpEnabled: true });
  calls = mockApi({
    'GET /instruments/fetchLatestOptionOfIndex': () =>
      ok({ call: instrument('BANKNIFTY', 59000, 'CE', 30), put: instrument('BANKNIFTY', 59000, 'PE', 30) }),
    'GET /instruments/search': () =>
      ok({ instruments: [instrument('FINNIFTY', 27500, 'PE', 60)], next: false }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('follow-up instrument picker', () => {
  it('searches options and sets the row to the chosen one', async () => {
    renderWithQueryClient(<FollowUpTable InstrumentPicker={FollowUpInstrumentPicker} />);
    const trigger = await screen.findByRole('button', { name: 'Sell Put follow-up instrument' });
    await waitFor(() => expect(trigger).toHaveTextContent('BANKNIFTY 24 NOV 59000 PE'));
    await userEvent.click(trigger);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search instruments' }), 'FINNIFTY');
    await userEvent.click(await screen.findByRole('button', { name: /FINNIFTY 24 NOV 27500 PE/ }));
    expect(useTradingSettings.getState().followUpTradesState.trades.sellPut.instrument).toEqual({
      index: 'FINNIFTY',
      tradingSymbol: 'FINNIFTY26NOV27500PE',
      identifier: 'FINNIFTY 24 NOV 27500 PE',
      expiry: '2026-11-24',
      lotSize: 60,
    });
    const search = calls.find((c) => c.path === '/instruments/search');
    expect(search).toBeDefined();
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Search instruments' })).not.toBeInTheDocument(),
    );
  });
});
