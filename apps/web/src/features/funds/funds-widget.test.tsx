import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoQuery } from '../../api/account-queries';
import { createMapPriceSource, setLivePriceSource } from '../../live/live-prices';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { positionFixture } from '../../test/trading-fixtures';
import { FundsWidget } from './funds-widget';

afterEach(() => {
  setLivePriceSource(null);
  vi.unstubAllGlobals();
});

const user = {
  user: {
    id: 'u1',
    name: 'A',
    email: 'a@b.in',
    phone: '9999999999',
    activeBroker: 'PAPERTRADE',
    clientId: null,
  },
};

describe('funds widget', () => {
  it('shows utilized and available funds and the P&L of the selected index', async () => {
    useTradingSettings.getState().resetSettings();
    useTradingSettings.getState().patchSettings('orderConfig', { index: 'BANKNIFTY' });
    setLivePriceSource(createMapPriceSource({ BANKNIFTY26NOV59000CE: 320 }).source);
    const bank = positionFixture({
      index: 'BANKNIFTY',
      tradingSymbol: 'BANKNIFTY26NOV59000CE',
      quantity: 30,
      buyValue: 9000,
    });
    const nifty = positionFixture({ quantity: 65, buyValue: 6500, lastTradedPrice: 200 });
    mockApi({
      'GET /portfolio/margin': () => ok({ total: 1000000, available: 990000.5, utilized: 9999.5 }),
      'GET /portfolio/positions': () => ok({ positions: { netPosition: [bank, nifty], byIndex: {} } }),
    });
    const { queryClient } = renderWithQueryClient(<FundsWidget />);
    queryClient.setQueryData(userInfoQuery.queryKey, user as never);
    const funds = screen.getByRole('region', { name: 'Funds' });
    expect(await within(funds).findByText('₹9,999.5')).toBeInTheDocument();
    expect(within(funds).getByText('₹9,90,000.5')).toBeInTheDocument();
    expect(within(funds).getByText('NIFTY BANK P&L')).toBeInTheDocument();
    expect(await within(funds).findByText('600')).toHaveClass('text-buy');
  });

  it('shows gross P&L, charges and net P&L when the broker reports charges', async () => {
    useTradingSettings.getState().resetSettings();
    setLivePriceSource(createMapPriceSource({ NIFTY26N2426000CE: 99.5 }).source);
    // Bought 65 at 100, sold at 99.50: -32.50 gross, Rs 62.79 of charges.
    const closed = positionFixture({ quantity: 0, buyValue: 6500, sellValue: 6467.5, charges: 62.79 });
    mockApi({
      'GET /portfolio/margin': () =>
        ok({ total: 999904.71, available: 999904.71, utilized: 0, charges: 62.79 }),
      'GET /portfolio/positions': () => ok({ positions: { netPosition: [closed], byIndex: {} } }),
    });
    const { queryClient } = renderWithQueryClient(<FundsWidget />);
    queryClient.setQueryData(userInfoQuery.queryKey, user as never);
    const funds = screen.getByRole('region', { name: 'Funds' });
    expect(await within(funds).findByText('₹62.79')).toHaveClass('text-warn');
    expect(await within(funds).findByText('-95.29')).toHaveClass('text-sell');
    // The NIFTY P&L and the gross P&L: the same one position.
    for (const gross of within(funds).getAllByText('-32.5')) expect(gross).toHaveClass('text-sell');
  });
});
