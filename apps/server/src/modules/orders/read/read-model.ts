import type { Order, OrdersResponse } from '@xtrader/core/api/orders';
import { istDateOf, istEpochMs } from '@xtrader/core/market/dates';
import { toBrokerProduct } from '@xtrader/core/orders/types';
import type { OrderContext } from '../context/context';
import { lastPriceOf } from '../context/order-prices';
import { isActiveTrailing, isHeld, type OrderRecord } from '../model/record';

const EMPTY: OrdersResponse = { openOrders: [], executedOrders: [], rejectedOrders: [], cancelledOrders: [] };

/** One order as the tables show it. */
function toApiOrder(order: OrderRecord, lastTradedPrice: number | null): Order {
  const { state, trailing } = order;
  const price =
    order.orderType === 'limit' ? state.price : order.orderType === 'stoploss' ? state.triggerPrice : null;
  return {
    orderId: order.id,
    // Locally trailed orders are managed by the product too (their trigger moves on its own).
    isInternal:
      order.isInternal || isHeld(order) || (isActiveTrailing(order) && trailing?.handler === 'local'),
    time: new Date(state.createdAt).toISOString(),
    status: state.status,
    orderCategory: order.category,
    orderType: order.orderType,
    transactionType: order.side,
    identifier: order.identifier,
    exchange: order.exchange,
    product: toBrokerProduct(order.productType),
    productType: order.productType,
    tradingSymbol: order.tradingSymbol,
    internalToken: order.internalToken,
    quantity: state.quantity,
    filledQuantity: state.filledQuantity,
    price,
    averagePrice: state.filledQuantity > 0 ? state.averagePrice : null,
    stoploss: order.stoplossPoints,
    target: order.targetPoints,
    lastTradedPrice,
    rejectedReason: state.rejectedReason,
    isTrailing: isActiveTrailing(order),
    brokerTrailing: trailing ? trailing.handler === 'broker' : false,
    changeInPrice: trailing?.changeInPrice ?? null,
    changeInSL: trailing?.changeInSl ?? null,
    // A slice or iceberg leg points at its group; an exit leg, follow-up or flatten order at its entry.
    parentOrderId: order.groupId ?? order.parentOrderId,
    disasterStopOf: order.role === 'disaster' ? order.parentOrderId : null,
  };
}

/**
 * GET /portfolio/orders: today's orders (IST) at the user's active broker plus any older one still working, newest
 * first, split by status. A user with no broker has none.
 */
export async function listOrders(ctx: OrderContext, userId: string): Promise<OrdersResponse> {
  const session = await ctx.sessions.peek(userId);
  if (!session) return EMPTY;
  const now = ctx.clock.now();
  const startOfDay = istEpochMs(istDateOf(now));
  const orders = (await ctx.store.listRecent(userId, startOfDay))
    .filter((order) => order.brokerId === session.brokerId)
    .reverse();
  const result: OrdersResponse = {
    openOrders: [],
    executedOrders: [],
    rejectedOrders: [],
    cancelledOrders: [],
  };
  for (const order of orders) {
    const ltp = lastPriceOf(ctx, order) ?? null;
    const api = toApiOrder(order, ltp);
    const status = order.state.status;
    if (status === 'complete') result.executedOrders.push(api);
    else if (status === 'rejected') result.rejectedOrders.push(api);
    else if (status === 'cancelled') result.cancelledOrders.push(api);
    else result.openOrders.push(api);
  }
  return result;
}
