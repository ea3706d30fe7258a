import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { brokerEndpoint, brokerRoot } from '../live-kit/endpoints';
import { BrokerCallError } from '../live-kit/errors';
import { ALICEBLUE_MESSAGES, explainRefusal, isSessionExpiry } from './aliceblue-messages';
import {
  type AliceOrder,
  type AlicePosition,
  aliceEnvelopeSchema,
  aliceLimitsSchema,
  aliceOrderSchema,
  alicePlacedSchema,
  alicePositionSchema,
  aliceUserDetailsSchema,
} from './aliceblue-schemas';

// AliceBlue's open-api (V2) over fetch (AliceBlue publishes no JavaScript client): the vendor login on the ANT host,
// trading on the a3 host with `Authorization: Bearer <userSession>`, JSON bodies and the `{status, message, result}`
// envelope. Every failure comes out as a classified BrokerCallError (uncertain: no answer, or a 5xx).

/** The documented endpoints; each goes through `brokerEndpoint` with XT_ALICEBLUE_BASE_URL. */
export const ALICEBLUE_ENDPOINTS = {
  loginPage: 'https://ant.aliceblueonline.com/',
  userDetails: 'https://ant.aliceblueonline.com/open-api/od/v1/vendor/getUserDetails',
  trading: 'https://a3.aliceblueonline.com/open-api/od/v1',
  /** The daily contract master, one CSV per exchange segment (public, no login). */
  contractMaster: (exchange: 'NFO' | 'BFO') =>
    `https://v2api.aliceblueonline.com/restpy/static/contract_master/V2/${exchange}.csv`,
} as const;

/** The vendor checksum: sha256(userId + authCode + apiSecret), hex. */
export const aliceChecksum = (userId: string, authCode: string, apiSecret: string): string =>
  createHash('sha256')
    .update(userId + authCode + apiSecret, 'utf8')
    .digest('hex');

/** One order as `placeorder` takes it (an array of these). Prices travel as strings, as AliceBlue's clients send them. */
export interface AlicePlaceBody {
  exchange: string;
  instrumentId: string;
  transactionType: 'BUY' | 'SELL';
  quantity: number;
  product: 'INTRADAY' | 'NRML';
  orderComplexity: 'REGULAR';
  orderType: 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
  validity: 'DAY';
  price: string;
  slTriggerPrice: string;
  disclosedQuantity: string;
  marketProtectionPercent: string;
  orderTag: string;
  algoId?: string;
}

export interface AliceModifyBody {
  brokerOrderId: string;
  quantity: number;
  orderType: AlicePlaceBody['orderType'];
  price: string;
  slTriggerPrice: string;
  validity: 'DAY';
  disclosedQuantity: string;
}

export interface AliceLimits {
  tradingLimit: number;
  utilizedMargin: number;
}

export interface AliceApi {
  placeOrder(body: AlicePlaceBody): Promise<string>;
  modifyOrder(body: AliceModifyBody): Promise<void>;
  cancelOrder(brokerOrderId: string): Promise<void>;
  orders(): Promise<AliceOrder[]>;
  positions(): Promise<AlicePosition[]>;
  limits(): Promise<AliceLimits>;
}

const TIMEOUT_MS = 7000;

/** AliceBlue answers an empty book with a failure code rather than an empty list. */
const EMPTY_LIST = /\bEC91[56]\b|\bEC92[06]\b|no (orders|positions?|trades) found|failed to retrieve/i;

const refusal = (message: string): BrokerCallError => {
  if (isSessionExpiry(message))
    return new BrokerCallError('token_expired', ALICEBLUE_MESSAGES.sessionExpired, false);
  const { code, text } = explainRefusal(message);
  return new BrokerCallError(code, text, false);
};

async function send(url: string, method: string, token: string | undefined, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BrokerCallError('network', ALICEBLUE_MESSAGES.unreachable((error as Error).message), true);
  }
  // Only an authenticated call's 401 means a dead session; the login exchange's 4xx is a refused code.
  if (token && (response.status === 401 || response.status === 403))
    throw new BrokerCallError('token_expired', ALICEBLUE_MESSAGES.sessionExpired, false);
  if (response.status === 429)
    throw new BrokerCallError('rate_limited', ALICEBLUE_MESSAGES.rateLimited, false);
  if (response.status >= 500)
    throw new BrokerCallError('network', ALICEBLUE_MESSAGES.unreachable(`HTTP ${response.status}`), true);
  const answer: unknown = await response.json().catch(() => undefined);
  if (answer === undefined)
    throw new BrokerCallError('network', ALICEBLUE_MESSAGES.unreachable('unreadable answer'), true);
  return { status: response.status, answer };
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', `AliceBlue sent an unreadable ${what}`, true);
  return result.data;
}

const rows = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });

/** The user's trading client on the open-api, with the day's user session. */
export function createAliceApi(baseUrl: string | undefined, userSession: string): AliceApi {
  const root = brokerRoot(ALICEBLUE_ENDPOINTS.trading, baseUrl);

  /** A call's `result`; `emptyOk` reads AliceBlue's "nothing found" answers as an empty list. */
  const call = async (method: string, path: string, body?: unknown, emptyOk = false) => {
    const { status, answer } = await send(`${root}${path}`, method, userSession, body);
    const envelope = parsed(aliceEnvelopeSchema, answer, 'answer');
    const message = envelope.message?.trim() ?? '';
    if (status >= 400 || envelope.status?.toLowerCase() !== 'ok') {
      if (emptyOk && status < 400 && EMPTY_LIST.test(message)) return [];
      throw refusal(message || `HTTP ${status}`);
    }
    return envelope.result;
  };

  return {
    async placeOrder(body) {
      const result = await call('POST', '/orders/placeorder', [body]);
      const first = parsed(
        alicePlacedSchema,
        Array.isArray(result) ? result[0] : result,
        'order acknowledgement',
      );
      // A batch answer may be Ok overall while its one item failed.
      const itemStatus = first.status?.toLowerCase();
      if (itemStatus && itemStatus !== 'ok')
        throw refusal(first.message?.trim() || 'the order could not be placed');
      // Accepted without an id: the order may exist, so its outcome is unknown (looked up by our tag).
      if (!first.brokerOrderId)
        throw new BrokerCallError(
          'network',
          ALICEBLUE_MESSAGES.unreachable('no order id in the answer'),
          true,
        );
      return first.brokerOrderId;
    },
    async modifyOrder(body) {
      await call('POST', '/orders/modify', body);
    },
    async cancelOrder(brokerOrderId) {
      await call('POST', '/orders/cancel', { brokerOrderId });
    },
    orders: async () => rows(aliceOrderSchema, await call('GET', '/orders/book', undefined, true)),
    positions: async () => rows(alicePositionSchema, await call('GET', '/positions', undefined, true)),
    async limits() {
      const result = await call('GET', '/limits/');
      const limits = parsed(aliceLimitsSchema, Array.isArray(result) ? result[0] : result, 'limits');
      return { tradingLimit: limits.tradingLimit, utilizedMargin: limits.utilizedMargin ?? 0 };
    },
  };
}

/**
 * `POST getUserDetails {checkSum}`: the login redirect's auth code exchanged for the day's user session. A refused
 * code (wrong, reused, or a checksum that does not match) throws a `rejected` BrokerCallError with AliceBlue's reason.
 */
export async function exchangeAuthCode(
  baseUrl: string | undefined,
  userId: string,
  authCode: string,
  apiSecret: string,
): Promise<{ userSession: string; clientId: string }> {
  const url = brokerEndpoint(ALICEBLUE_ENDPOINTS.userDetails, baseUrl);
  const { status, answer } = await send(url, 'POST', undefined, {
    checkSum: aliceChecksum(userId, authCode, apiSecret),
  });
  const details = parsed(aliceUserDetailsSchema, answer, 'login answer');
  const stat = (details.stat ?? details.status ?? '').toLowerCase();
  if (status >= 400 || stat !== 'ok' || !details.userSession) {
    const reason = details.emsg?.trim() || details.message?.trim() || `HTTP ${status}`;
    throw new BrokerCallError('rejected', explainRefusal(reason).text, false);
  }
  return { userSession: details.userSession, clientId: details.clientId ?? userId };
}
