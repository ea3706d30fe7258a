import { useQueryClient } from '@tanstack/react-query';
import { staleOrderMessage } from '@xtrader/core/api/market-feed';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { staleAgeOf } from '../../api/contract-staleness';
import { feedStatusQuery } from '../../api/feed-status-query';
import { placeOrder } from '../../api/order-requests';
import { marginQuery } from '../../api/portfolio-queries';
import { provisionalOrder, showProvisionalOrder } from '../../api/provisional-orders';
import { refreshTradingDataSoon } from '../../api/refresh';
import { toastError } from '../../api/toast-error';
import { FAILURE_TITLES } from '../../lib/order-messages';
import { readLivePrice, readLiveTickTime } from '../../live/live-prices';
import { useOrderActivity } from '../../state/order-activity';
import { orderFeedback } from '../../state/order-feedback';
import { useTradingSettings } from '../../state/trading-settings-store';
import { type BuiltOrder, buildOrder } from './build-order';
import { cachedEntitlement, fetchEntitlement } from './entitlement';
import { askAboutFunds, questionFor } from './funds-question';
import type { OrderIntent } from './order-intent';
import { askAboutStalePrices } from './stale-question';

/**
 * `awaitsFill`: a market-card order fills at once, so the panel shows it as awaiting until executed. Answers the
 * placed order's id, or undefined when it failed (the failure was already shown).
 */
export async function sendOrder(
  { body, iceberg, tradingSymbol, identifier }: BuiltOrder,
  awaitsFill: boolean,
): Promise<string | undefined> {
  // The journal's request time: after any confirmation the order waited for, right as it leaves.
  const request = placeOrder({ ...body, requestedAt: Date.now() }, { iceberg });
  // Everything else after the request left: nothing may delay the order, not even a sound or a row.
  const notificationsWhenSent = useOrderActivity.getState().requestSent();
  const withdraw = showProvisionalOrder(
    provisionalOrder(body, { tradingSymbol, identifier, now: Date.now() }),
  );
  orderFeedback.click();
  try {
    const { data } = await request;
    // Placed, but not all that was asked (e.g. a follow-up that could not be armed): say what is missing.
    for (const warning of data.warnings ?? []) toast.warning(warning);
    useOrderActivity.getState().requestSettled(awaitsFill, notificationsWhenSent);
    orderFeedback.success();
    refreshTradingDataSoon();
    return data.orderId;
  } catch (error) {
    withdraw();
    useOrderActivity.getState().requestSettled(false, notificationsWhenSent);
    toastError(error, FAILURE_TITLES.placeOrder);
    orderFeedback.failure();
    return undefined;
  }
}

export const NO_MARKET_ORDERS_MESSAGE = 'Market orders are switched off in your settings';
const NO_MARKET_ORDERS_HINT =
  'Use the price ladder (a limit at the bid or ask) or the stop-loss card; User Settings -> Discipline turns this off.';

/**
 * Places the order of one key press or button click. Everything the order needs is read synchronously (persisted
 * settings, live price, cached entitlement), so the request leaves within the same task as the key event.
 * A user without entitlement goes to /subscribe and nothing is placed.
 */
export function usePlaceOrder(): (intent: OrderIntent) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (intent: OrderIntent) => {
      const pressedAt = intent.pressedAt ?? Date.now();
      const settings = useTradingSettings.getState();
      // The no-market switch (User Settings -> Discipline): the market card's keys and buttons are refused here, and
      // the server refuses any market order sent past this check.
      if (intent.card === 'market' && settings.userSettingsState.discipline.noMarketOrders) {
        toast.error(NO_MARKET_ORDERS_MESSAGE, { description: NO_MARKET_ORDERS_HINT });
        orderFeedback.failure();
        return;
      }
      const isCall = intent.optionType === 'CE';
      const symbol = isCall ? settings.orderConfig.callTradingSymbol : settings.orderConfig.putTradingSymbol;
      const ltp = symbol ? readLivePrice(symbol) : undefined;
      const order = buildOrder({ ...settings, intent, ltp });
      if (!order.ok) {
        toast.error(order.message, order.description ? { description: order.description } : undefined);
        orderFeedback.failure();
        return;
      }
      // The journal's key press time and the price the card showed then (slippage is measured against it).
      const built = { ...order, body: { ...order.body, pressedAt, ...(ltp ? { shownPrice: ltp } : {}) } };
      const goSubscribe = () => void navigate('/subscribe');
      // An order beyond the available funds (as last fetched), or a large one no price can check yet, waits for
      // the trader's confirmation.
      const checkFunds = (order: BuiltOrder, awaitsFill: boolean): void => {
        const question = questionFor({
          built: order,
          awaitsFill,
          index: settings.orderConfig.index,
          lotSize: settings.orderConfig.lotSize,
          price: order.body.triggerPrice ?? (symbol ? readLivePrice(symbol) : undefined),
          available: queryClient.getQueryData(marginQuery.queryKey)?.available,
        });
        if (question) askAboutFunds(question);
        else void sendOrder(order, awaitsFill);
      };
      // A market order on a contract that stopped ticking asks first: it would fill at a price nobody saw.
      const send = (order: BuiltOrder, awaitsFill: boolean): void => {
        const status = queryClient.getQueryData(feedStatusQuery.queryKey);
        const age = awaitsFill && symbol ? staleAgeOf(readLiveTickTime(symbol), status) : undefined;
        if (age === undefined) checkFunds(order, awaitsFill);
        else
          askAboutStalePrices({
            message: staleOrderMessage(age),
            proceed: () => checkFunds(order, awaitsFill),
          });
      };
      const entitled = cachedEntitlement();
      const awaitsFill = intent.card === 'market';
      if (entitled === true) send(built, awaitsFill);
      else if (entitled === false) goSubscribe();
      else
        void fetchEntitlement().then(
          (ok) => (ok ? send(built, awaitsFill) : goSubscribe()),
          (error: unknown) => toastError(error, FAILURE_TITLES.placeOrder),
        );
    },
    [navigate, queryClient],
  );
}
