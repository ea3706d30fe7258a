import type { BrokerContract } from '../live-kit/instrument-master';
import type { BrokerQuote, QuoteEndpoint } from '../live-kit/price-feed';
import { priceOf, quoteRequest } from '../live-kit/quote-request';
import type { DhanEndpoints } from './dhan-endpoints';
import { classifyDhanError, dhanFailure } from './dhan-errors';
import type { DhanErrorBody } from './dhan-schemas';

// A Dhan user's own prices: the market quote LTP endpoint, `POST /v2/marketfeed/ltp` with `{"NSE_FNO": [<security
// id>, ...]}`, the user's `access-token` and their `client-id`. Dhan documents up to 1,000 instruments a request and
// one request a second for its market quote APIs; the answer is `{status: "success", data: {<segment>: {<security
// id>: {last_price}}}}`. (Dhan's live market feed websocket is a binary protocol; it is not spoken here.)

export const DHAN_QUOTE_BATCH = 1000;
export const DHAN_QUOTE_INTERVAL_MS = 1000;

/** The request body: security ids (numbers) grouped by exchange segment. */
export function dhanQuoteBody(contracts: readonly BrokerContract[]): Record<string, number[]> {
  const body: Record<string, number[]> = {};
  for (const contract of contracts) {
    const ids = body[contract.exchange] ?? [];
    ids.push(Number(contract.instrumentId));
    body[contract.exchange] = ids;
  }
  return body;
}

export function dhanQuoteEndpoint(endpoints: Pick<DhanEndpoints, 'api'>): QuoteEndpoint {
  return {
    batchSize: DHAN_QUOTE_BATCH,
    intervalMs: DHAN_QUOTE_INTERVAL_MS,
    classify: classifyDhanError,
    async quotes({ account, token }, contracts) {
      const answer = await quoteRequest('Dhan', `${endpoints.api}/marketfeed/ltp`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'access-token': token,
          'client-id': account.clientId ?? '',
        },
        body: JSON.stringify(dhanQuoteBody(contracts)),
      });
      const body = answer.body as { status?: string; data?: Record<string, unknown> } | undefined;
      if (!answer.ok || body?.status !== 'success')
        throw dhanFailure(answer.ok ? 400 : answer.status, answer.body as DhanErrorBody | undefined);
      const quotes: BrokerQuote[] = [];
      for (const segment of Object.values(body.data ?? {})) {
        for (const [securityId, entry] of Object.entries((segment ?? {}) as Record<string, unknown>)) {
          const lastPrice = priceOf((entry as { last_price?: unknown } | undefined)?.last_price);
          if (lastPrice !== undefined) quotes.push({ instrumentId: securityId, lastPrice });
        }
      }
      return quotes;
    },
  };
}
