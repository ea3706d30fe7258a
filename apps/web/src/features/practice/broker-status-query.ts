import { queryOptions, useQuery } from '@tanstack/react-query';
import { brokerStatusSchema } from '@xtrader/core/api/brokers';
import { api } from '../../api/client';
import { tradingKeys } from '../../api/query-keys';

/**
 * GET /broker/status: the active broker, its client id, connected or expired, and whether order updates stream.
 * Refreshed every 30 s: Kite sessions end at 06:00 IST and the status card must say so without a reload.
 */
export const brokerStatusQuery = queryOptions({
  queryKey: tradingKeys.brokerStatus,
  queryFn: async ({ signal }) => (await api.get('/broker/status', { data: brokerStatusSchema, signal })).data,
  refetchInterval: 30_000,
});

export const useBrokerStatus = () => useQuery(brokerStatusQuery);
