import { act, fireEvent, screen } from '@testing-library/react';
import type { Order, OrdersResponse } from '@xtrader/core/api/orders';
import type { Position } from '@xtrader/core/api/portfolio';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tradingKeys } from '../../api/query-keys';
import { useTradingSettings } from '../../state/trading-settings-store';
import { type ApiCall, mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { orderFixture, positionFixture } from '../../test/trading-fixtures';
import { useSelectedPosition } from './selected-position';
import { planStopMove, protectiveStops } from './stop-keys';
import { useStopKeys } from './use-stop-keys';

vi.setConfig({ testTimeout: 20_000 });

// A long call bought at 100.03, now 112; its sell stop at 90, a disaster stop behind it, a target limit.
const long = positionFixture({ quantity: 65, price: 100.03, lastTradedPrice: 112 });
const stop = orderFixture({ orderId: 'XTLOCAL', price: 90, isInternal: true, isTrailing: true });
const disaster = orderFixture({ orderId: 'XTLOCALD', price: 80, isInternal: true, parentOrderId: 'XTLOCAL' });
const target = orderFixture({ orderId: 'XTTARGET', orderType: 'limit', price: 130 });

function Keys({ positions }: { positions: Position[] }) {
  useStopKeys(positions);
  return null;
}

let calls: ApiCall[];
beforeEach(() => {
  useTradingSettings.getState().resetSettings();
  useSelectedPosition.getState().select(positionKey(long));
  calls = mockApi({ 'PUT /order/XTLOCAL': () => ok() });
});
afterEach(() => {
  act(() => void toast.dismiss());
  useSelectedPosition.getState().select(null);
  vi.unstubAllGlobals();
});

/** The keys read the order list the dashboard keeps in the query cache. */
function render(positions = [long], openOrders: Order[] = [stop, disaster, target]) {
  const view = renderWithQueryClient(
    <>
      <Keys positions={positions} />
      <Toaster />
    </>,
  );
  const orders: OrdersResponse = { openOrders, executedOrders: [], rejectedOrders: [], cancelledOrders: [] };
  view.queryClient.setQueryData(tradingKeys.orders, orders);
  return view;
}
const press = (key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(window, { key, ...init });

describe('stop keys', () => {
  it('b moves the stop (not its disaster stop) to break-even, rounded up for a long', async () => {
    render();
    press('b');
    await vi.waitFor(() =>
      expect(calls).toEqual([
        expect.objectContaining({
          method: 'PUT',
          path: '/order/XTLOCAL',
          body: { orderId: 'XTLOCAL', triggerPrice: 100.05 },
        }),
      ]),
    );
  });

  it('. and , nudge the stop by the modify step', async () => {
    useTradingSettings.getState().patchSettings('userSettingsState', { modifyStep: 0.5 });
    render();
    press('.');
    press(',');
    await vi.waitFor(() => expect(calls.map((c) => c.body)).toHaveLength(2));
    expect(calls.map((c) => (c.body as { triggerPrice: number }).triggerPrice)).toEqual([90.5, 89.5]);
  });

  it('refuses with a toast when the price has not passed break-even, or nothing is selected', async () => {
    render([{ ...long, lastTradedPrice: 99 }]);
    press('b');
    expect(await screen.findByText(/has not moved past break-even 100.05/)).toBeInTheDocument();
    act(() => useSelectedPosition.getState().select(null));
    press('.');
    expect(await screen.findByText('Select a position first: click its row')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('follows the key map: a remapped break-even key moves the stop, the old one does nothing', async () => {
    useTradingSettings.getState().patchSettings('keyMap', { stopBreakEven: 'n' });
    render();
    press('b');
    press('n');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ orderId: 'XTLOCAL', triggerPrice: 100.05 });
  });

  it('does nothing with trading keys off, with Shift, or while typing', () => {
    useTradingSettings.getState().patchSettings('orderConfig', { tradingKeysEnabled: false });
    const { unmount } = render();
    press('b');
    unmount();
    useTradingSettings.getState().patchSettings('orderConfig', { tradingKeysEnabled: true });
    render();
    press('.', { shiftKey: true });
    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: 'b' });
    input.remove();
    expect(calls).toHaveLength(0);
  });
});

describe('stop key rules', () => {
  it("picks the short position's buy stops", () => {
    const short = positionFixture({ quantity: -65, price: 80.02, lastTradedPrice: 70 });
    const buyStop = orderFixture({ transactionType: 'buy', price: 95 });
    expect(protectiveStops(short, [stop, buyStop])).toEqual([buyStop]);
    expect(planStopMove('break-even', short, [buyStop], 0.05)).toEqual({
      ok: true,
      moves: [{ orderId: buyStop.orderId, triggerPrice: 80 }],
    });
  });
  it('names a position without a stop', () => {
    expect(planStopMove('up', long, [target], 0.05)).toEqual({
      ok: false,
      message: 'No working stop-loss for NIFTY 24 NOV 26000 CE',
    });
  });
});
