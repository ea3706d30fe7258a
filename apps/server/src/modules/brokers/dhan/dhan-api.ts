import type { z } from 'zod';
import { BrokerCallError } from '../live-kit/errors';
import type { DhanEndpoints } from './dhan-endpoints';
import { DHAN_MESSAGES, dhanFailure } from './dhan-errors';
import {
  type DhanFunds,
  type DhanOrder,
  type DhanPosition,
  type DhanSessionGrant,
  dhanConsentSchema,
  dhanErrorSchema,
  dhanFundsSchema,
  dhanOrderAckSchema,
  dhanOrderSchema,
  dhanPositionSchema,
  dhanSessionSchema,
} from './dhan-schemas';

// DhanHQ v2 over fetch (see README.md for why not the SDK): the trading API with the `access-token` header, the
// auth host with the app's `app_id` / `app_secret` headers. Every failure comes out as a classified BrokerCallError
// (uncertain: no answer, a dropped connection, a 5xx).

export interface DhanPlaceBody {
  dhanClientId: string;
  correlationId: string;
  transactionType: 'BUY' | 'SELL';
  exchangeSegment: 'NSE_FNO' | 'BSE_FNO';
  productType: 'INTRADAY' | 'MARGIN';
  orderType: 'MARKET' | 'LIMIT' | 'STOP_LOSS' | 'STOP_LOSS_MARKET';
  validity: 'DAY';
  securityId: string;
  quantity: number;
  price?: number;
  triggerPrice?: number;
  afterMarketOrder: false;
}

export interface DhanModifyBody {
  dhanClientId: string;
  orderId: string;
  orderType: DhanPlaceBody['orderType'];
  quantity: number;
  validity: 'DAY';
  price?: number;
  triggerPrice?: number;
}

export interface DhanApi {
  readonly clientId: string;
  placeOrder(body: DhanPlaceBody): Promise<string>;
  modifyOrder(body: DhanModifyBody): Promise<void>;
  cancelOrder(orderId: string): Promise<void>;
  orders(): Promise<DhanOrder[]>;
  positions(): Promise<DhanPosition[]>;
  funds(): Promise<DhanFunds>;
}

const TIMEOUT_MS = 7000;

async function send(url: string, method: string, headers: Record<string, string>, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BrokerCallError('network', DHAN_MESSAGES.unreachable((error as Error).message), true);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = dhanErrorSchema.safeParse(answer);
    throw dhanFailure(response.status, failure.success ? failure.data : undefined);
  }
  // Some Dhan answers carry a failure with HTTP 200.
  const inline = dhanErrorSchema.safeParse(answer);
  if (inline.success && inline.data.errorCode) throw dhanFailure(response.status, inline.data);
  return answer;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', `Dhan sent an unreadable ${what}`, true);
  return result.data;
}

/** The rows of a list answer that read; a row of another shape (another segment's, a super order) is skipped. */
const rows = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });

export function createDhanApi(endpoints: DhanEndpoints, clientId: string, accessToken: string): DhanApi {
  const call = (method: string, path: string, body?: unknown) =>
    send(`${endpoints.api}${path}`, method, { 'access-token': accessToken }, body);
  return {
    clientId,
    async placeOrder(body) {
      return parsed(dhanOrderAckSchema, await call('POST', '/orders', body), 'order acknowledgement').orderId;
    },
    async modifyOrder(body) {
      await call('PUT', `/orders/${encodeURIComponent(body.orderId)}`, body);
    },
    async cancelOrder(orderId) {
      await call('DELETE', `/orders/${encodeURIComponent(orderId)}`);
    },
    orders: async () => rows(dhanOrderSchema, await call('GET', '/orders')),
    positions: async () => rows(dhanPositionSchema, await call('GET', '/positions')),
    funds: async () => parsed(dhanFundsSchema, await call('GET', '/fundlimit'), 'fund limit'),
  };
}

export interface DhanApp {
  appId: string;
  appSecret: string;
}

const appHeaders = (app: DhanApp) => ({ app_id: app.appId, app_secret: app.appSecret });

/** Step 1 of Dhan's API-key login: `POST /app/generate-consent?client_id=` with the app's headers. */
export async function generateDhanConsent(
  endpoints: DhanEndpoints,
  app: DhanApp,
  dhanClientId: string,
): Promise<string> {
  const url = `${endpoints.auth}/app/generate-consent?client_id=${encodeURIComponent(dhanClientId)}`;
  return parsed(dhanConsentSchema, await send(url, 'POST', appHeaders(app)), 'consent').consentAppId;
}

/** Step 3: `GET /app/consumeApp-consent?tokenId=` with the app's headers; the access token and its expiry. */
export async function consumeDhanConsent(
  endpoints: DhanEndpoints,
  app: DhanApp,
  tokenId: string,
): Promise<DhanSessionGrant> {
  const url = `${endpoints.auth}/app/consumeApp-consent?tokenId=${encodeURIComponent(tokenId)}`;
  return parsed(dhanSessionSchema, await send(url, 'GET', appHeaders(app)), 'session');
}
