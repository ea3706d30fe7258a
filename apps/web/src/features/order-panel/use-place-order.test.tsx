import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscriptionStatusQuery, userInfoQuery } from '../../api/account-queries';
import { tradingKeys } from '../../api/query-keys';
import { createMapPriceSource, setLivePriceSource } from '../../live/live-prices';
import { setOrderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { deferred, fail, mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { FundsConfirmDialog } from './funds-confirm-dialog';
import { useKeyboardTrading } from './use-keyboard-trading';
import { usePlaceOrder } from './use-place-order';

vi.setConfig({ testTimeout: 20_000 });

const feedback = { click: vi.fn(), success: vi.fn(), failure: vi.fn() };
const user = (activeBroker: string | null) => ({
  user: { id: 'u1', name: 'Asha', email: 'a@b.in', phone: '9876543210', activeBroker, clientId: null },
});

function Trader() {
  useKeyboardTrading(usePlaceOrder());
  const location = useLocation();
  return <p data-testid="path">{location.pathname}</p>;
}

function setup(
  routes: Parameters<typeof mockApi>[0],
  cache?: { broker: string | null; subscription?: object },
) {
  const calls = mockApi(routes);
  const view = renderWithQueryClient(
    <>
      <Trader />
      <FundsConfirmDialog />
      <Toaster />
    </>,
  );
  if (cache) {
    view.queryClient.setQueryData(userInfoQuery.queryKey, user(cache.broker) as never);
    if (cache.subscription)
      view.queryClient.setQueryData(subscriptionStatusQuery.queryKey, cache.subscription as never);
  }
  return { calls, ...view };
}

const press = (key: string, shiftKey = false) =>
  act(() => void fireEvent.keyDown(document.body, { key, shiftKey }));
const orderCalls = <C extends { path: string }>(calls: C[]) =>
  calls.filter((c) => c.path.startsWith('/order'));

beforeEach(() => {
  setOrderFeedback(feedback);
  useTradingSettings.getState().resetSettings();
  useTradingSettings.getState().patchSettings('orderConfig', {
    lotSize: 65,
    callInternalToken: 'tok-ce',
    callTradingSymbol: 'NIFTY26N2426000CE',
    callIdentifier: 'NIFTY 24 NOV 26000 CE',
    putInternalToken: 'tok-pe',
    putTradingSymbol: 'NIFTY26N2426000PE',
    putIdentifier: 'NIFTY 24 NOV 26000 PE',
  });
  useTradingSettings.getState().patchSettings('marketOrderState', { quantity: 65 });
  useTradingSettings.getState().patchSettings('stopLossOrderState', { quantity: 65, slPoints: 10 });
  setLivePriceSource(createMapPriceSource({ NIFTY26N2426000CE: 120, NIFTY26N2426000PE: 80 }).source);
});
afterEach(() => {
  act(() => void toast.dismiss());
  setOrderFeedback(null);
  setLivePriceSource(null);
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('placing orders from the keyboard', () => {
  it('sends ArrowUp as a market buy of the call at once, with the click cue and a provisional open order', async () => {
    const reply = deferred();
    const { calls, queryClient } = setup({ 'POST /order': () => reply.promise }, { broker: 'PAPERTRADE' });
    press('ArrowUp');
    expect(orderCalls(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/order',
        body: expect.objectContaining({
          internalToken: 'tok-ce',
          transactionType: 'buy',
          orderType: 'market',
          quantity: 65,
        }),
      }),
    ]);
    expect(feedback.click).toHaveBeenCalledTimes(1);
    const open = queryClient.getQueryData<{ openOrders: { identifier: string; status: string }[] }>(
      tradingKeys.orders,
    )?.openOrders;
    expect(open).toEqual([
      expect.objectContaining({ identifier: 'NIFTY 24 NOV 26000 CE', status: 'pending' }),
    ]);
    reply.release(ok({ orderId: 'o1', orderIds: ['o1'] }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledTimes(1));
  });

  it('sends Shift+ArrowDown as a stop-loss buy of the put at ltp + SL points', () => {
    const { calls } = setup(
      { 'POST /order': () => ok({ orderId: 'o2', orderIds: ['o2'] }) },
      { broker: 'PAPERTRADE' },
    );
    press('ArrowDown', true);
    expect(orderCalls(calls)[0]?.body).toMatchObject({
      internalToken: 'tok-pe',
      transactionType: 'buy',
      orderType: 'stoploss',
      triggerPrice: 90,
    });
  });

  it('refuses market-card keys with a toast while market orders are switched off; the stop-loss card still trades', async () => {
    const discipline = useTradingSettings.getState().userSettingsState.discipline;
    useTradingSettings
      .getState()
      .patchSettings('userSettingsState', { discipline: { ...discipline, noMarketOrders: true } });
    const { calls } = setup(
      { 'POST /order': () => ok({ orderId: 'o9', orderIds: ['o9'] }) },
      { broker: 'PAPERTRADE' },
    );
    press('ArrowUp');
    expect(orderCalls(calls)).toEqual([]);
    expect(await screen.findByText('Market orders are switched off in your settings')).toBeInTheDocument();
    expect(feedback.failure).toHaveBeenCalledTimes(1);
    press('ArrowUp', true);
    expect(orderCalls(calls)[0]?.body).toMatchObject({ orderType: 'stoploss' });
  });

  it('shows why a follow-up was not armed when the order itself was placed', async () => {
    const warning = 'Follow-up not armed: unknown instrument BANKNIFTY99JAN1CE';
    setup(
      { 'POST /order': () => ok({ orderId: 'o6', orderIds: ['o6'], warnings: [warning] }) },
      { broker: 'PAPERTRADE' },
    );
    press('ArrowUp');
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(feedback.success).toHaveBeenCalledTimes(1);
  });

  it('uses POST /order/iceberg with Iceberg Order ticked', () => {
    useTradingSettings.getState().patchSettings('orderConfig', { icebergOrder: true });
    const { calls } = setup(
      { 'POST /order/iceberg': () => ok({ orderId: 'o3', orderIds: ['o3'] }) },
      { broker: 'PAPERTRADE' },
    );
    press('ArrowLeft');
    expect(orderCalls(calls)[0]).toMatchObject({
      path: '/order/iceberg',
      body: expect.objectContaining({ transactionType: 'sell' }),
    });
  });

  it("refuses a zero quantity with 'Quantity should be greater than 0' and the failure cue", async () => {
    useTradingSettings.getState().patchSettings('marketOrderState', { quantity: 0 });
    const { calls } = setup({}, { broker: 'PAPERTRADE' });
    press('ArrowUp');
    expect(await screen.findByText('Quantity should be greater than 0')).toBeInTheDocument();
    expect(feedback.failure).toHaveBeenCalledTimes(1);
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('refuses a quantity above the most one order may carry with a toast naming the limit, sending nothing', async () => {
    useTradingSettings.getState().patchSettings('marketOrderState', { quantity: 35_165 });
    const { calls } = setup({}, { broker: 'PAPERTRADE' });
    press('ArrowUp');
    expect(
      await screen.findByText(
        'Quantity 35165 is above the most one order may carry for NIFTY: 20 slices of 1,755 (35,100)',
      ),
    ).toBeInTheDocument();
    expect(feedback.failure).toHaveBeenCalledTimes(1);
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('sends a user without entitlement to /subscribe and places nothing', async () => {
    const { calls } = setup(
      {},
      {
        broker: 'ZERODHA',
        subscription: { subscriptionStatus: 'expired', activePlan: 'freeTrial', expirationDate: null },
      },
    );
    press('ArrowUp');
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/subscribe'));
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it('lets a paid plan trade with a live broker', () => {
    const { calls } = setup(
      { 'POST /order': () => ok({ orderId: 'o4', orderIds: ['o4'] }) },
      {
        broker: 'ZERODHA',
        subscription: { subscriptionStatus: 'expired', activePlan: 'x-trader-yearly', expirationDate: null },
      },
    );
    press('ArrowRight');
    expect(orderCalls(calls)).toHaveLength(1);
  });

  it('asks the server for entitlement when the cache is cold', async () => {
    const { calls } = setup({
      'GET /auth/getUserInfo': () => ok(user('UPSTOX')),
      'GET /zohoSubscriptions/getSubscriptionStatus': () =>
        ok({ subscriptionStatus: 'live', activePlan: 'x-trader-quarterly', expirationDate: '2027-01-01' }),
      'POST /order': () => ok({ orderId: 'o5', orderIds: ['o5'] }),
    });
    press('ArrowUp');
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
  });

  it("shows the server's message, plays the failure cue and withdraws the provisional row when refused", async () => {
    const { queryClient } = setup(
      { 'POST /order': () => fail(400, 'INSUFFICIENT FUNDS') },
      { broker: 'PAPERTRADE' },
    );
    press('ArrowUp');
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
    expect(feedback.failure).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData<{ openOrders: unknown[] }>(tradingKeys.orders)?.openOrders).toEqual([]);
  });

  it("falls back to 'Place order failed!' without a server message", async () => {
    setup({ 'POST /order': () => ({ status: 502 }) }, { broker: 'PAPERTRADE' });
    press('ArrowUp');
    expect(await screen.findByText('Place order failed!')).toBeInTheDocument();
  });

  it('asks before sending a buy that costs more than the available funds, and sends nothing unless confirmed', async () => {
    // The spec's default quantity (10000) of a new Practice user: 154 lots at 120 is far beyond ₹10,00,000.
    useTradingSettings.getState().patchSettings('marketOrderState', { quantity: 10_000 });
    const { calls, queryClient } = setup(
      { 'POST /order': () => ok({ orderId: 'o1' }) },
      { broker: 'PAPERTRADE' },
    );
    queryClient.setQueryData(tradingKeys.margin, { total: 1_000_000, available: 1_000_000, utilized: 0 });
    press('ArrowUp');
    const ask = await screen.findByRole('alertdialog', { name: 'Not enough funds' });
    expect(ask).toHaveTextContent('10,010');
    expect(ask).toHaveTextContent('₹12,01,200');
    expect(ask).toHaveTextContent('₹10,00,000');
    // While it asks, more key presses place nothing.
    press('ArrowUp');
    expect(orderCalls(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(orderCalls(calls)).toHaveLength(0);

    press('ArrowUp');
    fireEvent.click(await screen.findByRole('button', { name: 'Place anyway' }));
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(1));
    expect(orderCalls(calls)[0]?.body).toMatchObject({ quantity: 10_010, transactionType: 'buy' });
  });

  it('sends a buy that fits the available funds without asking', async () => {
    const { calls, queryClient } = setup(
      { 'POST /order': () => ok({ orderId: 'o1' }) },
      { broker: 'PAPERTRADE' },
    );
    queryClient.setQueryData(tradingKeys.margin, { total: 1_000_000, available: 1_000_000, utilized: 0 });
    press('ArrowUp');
    expect(orderCalls(calls)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before an order that would be split into several when no live price can check it yet', async () => {
    // Practice prices arrive 5 s late: a new user's first key press has no price to weigh the default 10000 by.
    setLivePriceSource(createMapPriceSource({}).source);
    useTradingSettings.getState().patchSettings('marketOrderState', { quantity: 10_000 });
    const { calls, queryClient } = setup(
      { 'POST /order': () => ok({ orderId: 'o1' }) },
      { broker: 'PAPERTRADE' },
    );
    queryClient.setQueryData(tradingKeys.margin, { total: 1_000_000, available: 1_000_000, utilized: 0 });
    press('ArrowLeft');
    const ask = await screen.findByRole('alertdialog', { name: 'Large order' });
    expect(ask).toHaveTextContent('10,010');
    expect(ask).toHaveTextContent('6 orders');
    expect(orderCalls(calls)).toHaveLength(0);
  });
});
