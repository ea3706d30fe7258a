import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { NoopResizeObserver, renderWithQueryClient } from '../../test/render-with-query-client';
import { orderFixture } from '../../test/trading-fixtures';
import { InstrumentPendingOrders, NO_PENDING_ORDERS_FOR_INSTRUMENT } from './instrument-pending-orders';
import { PendingOrdersPanel } from './pending-orders-panel';

vi.setConfig({ testTimeout: 20_000 });

let calls: ReturnType<typeof mockApi>;
/** Every requested order done, as the server answers a bulk action nothing refused. */
const allOk = (body: unknown) => {
  const { orderIds = [], internalOrderIds = [] } = body as {
    orderIds?: string[];
    internalOrderIds?: string[];
  };
  return { results: [...orderIds, ...internalOrderIds].map((orderId) => ({ orderId, ok: true })) };
};
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  useTradingSettings.getState().resetSettings();
  calls = mockApi({
    'PUT /order/sl-1': () => ok(undefined, 'Order modification triggered!'),
    'DELETE /order/sl-1': () => ok(),
    'POST /order/trailStopLossOrder/start/sl-1': () => ok(),
    'POST /order/trailStopLossOrder/stop/sl-1': () => ok(),
    'POST /order/cancelMultipleOrders': (body) => ok(allOk(body)),
    'POST /order/modifyMultipleOrders': (body) => ok(allOk(body)),
    'POST /order/cancel': () => ok(),
  });
});
afterEach(() => {
  act(() => void toast.dismiss());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = (ui: React.ReactNode) =>
  renderWithQueryClient(
    <>
      {ui}
      <Toaster />
    </>,
  );
const single = () => orderFixture({ orderId: 'sl-1', orderType: 'stoploss', price: 90 });

describe('pending orders table', () => {
  it('shows the twelve columns, and hides optional ones from the column settings', async () => {
    render(<PendingOrdersPanel orders={[single()]} />);
    const headers = () =>
      screen
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(1);
    expect(headers()).toEqual([
      'Time',
      'Order ID',
      'Type',
      'Instrument',
      'Product',
      'Order Type',
      'Qty',
      'Price',
      'LTP',
      'Modify',
      'SL Trailing',
      'Cancel',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Order ID' }));
    expect(headers()).not.toContain('Order ID');
    expect(
      useTradingSettings.getState().orderTableState.pendingOrders.columns.find((c) => c.key === 'orderId')
        ?.visible,
    ).toBe(false);
  });

  it('groups orders of one instrument, category and side; the group offers "Expand to trail orders"', async () => {
    const orders = [
      orderFixture({ orderId: 'a' }),
      orderFixture({ orderId: 'b' }),
      orderFixture({ orderId: 't', orderType: 'limit' }),
    ];
    render(<PendingOrdersPanel orders={orders} />);
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(screen.getByText('Expand to trail orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Expand to trail orders'));
    expect(screen.getAllByRole('button', { name: 'Start' })).toHaveLength(2);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-order-id') ?? 'group')).toEqual(['group', 'b', 'a', 't']);
  });

  it('offers trailing only on single stop-loss orders', () => {
    render(
      <PendingOrdersPanel
        orders={[
          orderFixture({ orderId: 'tgt', orderType: 'limit' }),
          orderFixture({ orderId: 'b-sl', orderCategory: 'oco-exit' }),
        ]}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('marks internal orders with a tooltip', async () => {
    render(<PendingOrdersPanel orders={[orderFixture({ isInternal: true })]} />);
    await userEvent.hover(screen.getByRole('button', { name: 'Internal order' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/managed by X-Trader/);
  });

  it('cancels one order with the "{Type} order cancellation triggered!" toast', async () => {
    render(<PendingOrdersPanel orders={[single()]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel sl-1' }));
    expect(await screen.findByText('Stoploss order cancellation triggered!')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/order/sl-1',
      body: { orderId: 'sl-1', orderType: 'stoploss' },
    });
  });

  it('submits a stepped price 500 ms after the last step, by the modify step', async () => {
    useTradingSettings.getState().patchSettings('userSettingsState', { modifyStep: 0.5 });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<PendingOrdersPanel orders={[single()]} />);
    const up = screen.getByRole('button', { name: 'Increase Price of sl-1' });
    fireEvent.click(up);
    fireEvent.click(up);
    expect(screen.getByRole('textbox', { name: 'Price of sl-1' })).toHaveValue('91.00');
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/order/sl-1', body: { orderId: 'sl-1', triggerPrice: 91 } }),
    ]);
    expect(await screen.findByText('Order modification triggered!')).toBeInTheDocument();
  });

  it('refuses a price under 0.05 and sends nothing for an unchanged price', async () => {
    render(<PendingOrdersPanel orders={[single()]} />);
    const field = screen.getByRole('textbox', { name: 'Price of sl-1' });
    fireEvent.change(field, { target: { value: '0.01' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Invalid price - price should be greater than 0.05.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '90' } });
    fireEvent.blur(field);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('starts and stops trailing with the chosen handler and parameters', async () => {
    const { rerender } = render(<PendingOrdersPanel orders={[single()]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Trailing settings of sl-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Local' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Success : Trailing started !')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: '/order/trailStopLossOrder/start/sl-1',
      body: { brokerTrailing: false, changeInPrice: 1, changeInSL: 1 },
    });
    const trailing = {
      ...single(),
      isTrailing: true,
      brokerTrailing: false,
      changeInPrice: 1,
      changeInSL: 1,
    };
    rerender(
      <>
        <PendingOrdersPanel orders={[trailing]} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Trailing settings of sl-1' }));
    const handler = await screen.findByRole('group', { name: 'Trailing handler of sl-1' });
    expect(within(handler).getByRole('button', { name: 'Broker' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Success : Trailing stopped !')).toBeInTheDocument();
  });

  it('cannot change the trailing mode of an internal order', async () => {
    render(<PendingOrdersPanel orders={[{ ...single(), isInternal: true }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Trailing settings of sl-1' }));
    expect(screen.getByRole('group', { name: 'Trailing handler of sl-1' })).toBeDisabled();
  });

  it('cancels and modifies the selected orders together', async () => {
    const orders = [
      orderFixture({ orderId: 'x1' }),
      orderFixture({ orderId: 'x2', isInternal: true, orderType: 'limit', orderCategory: 'oco-exit' }),
    ];
    render(<PendingOrdersPanel orders={orders} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all orders' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const price = screen.getByRole('textbox', { name: 'Price for selected orders' });
    fireEvent.change(price, { target: { value: '55.5' } });
    fireEvent.blur(price);
    await userEvent.click(screen.getByRole('button', { name: 'Modify Selected' }));
    expect(await screen.findByText('Multiple order modification triggered')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: '/order/modifyMultipleOrders',
      body: {
        orderIds: ['x1'],
        internalOrderIds: ['x2'],
        targetOrderIds: ['x2'],
        stoplossOrderIds: ['x1'],
        triggerPrice: 55.5,
      },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all orders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Selected' }));
    expect(await screen.findByText('Multiple order cancellation triggered!')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: '/order/cancelMultipleOrders',
      body: { orderIds: ['x1'], internalOrderIds: ['x2'] },
    });
  });

  it('names the orders the broker refused in a bulk action', async () => {
    calls = mockApi({
      'POST /order/cancelMultipleOrders': () =>
        ok({
          results: [
            { orderId: 'x1', ok: true },
            { orderId: 'x2', ok: false, message: 'Order is locked by the exchange' },
          ],
        }),
    });
    render(
      <PendingOrdersPanel orders={[orderFixture({ orderId: 'x1' }), orderFixture({ orderId: 'x2' })]} />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all orders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Selected' }));
    expect(await screen.findByText('1 of 2 orders refused')).toBeInTheDocument();
    expect(screen.getByText('x2: Order is locked by the exchange')).toBeInTheDocument();
    expect(screen.queryByText('Multiple order cancellation triggered!')).not.toBeInTheDocument();
  });

  it('cancels everything with Cancel All', async () => {
    render(<PendingOrdersPanel orders={[single()]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel All' }));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        path: '/order/cancel',
        body: { orderType: 'all', tradingSymbol: 'all' },
      }),
    );
    expect(await screen.findByText('Cancel all orders triggered!')).toBeInTheDocument();
  });

  it("shows 'No Pending Orders for this Instrument.' for a position without orders", () => {
    render(<InstrumentPendingOrders orders={[]} identifier="NIFTY 26000 CE" />);
    expect(screen.getByText(NO_PENDING_ORDERS_FOR_INSTRUMENT)).toBeInTheDocument();
  });
});
