import { brokerRoot } from '../live-kit/endpoints';
import { BrokerCallError } from '../live-kit/errors';
import type { BrokerQuote, QuoteEndpoint } from '../live-kit/price-feed';
import { priceOf, quoteRequest } from '../live-kit/quote-request';
import { VORTEX_API_ROOT } from './vortex-api';
import { vortexInstrumentId, vortexTokenOf } from './vortex-master';
import { VORTEX_MESSAGES } from './vortex-messages';

// A Rupeezy (Vortex) user's own prices: the quotes endpoint, `GET /v2/data/quotes?q=NSE_FO-<token>&q=...&mode=ltp`,
// with the platform's `x-api-key` and the user's Bearer token. Vortex documents up to 1,000 instruments a request
// and one request a second; the answer's `data` is keyed by `EXCHANGE-TOKEN` as asked, with `last_trade_price`
// (and `close_price` in the richer modes); an instrument without data is left out. (The Vortex price socket sends
// binary ticks; it is not spoken here.)

export const VORTEX_QUOTE_BATCH = 1000;
export const VORTEX_QUOTE_INTERVAL_MS = 1000;

/** Our instrument id (`NSE_FO|123`) as the quotes endpoint names it (`NSE_FO-123`). */
const quoteKeyOf = (instrumentId: string): string => {
  const { exchange, token } = vortexTokenOf(instrumentId);
  return `${exchange}-${token}`;
};

export function vortexQuoteEndpoint(
  baseUrl: string | undefined,
  apiKey: () => string | undefined,
): QuoteEndpoint {
  const root = brokerRoot(VORTEX_API_ROOT, baseUrl);
  const classify = (error: unknown) =>
    error instanceof BrokerCallError
      ? error
      : new BrokerCallError('network', VORTEX_MESSAGES.unreachable(String(error)), true);
  return {
    batchSize: VORTEX_QUOTE_BATCH,
    intervalMs: VORTEX_QUOTE_INTERVAL_MS,
    classify,
    async quotes({ token }, contracts) {
      const key = apiKey();
      if (!key) throw new BrokerCallError('token_expired', VORTEX_MESSAGES.sessionExpired, false);
      const query = contracts.map((contract) => `q=${encodeURIComponent(quoteKeyOf(contract.instrumentId))}`);
      const answer = await quoteRequest('Rupeezy', `${root}/data/quotes?${query.join('&')}&mode=ltp`, {
        headers: { Accept: 'application/json', 'x-api-key': key, Authorization: `Bearer ${token}` },
      });
      const body = answer.body as
        | { status?: string; message?: string; data?: Record<string, unknown> }
        | undefined;
      if (answer.status === 401)
        throw new BrokerCallError('token_expired', VORTEX_MESSAGES.sessionExpired, false);
      if (answer.status === 429)
        throw new BrokerCallError('rate_limited', VORTEX_MESSAGES.rateLimited, false);
      if (!answer.ok || body?.status !== 'success')
        throw new BrokerCallError(
          'network',
          VORTEX_MESSAGES.unreachable(body?.message ?? `HTTP ${answer.status}`),
          true,
        );
      const quotes: BrokerQuote[] = [];
      for (const [quoteKey, entry] of Object.entries(body.data ?? {})) {
        const row = entry as { last_trade_price?: unknown; close_price?: unknown } | undefined;
        const lastPrice = priceOf(row?.last_trade_price);
        const [exchange = '', tokenText = ''] = quoteKey.split('-');
        if (lastPrice === undefined || !exchange || !tokenText) continue;
        const close = priceOf(row?.close_price);
        quotes.push({
          instrumentId: vortexInstrumentId(exchange, tokenText),
          lastPrice,
          ...(close ? { close } : {}),
        });
      }
      return quotes;
    },
  };
}
