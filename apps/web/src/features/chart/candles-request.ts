import { type CandlesResponse, candlesResponseSchema } from '@xtrader/core/api/candles';
import type { CandleInterval } from '@xtrader/core/market/candles';
import { api } from '../../api/client';

/** GET /market/candles: the recent candles the server kept of `symbol` in the user's own prices. */
export const fetchCandles = (
  symbol: string,
  interval: CandleInterval,
  signal?: AbortSignal,
): Promise<CandlesResponse> =>
  api
    .get('/market/candles', {
      query: { symbol, interval },
      data: candlesResponseSchema,
      ...(signal ? { signal } : {}),
    })
    .then(({ data }) => data);
