import { useQuery } from '@tanstack/react-query';
import { expiryDatesResponseSchema } from '@xtrader/core/api/instruments';
import type { IndexName } from '@xtrader/core/market/indices';
import { api } from '../../../api/client';
import { instrumentKeys } from './instrument-keys';

/** GET /instruments/getExpiryDates, filters {name}. */
export const getExpiryDates = async (name: IndexName): Promise<string[]> =>
  (
    await api.get('/instruments/getExpiryDates', {
      query: { filters: JSON.stringify({ name }) },
      data: expiryDatesResponseSchema,
    })
  ).data.expiryDates;

/** Expiry dates never go stale in the cache. */
const expiryDatesQuery = (name: IndexName) => ({
  queryKey: instrumentKeys.expiries(name),
  queryFn: () => getExpiryDates(name),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useExpiryDates = (name: IndexName) => useQuery(expiryDatesQuery(name));
