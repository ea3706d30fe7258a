import type { QueryClient } from '@tanstack/react-query';
import type { Order, OrdersResponse, PlaceOrderInput } from '@xtrader/core/api/orders';
import { normalizeProductType, toBrokerProduct } from '@xtrader/core/orders/types';
import { queryClient as appQueryClient } from './query-client';
import { tradingKeys } from './query-keys';

// An order shows in the open-orders table the moment its key is pressed, as a provisional row, rather than after
// the server round trip and the 500 ms refresh: a trader sees at once that the key press was taken. The next
// refresh replaces the row with the server's order; a refused request removes it.

const PREFIX = 'provisional:';
let sequence = 0;

export const isProvisionalOrder = (order: Pick<Order, 'orderId'>): boolean =>
  order.orderId.startsWith(PREFIX);

export type ProvisionalContext = { tradingSymbol: string; identifier: string; now: number };

/** The read-model row of an order that was sent but not yet confirmed. */
export function provisionalOrder(body: PlaceOrderInput, context: ProvisionalContext): Order {
  sequence += 1;
  const productType = normalizeProductType(body.product);
  const product = toBrokerProduct(productType);
  return {
    orderId: `${PREFIX}${sequence}`,
    isInternal: false,
    time: new Date(context.now).toISOString(),
    status: 'pending',
    orderCategory: body.orderCategory ?? 'single',
    orderType: body.orderType,
    transactionType: body.transactionType,
    identifier: context.identifier || context.tradingSymbol,
    exchange: body.exchange,
    product,
    productType,
    tradingSymbol: context.tradingSymbol,
    internalToken: body.internalToken,
    quantity: body.quantity,
    filledQuantity: 0,
    price: body.triggerPrice ?? null,
    averagePrice: null,
    stoploss: body.ocoOrderStoploss ?? null,
    target: body.ocoOrderTarget ?? null,
    lastTradedPrice: null,
    rejectedReason: null,
    isTrailing: false,
    brokerTrailing: body.brokerTrailing ?? true,
    changeInPrice: body.changeInPrice ?? null,
    changeInSL: body.changeInSL ?? null,
    parentOrderId: null,
  };
}

const EMPTY: OrdersResponse = { openOrders: [], executedOrders: [], rejectedOrders: [], cancelledOrders: [] };

function editOpenOrders(client: QueryClient, edit: (open: Order[]) => Order[]): void {
  client.setQueryData<OrdersResponse>(tradingKeys.orders, (current) => {
    const base = current ?? EMPTY;
    return { ...base, openOrders: edit(base.openOrders) };
  });
}

/** Shows the order at the top of the open orders; returns the function that takes it away (request refused). */
export function showProvisionalOrder(order: Order, client: QueryClient = appQueryClient): () => void {
  editOpenOrders(client, (open) => [order, ...open]);
  return () => editOpenOrders(client, (open) => open.filter((o) => o.orderId !== order.orderId));
}
