import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { BrokerCallError } from '../live-kit/errors';
import { FYERS_MESSAGES, fyersFailure } from './fyers-errors';
import {
  type FyersFundLine,
  type FyersOrder,
  type FyersPosition,
  fyersEnvelopeSchema,
  fyersFundLineSchema,
  fyersOrderSchema,
  fyersPlacedSchema,
  fyersPositionSchema,
  fyersProfileSchema,
  fyersTokenSchema,
} from './fyers-schemas';

// Fyers API v3 over fetch (see README.md for why not the `fyers-api-v3` SDK): JSON bodies, the header
// `Authorization: <app_id>:<access_token>`, the `{s, code, message}` envelope. Every failure comes out as a
// classified BrokerCallError (uncertain: no answer, a 5xx, or Fyers' 201 "request made, no acknowledgement").

/** Fyers' documented REST root; `XT_FYERS_BASE_URL` replaces its scheme and host (live-kit/endpoints.ts). */
export const FYERS_API_ROOT = 'https://api-t1.fyers.in/api/v3';

/** `POST /api/v3/orders/sync` (type 1 limit, 2 market, 3 SL-M, 4 SL-L; side 1 buy, -1 sell). */
export interface FyersPlaceBody {
  symbol: string;
  qty: number;
  type: 1 | 2 | 3 | 4;
  side: 1 | -1;
  productType: 'INTRADAY' | 'MARGIN';
  limitPrice: number;
  stopPrice: number;
  validity: 'DAY';
  disclosedQty: 0;
  offlineOrder: false;
  stopLoss: 0;
  takeProfit: 0;
  orderTag?: string;
}

/** `PATCH /api/v3/orders/sync`. */
export interface FyersModifyBody {
  id: string;
  type: 1 | 2 | 3 | 4;
  limitPrice?: number;
  stopPrice?: number;
  qty?: number;
}

export interface FyersApi {
  placeOrder(body: FyersPlaceBody): Promise<string>;
  modifyOrder(body: FyersModifyBody): Promise<void>;
  cancelOrder(id: string): Promise<void>;
  orders(): Promise<FyersOrder[]>;
  positions(): Promise<FyersPosition[]>;
  funds(): Promise<FyersFundLine[]>;
}

const TIMEOUT_MS = 7000;
/** Fyers' success code for "request made, but no acknowledgement": the order may or may not exist. */
const NO_ACK_CODE = 201;

type Answer = Record<string, unknown>;

async function send(
  root: string,
  method: string,
  path: string,
  authorization: string | undefined,
  body?: unknown,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${root}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(authorization ? { Authorization: authorization } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BrokerCallError('network', FYERS_MESSAGES.unreachable((error as Error).message), true);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  const envelope = fyersEnvelopeSchema.safeParse(answer);
  if (response.status >= 500 || response.status === 401 || response.status === 429 || !envelope.success) {
    if (!envelope.success && response.status < 400)
      throw new BrokerCallError('network', FYERS_MESSAGES.unreachable('unreadable answer'), true);
    const data = envelope.success ? envelope.data : {};
    throw fyersFailure(response.status, data.code, data.message ?? undefined);
  }
  const { s, code, message } = envelope.data;
  if (response.status >= 400 || s?.toLowerCase() !== 'ok') {
    throw fyersFailure(response.status, code, message ?? undefined);
  }
  return answer as Answer;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', `Fyers sent an unreadable ${what}`, true);
  return result.data;
}

const rows = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });

/** The user's client: every call carries `<app_id>:<access_token>`. */
export function createFyersApi(root: string, appId: string, accessToken: string): FyersApi {
  const authorization = `${appId}:${accessToken}`;
  const call = (method: string, path: string, body?: unknown) =>
    send(root, method, path, authorization, body);
  return {
    async placeOrder(body) {
      const answer = await call('POST', '/orders/sync', body);
      if (Number(answer.code) === NO_ACK_CODE)
        throw new BrokerCallError('network', FYERS_MESSAGES.noAcknowledgement, true);
      return parsed(fyersPlacedSchema, answer, 'order acknowledgement').id;
    },
    async modifyOrder(body) {
      await call('PATCH', '/orders/sync', body);
    },
    async cancelOrder(id) {
      await call('DELETE', '/orders/sync', { id });
    },
    orders: async () => rows(fyersOrderSchema, (await call('GET', '/orders')).orderBook),
    positions: async () => rows(fyersPositionSchema, (await call('GET', '/positions')).netPositions),
    funds: async () => rows(fyersFundLineSchema, (await call('GET', '/funds')).fund_limit),
  };
}

/** Fyers' appIdHash: sha256 of `<app_id>:<app_secret>`, hex. */
export const fyersAppIdHash = (appId: string, appSecret: string): string =>
  createHash('sha256').update(`${appId}:${appSecret}`, 'utf8').digest('hex');

/** `POST /api/v3/validate-authcode`: the login redirect's `auth_code` exchanged for the day's access token. */
export async function validateFyersAuthCode(
  root: string,
  appId: string,
  appSecret: string,
  authCode: string,
): Promise<{ accessToken: string; refreshToken: string | undefined }> {
  const answer = await send(root, 'POST', '/validate-authcode', undefined, {
    grant_type: 'authorization_code',
    appIdHash: fyersAppIdHash(appId, appSecret),
    code: authCode,
  });
  const token = parsed(fyersTokenSchema, answer, 'token');
  return { accessToken: token.access_token, refreshToken: token.refresh_token ?? undefined };
}

/** `GET /api/v3/profile`: the trader's Fyers client id (`fy_id`); also proves the new token works. */
export async function fyersClientId(root: string, appId: string, accessToken: string): Promise<string> {
  const answer = await send(root, 'GET', '/profile', `${appId}:${accessToken}`);
  return parsed(fyersProfileSchema, answer, 'profile').data.fy_id;
}
