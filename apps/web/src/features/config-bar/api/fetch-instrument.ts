import { useQuery } from '@tanstack/react-query';
import { fetchInstrumentResponseSchema, type Instrument } from '@xtrader/core/api/instruments';
import { exchangeForIndex, type IndexName } from '@xtrader/core/market/indices';
import { api } from '../../../api/client';
import { instrumentKeys } from './instrument-keys';

/** GET /instruments/fetchInstrument, filters {instrumentType, name, strike, expiry, exchange}. */
export const fetchInstrument = async (
  name: IndexName,
  expiry: string,
  instrumentType: 'CE' | 'PE',
  strike: number,
): Promise<Instrument> =>
  (
    await api.get('/instruments/fetchInstrument', {
      query: {
        filters: JSON.stringify({ instrumentType, name, strike, expiry, exchange: exchangeForIndex(name) }),
      },
      data: fetchInstrumentResponseSchema,
    })
  ).data.instrument;

/** A contract never changes its token or lot size: fetched once per session. */
const instrumentQuery = (name: IndexName, expiry: string, type: 'CE' | 'PE', strike: number | null) => ({
  queryKey: instrumentKeys.instrument(name, expiry, type, strike ?? 0),
  queryFn: () => fetchInstrument(name, expiry, type, strike ?? 0),
  staleTime: Number.POSITIVE_INFINITY,
  enabled: expiry !== '' && strike !== null,
});

export const useInstrument = (name: IndexName, expiry: string, type: 'CE' | 'PE', strike: number | null) =>
  useQuery(instrumentQuery(name, expiry, type, strike));
