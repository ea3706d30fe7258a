import { BrokerCallError } from '../live-kit/errors';
import type { BrokerQuote, QuoteEndpoint } from '../live-kit/price-feed';
import { priceOf, quoteRequest } from '../live-kit/quote-request';
import type { UpstoxEndpoints } from './endpoints';
import { classifyUpstoxError, classifyUpstoxFailure } from './upstox-errors';

// A Upstox user's own prices: the v3 LTP quote endpoint, `GET /v3/market-quote/ltp?instrument_key=<k1>,<k2>`, with
// the user's Bearer token. Upstox documents up to 500 instrument keys a request and, for its standard APIs, 50
// requests a second, 500 a minute and 2,000 in 30 minutes per user and API: one request a second stays under all
// three (1,800 in 30 minutes). The answer's `data` is keyed by `EXCHANGE:SYMBOL`; each entry names the requested
// key in `instrument_token` and carries `last_price` and the previous close `cp`. (The v3 market-data websocket
// is protobuf-encoded; it is not spoken here.)

export const UPSTOX_QUOTE_BATCH = 500;
export const UPSTOX_QUOTE_INTERVAL_MS = 1000;

export function upstoxQuoteEndpoint(endpoints: Pick<UpstoxEndpoints, 'api'>): QuoteEndpoint {
  return {
    batchSize: UPSTOX_QUOTE_BATCH,
    intervalMs: UPSTOX_QUOTE_INTERVAL_MS,
    classify: classifyUpstoxError,
    async quotes({ token }, contracts) {
      const keys = contracts.map((contract) => contract.instrumentId).join(',');
      const url = `${endpoints.api}/v3/market-quote/ltp?instrument_key=${encodeURIComponent(keys)}`;
      const answer = await quoteRequest('Upstox', url, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
      const body = answer.body as
        | { status?: string; data?: Record<string, unknown>; errors?: Array<Record<string, unknown>> }
        | undefined;
      if (!answer.ok || body?.status !== 'success') {
        const first = body?.errors?.[0];
        throw classifyUpstoxFailure({
          httpStatus: answer.ok ? 400 : answer.status,
          code: (first?.errorCode ?? first?.error_code) as string | undefined,
          message: String(first?.message ?? `HTTP ${answer.status}`),
        });
      }
      if (!body.data || typeof body.data !== 'object')
        throw new BrokerCallError('network', 'Upstox sent an unreadable quote answer', true);
      const quotes: BrokerQuote[] = [];
      for (const entry of Object.values(body.data)) {
        const row = entry as { instrument_token?: unknown; last_price?: unknown; cp?: unknown };
        const lastPrice = priceOf(row.last_price);
        if (typeof row.instrument_token !== 'string' || lastPrice === undefined) continue;
        const close = priceOf(row.cp);
        quotes.push({ instrumentId: row.instrument_token, lastPrice, ...(close ? { close } : {}) });
      }
      return quotes;
    },
  };
}
