import { brokerEndpoint } from '../live-kit/endpoints';
import type { BrokerQuote, QuoteEndpoint } from '../live-kit/price-feed';
import { priceOf, quoteRequest } from '../live-kit/quote-request';
import { classifyFyers, fyersFailure } from './fyers-errors';

// A Fyers user's own prices: the data API's quotes, `GET https://api-t1.fyers.in/data/quotes?symbols=<t1>,<t2>`,
// with `Authorization: <app id>:<access token>`. Fyers documents up to 50 symbols a request and, across its API,
// 10 requests a second and 200 a minute per user: one request every 1.5 s (40 a minute) leaves the rest of the
// minute's budget to orders and order-book reads. The answer is `{s: "ok", d: [{n: <ticker>, s: "ok", v: {lp,
// prev_close_price, ...}}]}`. (Fyers' data socket is a binary protocol; it is not spoken here.)

export const FYERS_QUOTE_BATCH = 50;
export const FYERS_QUOTE_INTERVAL_MS = 1500;

export function fyersQuoteEndpoint(
  baseUrl: string | undefined,
  appId: () => string | undefined,
): QuoteEndpoint {
  const url = brokerEndpoint('https://api-t1.fyers.in/data/quotes', baseUrl);
  return {
    batchSize: FYERS_QUOTE_BATCH,
    intervalMs: FYERS_QUOTE_INTERVAL_MS,
    classify: classifyFyers,
    async quotes({ token }, contracts) {
      const app = appId();
      // Without the platform's app (removed since the login) nothing can be asked: the session is over.
      if (!app) throw fyersFailure(401, undefined, 'Fyers is not configured on this server');
      const symbols = contracts.map((contract) => contract.instrumentId).join(',');
      const answer = await quoteRequest('Fyers', `${url}?symbols=${encodeURIComponent(symbols)}`, {
        headers: { Accept: 'application/json', Authorization: `${app}:${token}` },
      });
      const body = answer.body as { s?: string; code?: number; message?: string; d?: unknown } | undefined;
      if (!answer.ok || body?.s !== 'ok')
        throw fyersFailure(answer.ok ? 400 : answer.status, body?.code, body?.message);
      const quotes: BrokerQuote[] = [];
      for (const row of Array.isArray(body.d) ? body.d : []) {
        const item = row as { n?: unknown; s?: unknown; v?: { lp?: unknown; prev_close_price?: unknown } };
        const lastPrice = priceOf(item.v?.lp);
        if (typeof item.n !== 'string' || item.s !== 'ok' || lastPrice === undefined) continue;
        const close = priceOf(item.v?.prev_close_price);
        quotes.push({ instrumentId: item.n, lastPrice, ...(close ? { close } : {}) });
      }
      return quotes;
    },
  };
}
