import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoQuery } from '../../api/account-queries';
import { createMapPriceSource, setLivePriceSource } from '../../live/live-prices';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { positionFixture } from '../../test/trading-fixtures';
import { FundsWidget } from '../funds/funds-widget';
import { PositionsTable } from '../positions/positions-table';

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

// The dashboard shows the index P&L twice, beside the funds and on the positions table's group: one figure.
describe('index P&L on the dashboard', () => {
  it("shows the same index P&L as the positions table's group, closed and NRML positions included", async () => {
    useTradingSettings.getState().resetSettings();
    useTradingSettings.getState().patchSettings('orderTableState', {
      ...useTradingSettings.getState().orderTableState,
      positions: {
        ...useTradingSettings.getState().orderTableState.positions,
        showOnlyNonZeroPositions: true,
      },
    });
    setLivePriceSource(createMapPriceSource({ NIFTY26N2426000CE: 110 }).source);
    const open = positionFixture({ product: 'MIS', productType: 'intraday', quantity: 65, buyValue: 6500 });
    const closed = positionFixture({
      tradingSymbol: 'NIFTY26N2426100CE',
      quantity: 0,
      buyValue: 5000,
      sellValue: 5200,
    });
    const nrml = positionFixture({
      tradingSymbol: 'NIFTY26N2426000PE',
      product: 'NRML',
      productType: 'normal',
      quantity: -65,
      buyValue: 0,
      sellValue: 6500,
      lastTradedPrice: 90,
    });
    const netPosition = [open, closed, nrml];
    mockApi({
      'GET /portfolio/margin': () => ok({ total: 1000000, available: 990000, utilized: 10000 }),
      'GET /portfolio/positions': () => ok({ positions: { netPosition, byIndex: {} } }),
    });
    const { queryClient } = renderWithQueryClient(
      <>
        <FundsWidget />
        <PositionsTable positions={netPosition} renderPendingOrders={() => null} />
      </>,
    );
    queryClient.setQueryData(userInfoQuery.queryKey, user as never);
    const funds = screen.getByRole('region', { name: 'Funds' });
    // 650 open + 200 closed + 650 NRML.
    const label = within(funds).getByText('NIFTY 50 P&L');
    expect(label).toHaveAttribute('title', expect.stringMatching(/closed ones included/));
    expect(await within(funds).findByText('1,500')).toHaveClass('text-buy');
    const nifty = within(screen.getByRole('rowgroup', { name: 'NIFTY 50 positions' }));
    expect(nifty.getByText('P&L').textContent).toBe('P&L 1,500');
  });
});
