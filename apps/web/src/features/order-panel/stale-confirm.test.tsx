import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoQuery } from '../../api/account-queries';
import { feedStatusQuery, type ReceivedFeedStatus } from '../../api/feed-status-query';
import { createMapPriceSource, setLivePriceSource } from '../../live/live-prices';
import { setOrderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { StaleConfirmDialog } from './stale-confirm-dialog';
import { useKeyboardTrading } from './use-keyboard-trading';
import { usePlaceOrder } from './use-place-order';

vi.setConfig({ testTimeout: 20_000 });

const CE = 'NIFTY26N2426000CE';
const NOW = Date.UTC(2026, 10, 24, 5, 0);
const status: ReceivedFeedStatus = {
  source: 'broker',
  broker: 'ZERODHA',
  vendor: null,
  practice: null,
  view: 'live',
  state: 'live',
  symbol: null,
  lastTickAt: NOW,
  now: NOW,
  delayMs: 0,
  staleAfterMs: 3000,
  tokenExpiresAt: null,
  receivedAt: NOW,
};

function Trader() {
  useKeyboardTrading(usePlaceOrder());
  return null;
}

let prices: ReturnType<typeof createMapPriceSource>;
function setup() {
  const calls = mockApi({ 'POST /order': () => ok({ orderId: 'o1', orderIds: ['o1'] }) });
  const view = renderWithQueryClient(
    <>
      <Trader />
      <StaleConfirmDialog />
      <Toaster />
    </>,
  );
  view.queryClient.setQueryData(userInfoQuery.queryKey, {
    user: {
      id: 'u1',
      name: 'Asha',
      email: 'a@b.in',
      phone: '9876543210',
      activeBroker: 'PAPERTRADE',
      clientId: null,
    },
  } as never);
  view.queryClient.setQueryData(feedStatusQuery.queryKey, status);
  return calls.filter.bind(calls, (c) => c.path === '/order');
}
const press = (key: string, shiftKey = false) =>
  act(() => void fireEvent.keyDown(document.body, { key, shiftKey }));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  setOrderFeedback({ click: vi.fn(), success: vi.fn(), failure: vi.fn() });
  useTradingSettings.getState().resetSettings();
  useTradingSettings.getState().patchSettings('orderConfig', {
    lotSize: 65,
    callInternalToken: 'tok-ce',
    callTradingSymbol: CE,
    callIdentifier: 'NIFTY 24 NOV 26000 CE',
  });
  useTradingSettings.getState().patchSettings('marketOrderState', { quantity: 65 });
  useTradingSettings.getState().patchSettings('stopLossOrderState', { quantity: 65, slPoints: 10 });
  prices = createMapPriceSource();
  setLivePriceSource(prices.source);
});
afterEach(() => {
  act(() => void toast.dismiss());
  setOrderFeedback(null);
  setLivePriceSource(null);
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('market order on stale prices', () => {
  it('goes at once on a fresh tick', () => {
    prices.set(CE, 120, NOW - 1000);
    const orders = setup();
    press('ArrowUp');
    expect(orders()).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks first when the last tick is older than the threshold, and sends only when confirmed', async () => {
    prices.set(CE, 120, NOW - 12_000);
    const orders = setup();
    press('ArrowUp');
    expect(orders()).toHaveLength(0);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Prices are stale: last tick 12 s ago');
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Place anyway' }));
    await waitFor(() => expect(orders()).toHaveLength(1));
  });

  it('sends nothing when the trader cancels', async () => {
    prices.set(CE, 120, NOW - 12_000);
    const orders = setup();
    press('ArrowUp');
    await screen.findByRole('alertdialog');
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(orders()).toHaveLength(0);
  });

  it('does not ask for a stop-loss order (it waits for its trigger)', () => {
    prices.set(CE, 120, NOW - 12_000);
    const orders = setup();
    press('ArrowUp', true);
    expect(orders()).toHaveLength(1);
  });
});
