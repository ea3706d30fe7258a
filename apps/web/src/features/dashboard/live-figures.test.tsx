import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PROFIT_PROTECTION } from '@xtrader/core/api/profit-protection';
import { LIVE_PNL_RECOMPUTE_MS } from '@xtrader/core/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoQuery } from '../../api/account-queries';
import { createMapPriceSource, setLivePriceSource } from '../../live/live-prices';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { positionFixture } from '../../test/trading-fixtures';
import { FundsWidget } from '../funds/funds-widget';
import { PositionsTable } from '../positions/positions-table';
import { ProfitProtectionBar } from '../profit-protection/profit-protection-bar';

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

/** The 500 ms timers running now (started and not yet cleared). */
function watchRecomputeTimers() {
  const running = new Set<unknown>();
  const start = globalThis.setInterval;
  const stop = globalThis.clearInterval;
  vi.stubGlobal('setInterval', (run: () => void, ms?: number) => {
    const id = start(run, ms);
    if (ms === LIVE_PNL_RECOMPUTE_MS) running.add(id);
    return id;
  });
  vi.stubGlobal('clearInterval', (id?: ReturnType<typeof setInterval>) => {
    running.delete(id);
    stop(id);
  });
  return running;
}

// The dashboard shows live P&L in three places (positions table, beside the funds, profit protection bar): they
// read one store, recomputed by one 500 ms loop, so they always show the same prices.
describe('live figures on the dashboard', () => {
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

  it('recomputes every live figure in one 500 ms loop', async () => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    const timers = watchRecomputeTimers();
    useTradingSettings.getState().resetSettings();
    const prices = createMapPriceSource({ NIFTY26N2426000CE: 110 });
    setLivePriceSource(prices.source);
    const open = positionFixture({ product: 'MIS', productType: 'intraday', quantity: 65, buyValue: 6500 });
    mockApi({
      'GET /auth/getUserInfo': () => ok(user),
      'GET /portfolio/margin': () => ok({ total: 1000000, available: 990000, utilized: 10000 }),
      'GET /portfolio/positions': () => ok({ positions: { netPosition: [open], byIndex: {} } }),
      'GET /profit-protection': () =>
        ok({ ...DEFAULT_PROFIT_PROTECTION, savedMaxLoss: 0, highWaterMark: 0, lastTrigger: null }),
    });
    renderWithQueryClient(
      <>
        <FundsWidget />
        <PositionsTable positions={[open]} renderPendingOrders={() => null} />
        <ProfitProtectionBar />
      </>,
    );
    const funds = within(screen.getByRole('region', { name: 'Funds' }));
    const group = within(screen.getByRole('rowgroup', { name: 'NIFTY 50 positions' }));
    const mtm = () => screen.getByTestId('pp-mtm');
    await waitFor(() => expect(mtm()).toHaveTextContent('₹650'));
    expect(await funds.findByText('650')).toBeInTheDocument();
    expect(group.getByText('P&L').textContent).toBe('P&L 650');
    expect(timers.size).toBe(1);

    act(() => prices.set('NIFTY26N2426000CE', 120));
    await waitFor(() => expect(mtm()).toHaveTextContent('₹1,300'));
    expect(funds.getByText('1,300')).toBeInTheDocument();
    expect(group.getByText('P&L').textContent).toBe('P&L 1,300');
    expect(timers.size).toBe(1);
  });
});
