import {
  bulkOrdersResponseSchema,
  type PlaceOrderInput,
  placeOrderResponseSchema,
} from '@xtrader/core/api/orders';
import type { OrderType } from '@xtrader/core/orders/types';
import { api } from './client';

// The order calls, one function each, bodies as the core schemas.

/** POST /order, or POST /order/iceberg when the Iceberg Order box is ticked. */
export const placeOrder = (body: PlaceOrderInput, { iceberg = false } = {}) =>
  api.post(iceberg ? '/order/iceberg' : '/order', body, { data: placeOrderResponseSchema });

/** PUT /order/{orderId}: a new trigger/limit price and optionally a new quantity. */
export const modifyOrder = (input: { orderId: string; triggerPrice: number; quantity?: number }) =>
  api.put(`/order/${encodeURIComponent(input.orderId)}`, input);

/** DELETE /order/{orderId}; the order type travels along (the server needs both). */
export const cancelOrder = (input: { orderId: string; orderType: OrderType }) =>
  api.delete(`/order/${encodeURIComponent(input.orderId)}`, input, { query: { orderType: input.orderType } });

export type TrailParamsBody = { brokerTrailing: boolean; changeInPrice: number; changeInSL: number };

/** POST /order/trailStopLossOrder/{start|stop}/{orderId}. */
export const setOrderTrailing = (input: { orderId: string; state: 'start' | 'stop' } & TrailParamsBody) =>
  api.post(`/order/trailStopLossOrder/${input.state}/${encodeURIComponent(input.orderId)}`, {
    brokerTrailing: input.brokerTrailing,
    changeInPrice: input.changeInPrice,
    changeInSL: input.changeInSL,
  });

/** POST /order/editTrailParams/{orderId}. */
export const editTrailParams = (input: { orderId: string; changeInPrice: number; changeInSL: number }) =>
  api.post(`/order/editTrailParams/${encodeURIComponent(input.orderId)}`, {
    changeInPrice: input.changeInPrice,
    changeInSL: input.changeInSL,
  });

/** POST /order/exit/{tradingSymbol}/{productType}; market protection as a fraction. */
export const exitPosition = (input: {
  tradingSymbol: string;
  productType: string;
  quantity: number;
  marketProtection: number;
  /** Exit chaser: a limit at the best bid/ask re-priced up to `reprices` times, then marketable. */
  chase?: { reprices: number };
}) =>
  api.post(`/order/exit/${encodeURIComponent(input.tradingSymbol)}/${input.productType}`, {
    quantity: input.quantity,
    marketProtection: input.marketProtection,
    ...(input.chase ? { chase: input.chase } : {}),
  });

/** POST /order/exitAllPositions (also cancels open orders on the server). */
export const exitAllPositions = (input: { marketProtection: number }) =>
  api.post('/order/exitAllPositions', input);

/** POST /order/cancel: cancel every open order. */
export const cancelAllOrders = () => api.post('/order/cancel', { orderType: 'all', tradingSymbol: 'all' });

export type OrderIdGroups = { orderIds: string[]; internalOrderIds: string[] };

/** POST /order/cancelMultipleOrders; answers each order's outcome. */
export const cancelMultipleOrders = async (input: OrderIdGroups) =>
  (await api.post('/order/cancelMultipleOrders', input, { data: bulkOrdersResponseSchema })).data;

/** POST /order/modifyMultipleOrders: every listed order moves to one trigger price. */
export const modifyMultipleOrders = (
  input: OrderIdGroups & { targetOrderIds: string[]; stoplossOrderIds: string[]; triggerPrice: number },
) =>
  api.post('/order/modifyMultipleOrders', input, { data: bulkOrdersResponseSchema }).then(({ data }) => data);
