import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorDetailsSchema } from '@xtrader/core/api/operator';
import { api } from './client';

/** GET /public/operator: who runs this X-Trader (set by the operator at deploy time, so read once). */
export const operatorQuery = queryOptions({
  queryKey: ['public', 'operator'] as const,
  queryFn: async ({ signal }) =>
    (await api.get('/public/operator', { data: operatorDetailsSchema, signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useOperator = () => useQuery(operatorQuery);
