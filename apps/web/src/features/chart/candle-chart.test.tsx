import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTradingSettings } from '../../state/trading-settings-store';
import { type ApiCall, fail, mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { orderFixture } from '../../test/trading-fixtures';
import CandleChart from './candle-chart';
import { chartLines } from './chart-lines';

// The canvas library is replaced by a fake whose price scale is y = 200 - price (one pixel per rupee).
const series = vi.hoisted(() => ({
  setData: vi.fn(),
  update: vi.fn(),
  applyOptions: vi.fn(),
  createPriceLine: vi.fn(() => ({ applyOptions: vi.fn() })),
  removePriceLine: vi.fn(),
  priceToCoordinate: (price: number) => 200 - price,
  coordinateToPrice: (y: number) => 200 - y,
}));
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: {},
  ColorType: { Solid: 'solid' },
  LineStyle: { Dashed: 2 },
  createChart: () => ({
    addSeries: () => series,
    applyOptions: vi.fn(),
    remove: vi.fn(),
    timeScale: () => ({ scrollToRealTime: vi.fn() }),
  }),
}));

vi.setConfig({ testTimeout: 20_000 });

const SYMBOL = 'NIFTY26N2426000CE';
let calls: ApiCall[];
let modifyReply: () => { status: number; body: unknown };

beforeEach(() => {
  useTradingSettings.getState().resetSettings();
  modifyReply = () => ok(undefined, 'Order modification triggered!');
  calls = mockApi({
    'GET /market/candles': () =>
      ok({ symbol: SYMBOL, interval: '1s', candles: [{ time: 0, open: 1, high: 2, low: 1, close: 2 }] }),
    'PUT /order/sl-1': () => modifyReply(),
  });
});
afterEach(() => {
  act(() => void toast.dismiss());
  vi.unstubAllGlobals();
});

function renderChart() {
  const lines = chartLines(SYMBOL, [orderFixture({ orderId: 'sl-1', orderType: 'stoploss', price: 90 })], []);
  renderWithQueryClient(
    <>
      <CandleChart symbol={SYMBOL} interval="1s" lines={lines} />
      <Toaster />
    </>,
  );
  return screen.findByRole('button', { name: /Stop-loss line SL S 65 at 90/ });
}

/** Drags a handle from its line to the pixel row `y` (the fake scale: price = 200 - y). */
function drag(handle: HTMLElement, y: number) {
  fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 110 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: (110 + y) / 2 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: y });
  fireEvent.pointerUp(handle, { pointerId: 1, clientY: y });
}

const modifyCalls = () => calls.filter((c) => c.method === 'PUT');

describe('candle chart history', () => {
  it("loads the history again when the user's prices change (Practice Mode, a replay)", async () => {
    const view = renderWithQueryClient(
      <CandleChart symbol={SYMBOL} interval="1s" lines={[]} pricesKey="sim|live" />,
    );
    const historyCalls = () => calls.filter((c) => c.path === '/market/candles').length;
    await waitFor(() => expect(historyCalls()).toBe(1));
    view.rerender(<CandleChart symbol={SYMBOL} interval="1s" lines={[]} pricesKey="sim|live" />);
    view.rerender(<CandleChart symbol={SYMBOL} interval="1s" lines={[]} pricesKey="sim|practice" />);
    await waitFor(() => expect(historyCalls()).toBe(2));
  });
});

describe('candle chart lines', () => {
  it('loads the history, and a dragged stop-loss line modifies the order trigger through the modify route', async () => {
    const handle = await renderChart();
    await waitFor(() =>
      expect(series.setData).toHaveBeenLastCalledWith([expect.objectContaining({ open: 1 })]),
    );
    expect(calls.find((c) => c.path === '/market/candles')).toBeTruthy();
    drag(handle, 104.98);
    await waitFor(() => expect(modifyCalls()).toHaveLength(1));
    // 200 - 104.98 = 95.02, on the 0.05 grid: 95.
    expect(modifyCalls()[0]?.path).toBe('/order/sl-1');
    expect(modifyCalls()[0]?.body).toMatchObject({ triggerPrice: 95 });
    expect(handle.dataset.price).toBe('95.00');
    expect(await screen.findByText('Order modification triggered!')).toBeTruthy();
  });

  it('snaps a refused drag back with the server message, and refuses a price under 0.05 without a request', async () => {
    modifyReply = () => fail(400, 'Trigger price must be below the last price');
    const handle = await renderChart();
    drag(handle, 150);
    await waitFor(() => expect(modifyCalls()).toHaveLength(1));
    expect(await screen.findByText('Trigger price must be below the last price')).toBeTruthy();
    await waitFor(() => expect(handle.dataset.price).toBe('90.00'));

    drag(handle, 200);
    expect(await screen.findByText(/Invalid price/)).toBeTruthy();
    expect(modifyCalls()).toHaveLength(1);
    expect(handle.dataset.price).toBe('90.00');
  });

  it('moves the line one modify step per arrow key, and the arrows never reach the trading keys', async () => {
    const handle = await renderChart();
    const pageKeys = vi.fn();
    window.addEventListener('keydown', pageKeys);
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(handle.dataset.price).toBe('90.10');
    await waitFor(() => expect(modifyCalls()[0]?.body).toMatchObject({ triggerPrice: 90.1 }));
    expect(pageKeys).not.toHaveBeenCalled();
    window.removeEventListener('keydown', pageKeys);
  });
});
