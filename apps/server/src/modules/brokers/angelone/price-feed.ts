import { BrokerCallError } from '../live-kit/errors';
import type { BrokerContract } from '../live-kit/instrument-master';
import type { BrokerQuote, QuoteEndpoint } from '../live-kit/price-feed';
import { priceOf, quoteRequest } from '../live-kit/quote-request';
import { angelHeaders } from './angelone-api';
import { ANGELONE_MESSAGES, classifyAngelError, isDeadTokenCode } from './angelone-errors';
import type { ClientIdentity } from './client-identity';

// An Angel One user's own prices: SmartAPI's market data quote, `POST /rest/secure/angelbroking/market/v1/quote/`
// with `{mode: "LTP", exchangeTokens: {NFO: [<symbol token>, ...]}}` and the usual SmartAPI headers. Angel One
// documents up to 50 symbols a request and, since its bulk quote change, one request a second; the answer is
// `{status: true, data: {fetched: [{exchange, tradingSymbol, symbolToken, ltp}], unfetched: [...]}}`. (SmartStream,
// Angel One's binary price socket, is not spoken here.)

export const ANGELONE_QUOTE_PATH = '/rest/secure/angelbroking/market/v1/quote/';
export const ANGELONE_QUOTE_BATCH = 50;
export const ANGELONE_QUOTE_INTERVAL_MS = 1000;

/** Symbol tokens grouped by exchange (NFO, BFO), as the quote request names them. */
export function angelExchangeTokens(contracts: readonly BrokerContract[]): Record<string, string[]> {
  const tokens: Record<string, string[]> = {};
  for (const contract of contracts) {
    const list = tokens[contract.exchange] ?? [];
    list.push(contract.instrumentId);
    tokens[contract.exchange] = list;
  }
  return tokens;
}

export function angelQuoteEndpoint(deps: {
  apiRoot: string;
  apiKey: () => string | undefined;
  identity: ClientIdentity;
}): QuoteEndpoint {
  return {
    batchSize: ANGELONE_QUOTE_BATCH,
    intervalMs: ANGELONE_QUOTE_INTERVAL_MS,
    classify: classifyAngelError,
    async quotes({ token }, contracts) {
      const apiKey = deps.apiKey();
      if (!apiKey) throw new BrokerCallError('token_expired', ANGELONE_MESSAGES.sessionExpired, false);
      const answer = await quoteRequest('Angel One', `${deps.apiRoot}${ANGELONE_QUOTE_PATH}`, {
        method: 'POST',
        headers: { ...angelHeaders(apiKey, token, deps.identity), 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'LTP', exchangeTokens: angelExchangeTokens(contracts) }),
      });
      const body = answer.body as
        | {
            status?: unknown;
            message?: string;
            errorcode?: string;
            errorCode?: string;
            data?: { fetched?: unknown };
          }
        | undefined;
      const code = body?.errorcode ?? body?.errorCode;
      if (answer.status === 401 || isDeadTokenCode(code))
        throw new BrokerCallError('token_expired', ANGELONE_MESSAGES.sessionExpired, false);
      if (answer.status === 403 || answer.status === 429)
        throw new BrokerCallError('rate_limited', ANGELONE_MESSAGES.rateLimited, false);
      if (!answer.ok || body?.status !== true)
        throw new BrokerCallError(
          'network',
          ANGELONE_MESSAGES.unreachable(body?.message ?? `HTTP ${answer.status}`),
          true,
        );
      const quotes: BrokerQuote[] = [];
      for (const row of Array.isArray(body.data?.fetched) ? body.data.fetched : []) {
        const item = row as { symbolToken?: unknown; ltp?: unknown };
        const lastPrice = priceOf(item.ltp);
        if (typeof item.symbolToken !== 'string' || lastPrice === undefined) continue;
        quotes.push({ instrumentId: item.symbolToken, lastPrice });
      }
      return quotes;
    },
  };
}
