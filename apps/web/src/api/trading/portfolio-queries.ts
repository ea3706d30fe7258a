import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@xtrader/core';
import { ordersResponseSchema } from '@xtrader/core/api/orders';
import { marginSchema, positionsResponseSchema } from '@xtrader/core/api/portfolio';
import { api } from '../client';
import { useActiveBroker } from './account-queries';
import { tradingKeys } from './query-keys';

// The 5 s polls of SPEC section 7 are the fallback; WebSocket events and order actions refresh sooner.

export const ordersQuery = queryOptions({
  queryKey: tradingKeys.orders,
  queryFn: async ({ signal }) =>
    (await api.get('/portfolio/orders', { data: ordersResponseSchema, signal })).data,
});

export const positionsQuery = queryOptions({
  queryKey: tradingKeys.positions,
  queryFn: async ({ signal }) =>
    (await api.get('/portfolio/positions', { data: positionsResponseSchema, signal })).data.positions,
});

export const marginQuery = queryOptions({
  queryKey: tradingKeys.margin,
  queryFn: async ({ signal }) => (await api.get('/portfolio/margin', { data: marginSchema, signal })).data,
});

/** Orders, polled every 5 s while a broker is active. */
export function useOrders() {
  const broker = useActiveBroker();
  return useQuery({ ...ordersQuery, enabled: broker !== null, refetchInterval: POLL_INTERVAL_MS });
}

/** Positions, polled every 5 s; live funds and positions need an active broker (SPEC section 6). */
export function usePositions() {
  const broker = useActiveBroker();
  return useQuery({ ...positionsQuery, enabled: broker !== null, refetchInterval: POLL_INTERVAL_MS });
}

/** Funds (margin), polled every 5 s only with an active broker. */
export function useMargin() {
  const broker = useActiveBroker();
  return useQuery({ ...marginQuery, enabled: broker !== null, refetchInterval: POLL_INTERVAL_MS });
}
