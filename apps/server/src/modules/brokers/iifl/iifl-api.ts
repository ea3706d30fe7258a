import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { BrokerCallError, classifyUnexpected } from '../live-kit/errors';
import {
  type IiflOrder,
  type IiflPosition,
  type IiflQuote,
  iiflEnvelopeSchema,
  iiflLimitsSchema,
  iiflOrderSchema,
  iiflPlacedSchema,
  iiflPositionSchema,
  iiflQuoteSchema,
  iiflSessionSchema,
} from './iifl-schemas';

// IIFL Capital API v1 over fetch (no official JS client): `Authorization: Bearer <userSession>`, JSON bodies, the
// `{status, message, result}` envelope. Every failure comes out as a classified BrokerCallError (uncertain: no answer, or a 5xx).

export const IIFL_MESSAGES = {
  sessionExpired: 'IIFL session expired. Log in with IIFL again to trade.',
  rateLimited: 'IIFL rate limit reached (too many requests). Try again in a moment.',
  unreachable: (detail: string) => `IIFL could not be reached (${detail}).`,
  rejected: (detail: string) => `IIFL: ${detail}`,
} as const;

/** Whatever an IIFL call threw, as a classified error (anything unclassified is an unreachable IIFL). */
export const classifyIiflError = classifyUnexpected(IIFL_MESSAGES.unreachable);

/** The session checksum: sha256(clientId + authCode + appSecret). */
const iiflChecksum = (clientId: string, authCode: string, appSecret: string): string =>
  createHash('sha256')
    .update(clientId + authCode + appSecret, 'utf8')
    .digest('hex');

export interface IiflPlaceBody {
  instrumentId: string;
  exchange: 'NSEFO' | 'BSEFO';
  transactionType: 'BUY' | 'SELL';
  quantity: number;
  orderComplexity: 'REGULAR';
  product: 'NORMAL' | 'INTRADAY';
  orderType: 'MARKET' | 'LIMIT' | 'SL' | 'SLM';
  validity: 'DAY';
  price?: number;
  slTriggerPrice?: number;
  marketProtectionPercent?: number;
  orderTag?: string;
}

export type IiflModifyBody = Partial<
  Pick<IiflPlaceBody, 'quantity' | 'orderType' | 'price' | 'slTriggerPrice'>
>;

export interface IiflApi {
  placeOrder(body: IiflPlaceBody): Promise<string>;
  modifyOrder(brokerOrderId: string, body: IiflModifyBody): Promise<void>;
  cancelOrder(brokerOrderId: string): Promise<void>;
  orders(): Promise<IiflOrder[]>;
  positions(): Promise<IiflPosition[]>;
  limits(): Promise<{ tradingLimit: number; utilizedMargin: number }>;
  /** `POST /marketdata/marketquotes` with `[{exchange, instrumentId}, ...]` (bulk): the readable rows. */
  marketQuotes(instruments: ReadonlyArray<{ exchange: string; instrumentId: string }>): Promise<IiflQuote[]>;
}

const TIMEOUT_MS = 7000;

async function send(root: string, method: string, path: string, token: string | undefined, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(`${root}${path}`, {
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
    throw new BrokerCallError('network', IIFL_MESSAGES.unreachable((error as Error).message), true);
  }
  if (response.status === 401)
    throw new BrokerCallError('token_expired', IIFL_MESSAGES.sessionExpired, false);
  if (response.status === 429) throw new BrokerCallError('rate_limited', IIFL_MESSAGES.rateLimited, false);
  if (response.status >= 500) {
    throw new BrokerCallError('network', IIFL_MESSAGES.unreachable(`HTTP ${response.status}`), true);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  const envelope = iiflEnvelopeSchema.safeParse(answer);
  if (!envelope.success)
    throw new BrokerCallError('network', IIFL_MESSAGES.unreachable('unreadable answer'), true);
  const { status, message, result } = envelope.data;
  if (response.status >= 400 || status?.toLowerCase() === 'not_ok') {
    const text = message?.trim() || `HTTP ${response.status}`;
    const code = response.status === 404 ? 'not_found' : 'rejected';
    throw new BrokerCallError(code, IIFL_MESSAGES.rejected(text), false);
  }
  return { result, answer: answer as Record<string, unknown> };
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', `IIFL sent an unreadable ${what}`, true);
  return result.data;
}

const rows = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });

export function createIiflApi(root: string, userSession: string): IiflApi {
  const call = async (method: string, path: string, body?: unknown) =>
    (await send(root, method, path, userSession, body)).result;
  return {
    async placeOrder(body) {
      const result = await call('POST', '/orders', [body]);
      const first = Array.isArray(result) ? result[0] : result;
      return parsed(iiflPlacedSchema, first, 'order acknowledgement').brokerOrderId;
    },
    async modifyOrder(brokerOrderId, body) {
      await call('PUT', `/orders/${encodeURIComponent(brokerOrderId)}`, body);
    },
    async cancelOrder(brokerOrderId) {
      await call('DELETE', `/orders/${encodeURIComponent(brokerOrderId)}`);
    },
    orders: async () => rows(iiflOrderSchema, await call('GET', '/orders')),
    positions: async () => rows(iiflPositionSchema, await call('GET', '/positions')),
    async limits() {
      const result = await call('GET', '/limits');
      const limits = parsed(iiflLimitsSchema, Array.isArray(result) ? result[0] : result, 'limits');
      return { tradingLimit: limits.tradingLimit, utilizedMargin: limits.utilizedMargin ?? 0 };
    },
    marketQuotes: async (instruments) =>
      rows(iiflQuoteSchema, await call('POST', '/marketdata/marketquotes', instruments)),
  };
}

/** `POST /getusersession` with the checksum; returns the day's user session token. */
export async function createIiflSession(
  root: string,
  clientId: string,
  authCode: string,
  appSecret: string,
): Promise<string> {
  const { result, answer } = await send(root, 'POST', '/getusersession', undefined, {
    checkSum: iiflChecksum(clientId, authCode, appSecret),
  });
  // Public clients read `userSession` beside `status`; accept it inside `result` too.
  return parsed(iiflSessionSchema, answer.userSession ? answer : result, 'session').userSession;
}
