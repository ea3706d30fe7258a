import { useQuery } from '@tanstack/react-query';
import { strikesResponseSchema } from '@xtrader/core/api/instruments';
import type { IndexName } from '@xtrader/core/market/indices';
import { api } from '../../../api/client';
import { instrumentKeys } from './instrument-keys';

/** GET /instruments/getStrikes, filters {name, expiry, instrumentType}: ascending strikes. */
export const getStrikes = async (name: IndexName, expiry: string, instrumentType: 'CE' | 'PE') =>
  (
    await api.get('/instruments/getStrikes', {
      query: { filters: JSON.stringify({ name, expiry, instrumentType }) },
      data: strikesResponseSchema,
    })
  ).data.strikes;

const strikesQuery = (name: IndexName, expiry: string, type: 'CE' | 'PE') => ({
  queryKey: instrumentKeys.strikes(name, expiry, type),
  queryFn: () => getStrikes(name, expiry, type),
  staleTime: Number.POSITIVE_INFINITY,
  enabled: expiry !== '',
});

export const useStrikes = (name: IndexName, expiry: string, type: 'CE' | 'PE') =>
  useQuery(strikesQuery(name, expiry, type));
