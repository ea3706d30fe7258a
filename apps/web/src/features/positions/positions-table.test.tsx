import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveFeed } from '../../live';
import { createMapPriceSource, setLivePriceSource } from '../../live/live-prices';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { positionFixture } from '../../test/trading-fixtures';
import { PositionsTable } from './positions-table';

vi.setConfig({ testTimeout: 20_000 });

const ce = positionFixture({ quantity: 65, buyValue: 6500, sellValue: 0, delta: 0.5, relativeDelta: 0.5 });
const pe = positionFixture({
  tradingSymbol: 'NIFTY26N2426000PE',
  internalToken: 't-pe',
  identifier: 'NIFTY 24 NOV 26000 PE',
  quantity: -130,
  buyValue: 0,
  sellValue: 10400,
  price: 80,
  lastTradedPrice: 82,
  delta: -0.45,
  relativeDelta: -0.45,
});
const bank = positionFixture({
  index: 'BANKNIFTY',
  tradingSymbol: 'BANKNIFTY26NOV59000CE',
  internalToken: 't-bn',
  identifier: 'BANKNIFTY 24 NOV 59000 CE',
  quantity: 30,
  buyValue: 9000,
  sellValue: 0,
  price: 300,
  lastTradedPrice: 310,
  delta: 0.6,
  relativeDelta: 1.36,
});
const flat = positionFixture({
  tradingSymbol: 'NIFTY26N2426100CE',
  identifier: 'NIFTY 24 NOV 26100 CE',
  quantity: 0,
  buyValue: 5000,
  sellValue: 5200,
});

let calls: ReturnType<typeof mockApi>;
beforeEach(() => {
  useTradingSettings.getState().resetSettings();
  setLivePriceSource(createMapPriceSource({ NIFTY26N2426000CE: 110 }).source);
  calls = mockApi({
    'POST /order': () => ok({ orderId: 'n1', orderIds: ['n1'] }),
    'POST /order/exit/NIFTY26N2426000PE/normal': () => ok(),
  });
});
afterEach(() => {
  act(() => void toast.dismiss());
  setLivePriceSource(null);
  vi.unstubAllGlobals();
});

const render = (positions = [ce, pe, bank, flat]) =>
  renderWithQueryClient(
    <>
      <PositionsTable positions={positions} renderPendingOrders={(p) => <p>orders of {p.tradingSymbol}</p>} />
      <Toaster />
    </>,
  );
const group = (name: string) => screen.getByRole('rowgroup', { name: `${name} positions` });

describe('positions table', () => {
  it('has the ten columns', () => {
    render();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Instrument',
      'Product',
      'Qty',
      'Avg Price',
      'LTP',
      'P&L',
      'Place SL',
      'Place Target',
      'Delta',
      'Square Off',
    ]);
  });

  it('groups by index with Net Delta and P&L, using live prices with fallback to the last traded price', () => {
    render();
    const nifty = within(group('NIFTY 50'));
    // CE: -6500 + 110 x 65 = 650 (live); PE: 10400 - 82 x 130 = -260 (fallback); flat: 200.
    expect(nifty.getByText('Net Delta').textContent).toBe('Net Delta 91');
    expect(nifty.getByText('P&L').textContent).toBe('P&L 590');
    const ceRow = nifty.getByText('NIFTY 24 NOV 26000 CE').closest('tr')!;
    expect(within(ceRow).getByText('650')).toHaveClass('text-buy');
    const peRow = nifty.getByText('NIFTY 24 NOV 26000 PE').closest('tr')!;
    expect(within(peRow).getByText('-260')).toHaveClass('text-sell');
    expect(within(group('NIFTY BANK')).getByText('P&L').textContent).toBe('P&L 300');
  });

  it('hides flat positions and shows NIFTY-relative delta on request (kept in the settings)', async () => {
    render();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only non-zero positions' }));
    expect(screen.queryByText('NIFTY 24 NOV 26100 CE')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Delta relative to NIFTY' }));
    expect(within(group('NIFTY BANK')).getByText('Net Delta').textContent).toBe('Net Delta 40.8');
    expect(useTradingSettings.getState().orderTableState.positions).toMatchObject({
      showOnlyNonZeroPositions: true,
      showDeltaRelativeToNifty: true,
    });
  });

  it('keeps the P&L of hidden flat positions in the group total: hiding rows does not change the figure', async () => {
    render();
    const nifty = () => within(group('NIFTY 50'));
    expect(nifty().getByText('P&L').textContent).toBe('P&L 590');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only non-zero positions' }));
    expect(screen.queryByText('NIFTY 24 NOV 26100 CE')).not.toBeInTheDocument();
    // The flat position's realised 200 stays in: the same figure as the NIFTY 50 P&L beside the funds.
    expect(nifty().getByText('P&L').textContent).toBe('P&L 590');
    expect(nifty().getByTitle(/closed ones included/)).toBeInTheDocument();
  });

  it('expands a row to its pending orders', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'NIFTY 24 NOV 26000 PE' }));
    expect(screen.getByText('orders of NIFTY26N2426000PE')).toBeInTheDocument();
  });

  it('places a stop-loss on the closing side for the whole quantity', async () => {
    render([pe]);
    const price = screen.getByRole('textbox', { name: 'Stop-loss price of NIFTY26N2426000PE' });
    fireEvent.change(price, { target: { value: '95.5' } });
    fireEvent.blur(price);
    await userEvent.click(screen.getByRole('button', { name: 'Place stop-loss for NIFTY26N2426000PE' }));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/order',
      body: {
        internalToken: 't-pe',
        quantity: 130,
        transactionType: 'buy',
        orderType: 'stoploss',
        triggerPrice: 95.5,
        orderCategory: 'single',
        product: 'normal',
      },
    });
  });

  it('shows the bid and ask of a position when its last price is hovered or focused', async () => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    act(() =>
      liveFeed.prices.apply([
        {
          symbol: ce.tradingSymbol,
          LastPrice: 110,
          NetChange: 0,
          OHLC: { close: 100 },
          Bid: 109.95,
          Ask: 110.1,
          ts: 1,
        },
      ]),
    );
    render([ce]);
    const row = screen.getByRole('row', { name: /NIFTY 24 NOV 26000 CE/ });
    act(() => within(row).getByRole('button', { name: '110' }).focus());
    expect((await screen.findAllByTestId('position-bid-ask'))[0]).toHaveTextContent('Bid 109.95 × Ask 110.1');
    liveFeed.prices.clear();
    liveFeed.stop();
  });

  it('places a target as a limit order and refuses a price under 0.05', async () => {
    render([ce]);
    const price = screen.getByRole('textbox', { name: 'Target price of NIFTY26N2426000CE' });
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.blur(price);
    await userEvent.click(screen.getByRole('button', { name: 'Place target for NIFTY26N2426000CE' }));
    expect(await screen.findByText('Invalid price - price should be greater than 0.05.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    fireEvent.change(price, { target: { value: '130' } });
    fireEvent.blur(price);
    await userEvent.click(screen.getByRole('button', { name: 'Place target for NIFTY26N2426000CE' }));
    expect(calls.at(-1)?.body).toMatchObject({
      transactionType: 'sell',
      orderType: 'limit',
      triggerPrice: 130,
      quantity: 65,
    });
  });

  it('squares off with the signed quantity and market protection as a fraction', async () => {
    useTradingSettings
      .getState()
      .patchSettings('orderConfig', { marketProtection: { enabled: true, percentage: 5 } });
    render([pe]);
    await userEvent.click(screen.getByRole('button', { name: 'Square off NIFTY26N2426000PE' }));
    expect(calls.at(-1)).toMatchObject({
      path: '/order/exit/NIFTY26N2426000PE/normal',
      body: { quantity: -130, marketProtection: 0.05 },
    });
  });

  it('chases the exit when the exit chaser is on, and sends a plain exit when it is off', async () => {
    useTradingSettings.getState().patchSettings('orderConfig', { exitChaseReprices: 3 });
    render([pe]);
    await userEvent.click(screen.getByRole('button', { name: 'Square off NIFTY26N2426000PE' }));
    expect(calls.at(-1)?.body).toEqual({ quantity: -130, marketProtection: 0, chase: { reprices: 3 } });
    useTradingSettings.getState().patchSettings('orderConfig', { exitChaseReprices: null });
    await userEvent.click(screen.getByRole('button', { name: 'Square off NIFTY26N2426000PE' }));
    expect(calls.at(-1)?.body).toEqual({ quantity: -130, marketProtection: 0 });
  });

  it('places the quick stop-loss when Enter is pressed in its price box', async () => {
    render([pe]);
    const price = screen.getByRole('textbox', { name: 'Stop-loss price of NIFTY26N2426000PE' });
    await userEvent.click(price);
    await userEvent.keyboard('95.5{Enter}');
    await vi.waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        path: '/order',
        body: { transactionType: 'buy', orderType: 'stoploss', triggerPrice: 95.5, quantity: 130 },
      }),
    );
    expect(calls).toHaveLength(1);
  });

  it('offers no Exit for a flat (closed) position', () => {
    render([ce, flat]);
    expect(screen.getByRole('button', { name: 'Square off NIFTY26N2426000CE' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Square off NIFTY26N2426100CE' })).not.toBeInTheDocument();
  });
});
