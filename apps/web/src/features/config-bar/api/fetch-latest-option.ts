import { type LatestOptionResponse, latestOptionResponseSchema } from '@xtrader/core/api/instruments';
import type { IndexName } from '@xtrader/core/market/indices';
import { api } from '../../../api/client';

/** GET /instruments/fetchLatestOptionOfIndex: the at-the-money call and put of the nearest expiry. */
export const fetchLatestOption = async (name: IndexName): Promise<LatestOptionResponse> =>
  (
    await api.get('/instruments/fetchLatestOptionOfIndex', {
      query: { name, segment: 'indices' },
      data: latestOptionResponseSchema,
    })
  ).data;
