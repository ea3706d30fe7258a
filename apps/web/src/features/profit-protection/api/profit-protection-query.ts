import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ProfitProtectionStatus,
  profitProtectionStatusSchema,
} from '@xtrader/core/api/profit-protection';
import { POLL_INTERVAL_MS } from '@xtrader/core/constants';
import { api } from '../../../api/client';
import { tradingKeys } from '../../../api/query-keys';

/** GET /profit-protection: the saved settings, the max loss in force (trailed) and the last trigger. */
const profitProtectionQuery = queryOptions({
  queryKey: tradingKeys.profitProtection,
  queryFn: async ({ signal }) =>
    (await api.get('/profit-protection', { data: profitProtectionStatusSchema, signal })).data,
});

/** Refetched every 5 s only while both protection and MTM trailing are on (the max loss moves). */
export const pollInterval = (data: ProfitProtectionStatus | undefined): number | false =>
  data?.profitProtectionEnabled && data.profitTrailingEnabled ? POLL_INTERVAL_MS : false;

export function useProfitProtection() {
  return useQuery({ ...profitProtectionQuery, refetchInterval: (query) => pollInterval(query.state.data) });
}
