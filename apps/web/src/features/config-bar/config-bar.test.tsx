import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { liveFeed } from '../../live';
import { useTradingSettings } from '../../state/trading-settings-store';
import { ConfigBar } from './config-bar';

type Filters = Record<string, unknown>;
const instrument = (name: string, expiry: string, type: string, strike: number, lot: number) => ({
  tradingsymbol: `${name}-${expiry}-${strike}${type}`,
  internalToken: `${name}${strike}${type}`,
  name,
  expiry,
  strike,
  instrument_type: type,
  last_price: 0,
  tick_size: 0.05,
  lot_size: lot,
  exchange: name === 'SENSEX' ? 'BFO' : 'NFO',
  exchange_token: '1',
  identifier: `${name} ${strike} ${type}`,
  segment: 'NFO-OPT',
});
const EXPIRIES: Record<string, string[]> = {
  NIFTY: ['2026-11-23', '2026-12-01'],
  SENSEX: ['2026-11-26', '2026-12-03'],
};
const ATM: Record<string, number> = { NIFTY: 26_000, SENSEX: 85_100 };
const LOTS: Record<string, number> = { NIFTY: 65, SENSEX: 20 };

/** A fake instrument API that records every request with its parsed filters. */
function stubApi() {
  const calls: { path: string; filters?: Filters; query: URLSearchParams }[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://test');
    const path = url.pathname.replace('/v1/options-x', '');
    const filters = url.searchParams.get('filters');
    const parsed = filters ? (JSON.parse(filters) as Filters) : undefined;
    calls.push({ path, filters: parsed, query: url.searchParams });
    const ok = (data: unknown) => new Response(JSON.stringify({ success: true, message: 'success', data }));
    const name = String(parsed?.name ?? url.searchParams.get('name'));
    switch (path) {
      case '/instruments/getExpiryDates':
        return ok({ expiryDates: EXPIRIES[name] });
      case '/instruments/fetchLatestOptionOfIndex': {
        const [expiry] = EXPIRIES[name]!;
        return ok({
          call: instrument(name, expiry!, 'CE', ATM[name]!, LOTS[name]!),
          put: instrument(name, expiry!, 'PE', ATM[name]!, LOTS[name]!),
        });
      }
      case '/instruments/getStrikes':
        return ok({ strikes: [-100, 0, 100].map((d) => ATM[name]! + d) });
      case '/instruments/fetchInstrument': {
        const { expiry, instrumentType, strike } = parsed as {
          expiry: string;
          instrumentType: string;
          strike: number;
        };
        return ok({ instrument: instrument(name, expiry, instrumentType, strike, LOTS[name]!) });
      }
      default:
        return new Response(JSON.stringify({ success: false, message: 'not found' }), { status: 404 });
    }
  });
  return calls;
}

const config = () => useTradingSettings.getState().orderConfig;

describe('configuration bar', () => {
  beforeEach(() => {
    useTradingSettings.getState().resetSettings();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T05:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    liveFeed.stop();
  });

  const renderBar = () =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ConfigBar />
      </QueryClientProvider>,
    );

  it('fills the first expiry, the ATM strikes and the fetched contracts of the default index', async () => {
    const calls = stubApi();
    renderBar();
    await waitFor(() => expect(config().callTradingSymbol).toBe('NIFTY-2026-11-23-26000CE'));
    expect(config()).toMatchObject({
      index: 'NIFTY',
      expiry: '2026-11-23',
      callStrike: 26_000,
      putStrike: 26_000,
      callInternalToken: 'NIFTY26000CE',
      putTradingSymbol: 'NIFTY-2026-11-23-26000PE',
      putIdentifier: 'NIFTY 26000 PE',
      lotSize: 65,
    });
    const fetched = calls.filter((c) => c.path === '/instruments/fetchInstrument').map((c) => c.filters);
    expect(fetched).toContainEqual({
      instrumentType: 'CE',
      name: 'NIFTY',
      strike: 26_000,
      expiry: '2026-11-23',
      exchange: 'NFO',
    });
    expect(screen.getByRole('combobox', { name: 'Expiry' })).toHaveDisplayValue('23 Nov 26');
  });

  it('on an index change clears the old contracts, then fills the new index ATM strikes and lot size', async () => {
    stubApi();
    const user = userEvent.setup();
    renderBar();
    await waitFor(() => expect(config().lotSize).toBe(65));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Index' }), 'SENSEX');
    expect(config().callTradingSymbol).not.toContain('NIFTY');
    await waitFor(() => expect(config().putTradingSymbol).toBe('SENSEX-2026-11-26-85100PE'));
    expect(config()).toMatchObject({
      index: 'SENSEX',
      expiry: '2026-11-26',
      callStrike: 85_100,
      lotSize: 20,
    });
  });

  it('fetches the instrument of a newly selected strike and shows live CE and PE prices', async () => {
    stubApi();
    const user = userEvent.setup();
    renderBar();
    await waitFor(() => expect(config().callInternalToken).toBe('NIFTY26000CE'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Call strike' }), '26100');
    await waitFor(() => expect(config().callInternalToken).toBe('NIFTY26100CE'));
    expect(config().putInternalToken).toBe('NIFTY26000PE');
    expect(screen.getByTestId('ce-price')).toHaveTextContent('-');
    act(() =>
      liveFeed.prices.apply([
        { symbol: 'NIFTY-2026-11-23-26100CE', LastPrice: 101.25, NetChange: 0, OHLC: { close: 100 }, ts: 1 },
        { symbol: 'NIFTY-2026-11-23-26000PE', LastPrice: 1234.5, NetChange: 0, OHLC: { close: 100 }, ts: 1 },
      ]),
    );
    expect(screen.getByTestId('ce-price')).toHaveTextContent('101.25');
    expect(screen.getByTestId('pe-price')).toHaveTextContent('1,234.5');
  });

  it('moves a stored expiry that is no longer listed to the first listed one', async () => {
    useTradingSettings
      .getState()
      .patchSettings('orderConfig', { expiry: '2026-11-17', callStrike: 26_000, putStrike: 26_000 });
    stubApi();
    renderBar();
    await waitFor(() => expect(config().expiry).toBe('2026-11-23'));
  });
});
