import type { BrokerQuote, QuoteEndpoint } from '../live-kit/price-feed';
import { priceOf } from '../live-kit/quote-request';
import { classifyIiflError, createIiflApi } from './iifl-api';

// An IIFL user's own prices: IIFL Capital's market quotes, `POST /marketdata/marketquotes` with a JSON array of
// `{exchange, instrumentId}` (bulk) and the user's `Bearer <userSession>`, answered `{status: "Ok", result:
// [{exchange, instrumentId, ltp, close, ...}]}`. IIFL allows 10 market-quote requests a second per session and
// names no largest bulk request in the material we had: 50 instruments a request, 2 requests a second per user
// (a fifth of the allowance, so the order calls and any other client of the session keep room). A refused session
// (401) ends the user's source. IIFL's Bridge stream (MQTT) is not spoken (docs/market-data.md).

export const IIFL_QUOTE_BATCH = 50;
export const IIFL_QUOTE_INTERVAL_MS = 500;

export function iiflQuoteEndpoint(apiUrl: string): QuoteEndpoint {
  return {
    batchSize: IIFL_QUOTE_BATCH,
    intervalMs: IIFL_QUOTE_INTERVAL_MS,
    classify: classifyIiflError,
    async quotes({ token }, contracts) {
      const rows = await createIiflApi(apiUrl, token).marketQuotes(
        contracts.map(({ exchange, instrumentId }) => ({ exchange, instrumentId })),
      );
      return rows.flatMap((row): BrokerQuote[] => {
        const lastPrice = priceOf(row.ltp);
        if (lastPrice === undefined) return [];
        const close = priceOf(row.close);
        return [{ instrumentId: row.instrumentId, lastPrice, ...(close !== undefined ? { close } : {}) }];
      });
    },
  };
}
