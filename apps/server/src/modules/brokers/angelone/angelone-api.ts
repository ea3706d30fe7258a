import type { z } from 'zod';
import { BrokerCallError } from '../live-kit/errors';
import {
  ANGELONE_MESSAGES,
  isDeadTokenCode,
  isInternalErrorCode,
  isRateLimitText,
  plainRefusal,
} from './angelone-errors';
import {
  type AngelOrder,
  type AngelPosition,
  type AngelRms,
  angelEnvelopeSchema,
  angelOrderSchema,
  angelPlacedSchema,
  angelPositionSchema,
  angelProfileSchema,
  angelRmsSchema,
} from './angelone-schemas';
import type { ClientIdentity } from './client-identity';
import { ANGEL_PATHS } from './endpoints';

// Angel One SmartAPI over fetch: the JWT as `Authorization: Bearer`, the platform's API key as `X-PrivateKey`, the
// caller's addresses in `X-Client*` headers, JSON bodies with string values, the `{status, message, errorcode,
// data}` envelope. Every failure comes out as a classified BrokerCallError (uncertain: no answer, or a 5xx).

export type AngelVariety = 'NORMAL' | 'STOPLOSS';
export type AngelOrderType = 'MARKET' | 'LIMIT' | 'STOPLOSS_LIMIT' | 'STOPLOSS_MARKET';
export type AngelProduct = 'INTRADAY' | 'CARRYFORWARD';

/** `placeOrder`'s body, values as strings as SmartAPI documents them. */
export interface AngelPlaceBody {
  variety: AngelVariety;
  tradingsymbol: string;
  symboltoken: string;
  transactiontype: 'BUY' | 'SELL';
  exchange: 'NFO' | 'BFO';
  ordertype: AngelOrderType;
  producttype: AngelProduct;
  duration: 'DAY';
  price: string;
  triggerprice: string;
  squareoff: '0';
  stoploss: '0';
  /** In units (lots x lot size) for index derivatives. */
  quantity: string;
  ordertag?: string;
}

/** `modifyOrder`'s body: the whole order as it should stand. */
export interface AngelModifyBody {
  variety: AngelVariety;
  orderid: string;
  ordertype: AngelOrderType;
  producttype: AngelProduct;
  duration: 'DAY';
  price: string;
  triggerprice: string;
  quantity: string;
  tradingsymbol: string;
  symboltoken: string;
  exchange: string;
}

export interface AngelApi {
  profile(): Promise<{ clientcode: string }>;
  placeOrder(body: AngelPlaceBody): Promise<string>;
  modifyOrder(body: AngelModifyBody): Promise<void>;
  cancelOrder(variety: string, orderid: string): Promise<void>;
  orders(): Promise<AngelOrder[]>;
  positions(): Promise<AngelPosition[]>;
  rms(): Promise<AngelRms>;
}

const TIMEOUT_MS = 7000;

const truthy = (value: boolean | string | undefined) => value === true || value === 'true';

async function send(
  root: string,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${root}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BrokerCallError('network', ANGELONE_MESSAGES.unreachable((error as Error).message), true);
  }
  const text = await response.text().catch(() => '');
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  // The gateway refuses a call over the limit in plain text; a JSON answer that merely mentions a rate is not one.
  if (response.status === 429 || (answer === undefined && isRateLimitText(text))) {
    throw new BrokerCallError('rate_limited', ANGELONE_MESSAGES.rateLimited, false);
  }
  if (response.status >= 500) {
    throw new BrokerCallError('network', ANGELONE_MESSAGES.unreachable(`HTTP ${response.status}`), true);
  }
  const envelope = angelEnvelopeSchema.safeParse(answer);
  if (!envelope.success) {
    if (response.status === 401 || response.status === 403)
      throw new BrokerCallError('token_expired', ANGELONE_MESSAGES.sessionExpired, false);
    throw new BrokerCallError('network', ANGELONE_MESSAGES.unreachable('unreadable answer'), true);
  }
  const { status, success, message, errorcode, errorCode, data } = envelope.data;
  const code = errorcode || errorCode;
  if (isDeadTokenCode(code) || response.status === 401) {
    throw new BrokerCallError('token_expired', ANGELONE_MESSAGES.sessionExpired, false);
  }
  if (isInternalErrorCode(code)) {
    // Angel One failed inside ("Something went wrong"): the request may have been acted on.
    throw new BrokerCallError(
      'network',
      ANGELONE_MESSAGES.unreachable(message?.trim() || String(code)),
      true,
    );
  }
  if (response.status >= 400 || !(truthy(status) || truthy(success))) {
    const detail = message?.trim() || `HTTP ${response.status}`;
    throw new BrokerCallError(
      'rejected',
      ANGELONE_MESSAGES.rejected(plainRefusal(code ? `${detail} (${code})` : detail)),
      false,
    );
  }
  return data;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', `Angel One sent an unreadable ${what}`, true);
  return result.data;
}

/** SmartAPI answers an empty book with `data: null`; rows that do not read are skipped. */
const rows = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });

/** The headers SmartAPI wants on every call. */
export const angelHeaders = (apiKey: string, jwt: string, identity: ClientIdentity) => ({
  Accept: 'application/json',
  Authorization: `Bearer ${jwt}`,
  'X-PrivateKey': apiKey,
  'X-UserType': 'USER',
  'X-SourceID': 'WEB',
  'X-ClientLocalIP': identity.localIp,
  'X-ClientPublicIP': identity.publicIp,
  'X-MACAddress': identity.macAddress,
});

/** One user's SmartAPI client: `root` is the API root, `jwt` the session's auth token. */
export function createAngelApi(
  root: string,
  apiKey: string,
  jwt: string,
  identity: ClientIdentity,
): AngelApi {
  const headers = angelHeaders(apiKey, jwt, identity);
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    send(root, headers, method, path, body);
  return {
    async profile() {
      return parsed(angelProfileSchema, await call('GET', ANGEL_PATHS.profile), 'profile');
    },
    async placeOrder(body) {
      const data = await call('POST', ANGEL_PATHS.placeOrder, body);
      return parsed(angelPlacedSchema, data, 'order acknowledgement').orderid;
    },
    async modifyOrder(body) {
      await call('POST', ANGEL_PATHS.modifyOrder, body);
    },
    async cancelOrder(variety, orderid) {
      await call('POST', ANGEL_PATHS.cancelOrder, { variety, orderid });
    },
    orders: async () => rows(angelOrderSchema, await call('GET', ANGEL_PATHS.orderBook)),
    positions: async () => rows(angelPositionSchema, await call('GET', ANGEL_PATHS.positions)),
    rms: async () => parsed(angelRmsSchema, await call('GET', ANGEL_PATHS.rms), 'funds'),
  };
}
