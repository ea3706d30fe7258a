import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Order, type OrdersResponse, ordersResponseSchema } from '@xtrader/core/api/orders';
import { marginSchema, type PositionsResponse, positionsResponseSchema } from '@xtrader/core/api/portfolio';
import { POLL_INTERVAL_MS } from '@xtrader/core/constants';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { useActiveBroker } from './account-queries';
import { api } from './client';
import { shareByKey } from './keyed-sharing';
import { ordersPollInterval } from './order-updates';
import { tradingKeys } from './query-keys';

// The 5 s polls are the fallback; WebSocket events and order actions refresh sooner. Orders poll every 20 s
// while the live socket is open, since it announces every change of an order's state.

const ORDER_LISTS = ['openOrders', 'executedOrders', 'rejectedOrders', 'cancelledOrders'] as const;
const orderKey = (order: Order) => order.orderId;

/** Keeps unchanged orders (and whole unchanged lists) as the same objects across refetches. */
function shareOrders(previous: unknown, next: unknown): unknown {
  const old = previous as OrdersResponse | undefined;
  const fresh = next as OrdersResponse;
  const lists = Object.fromEntries(
    ORDER_LISTS.map((list) => [list, shareByKey(old?.[list], fresh[list], orderKey)]),
  );
  const shared = { ...fresh, ...lists } as OrdersResponse;
  return old && ORDER_LISTS.every((list) => shared[list] === old[list]) ? old : shared;
}

type Positions = PositionsResponse['positions'];

function sharePositions(previous: unknown, next: unknown): unknown {
  const old = previous as Positions | undefined;
  const fresh = next as Positions;
  const netPosition = shareByKey(old?.netPosition, fresh.netPosition, positionKey);
  return old && netPosition === old.netPosition ? old : { ...fresh, netPosition };
}

const ordersQuery = queryOptions({
  queryKey: tradingKeys.orders,
  queryFn: async ({ signal }) =>
    (await api.get('/portfolio/orders', { data: ordersResponseSchema, signal })).data,
  structuralSharing: shareOrders,
});

const positionsQuery = queryOptions({
  queryKey: tradingKeys.positions,
  queryFn: async ({ signal }) =>
    (await api.get('/portfolio/positions', { data: positionsResponseSchema, signal })).data.positions,
  structuralSharing: sharePositions,
});

export const marginQuery = queryOptions({
  queryKey: tradingKeys.margin,
  queryFn: async ({ signal }) => (await api.get('/portfolio/margin', { data: marginSchema, signal })).data,
});

/** Orders while a broker is active: refetched on the socket's order updates, polled as a fallback. */
export function useOrders() {
  const broker = useActiveBroker();
  return useQuery({ ...ordersQuery, enabled: broker !== null, refetchInterval: ordersPollInterval });
}

/** Positions, polled every 5 s; live funds and positions need an active broker. */
export function usePositions() {
  const broker = useActiveBroker();
  return useQuery({ ...positionsQuery, enabled: broker !== null, refetchInterval: POLL_INTERVAL_MS });
}

/** Funds (margin), polled every 5 s only with an active broker. */
export function useMargin() {
  const broker = useActiveBroker();
  return useQuery({ ...marginQuery, enabled: broker !== null, refetchInterval: POLL_INTERVAL_MS });
}
