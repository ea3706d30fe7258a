import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { brokerRoot } from '../live-kit/endpoints';
import { BrokerCallError } from '../live-kit/errors';
import { explainRefusal, VORTEX_MESSAGES } from './vortex-messages';
import {
  type VortexFunds,
  type VortexOrderRow,
  type VortexPosition,
  vortexEnvelopeSchema,
  vortexFundsBucketSchema,
  vortexOrderAckSchema,
  vortexOrderBookSchema,
  vortexOrderSchema,
  vortexPositionSchema,
  vortexPositionsSchema,
  vortexSessionSchema,
} from './vortex-schemas';

// Rupeezy's Vortex API v2 over fetch: `x-api-key` (the platform's API key) on every call, `Authorization: Bearer
// <access token>` after login, JSON bodies. Every failure comes out as a classified BrokerCallError (uncertain: no
// answer, or a 5xx, or an answer we cannot read).

/** The documented REST root (every path below hangs off it). */
export const VORTEX_API_ROOT = 'https://vortex-api.rupeezy.in/v2';

const TIMEOUT_MS = 7000;
/** Order-book page size; Vortex pages with `limit` and a 1-based `offset`. */
const PAGE = 500;
const MAX_PAGES = 20;

export type VortexExchange = 'NSE_FO' | 'BSE_FO';

/** `POST /trading/orders/regular`. */
export interface VortexPlaceBody {
  exchange: VortexExchange;
  token: number;
  transaction_type: 'BUY' | 'SELL';
  product: 'INTRADAY' | 'DELIVERY';
  variety: 'RL' | 'RL-MKT' | 'SL' | 'SL-MKT';
  quantity: number;
  price: number;
  trigger_price: number;
  disclosed_quantity: number;
  validity: 'DAY';
  validity_days: number;
  is_amo: boolean;
  /** Our order id, echoed back by the order book. */
  order_identifier: string;
}

/** `PUT /trading/orders/regular/{id}`: `traded_quantity` must be what has traded so far, else the order grows. */
export interface VortexModifyBody {
  variety: VortexPlaceBody['variety'];
  quantity: number;
  traded_quantity: number;
  price: number;
  trigger_price: number;
  disclosed_quantity: number;
  validity: 'DAY';
  validity_days: number;
}

export interface VortexApi {
  placeOrder(body: VortexPlaceBody): Promise<string>;
  modifyOrder(orderId: string, body: VortexModifyBody): Promise<void>;
  cancelOrder(orderId: string): Promise<void>;
  orders(): Promise<VortexOrderRow[]>;
  positions(): Promise<VortexPosition[]>;
  funds(): Promise<VortexFunds>;
}

interface Request {
  method: string;
  path: string;
  apiKey: string;
  token?: string;
  body?: unknown;
}

async function send(root: string, req: Request): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${root}${req.path}`, {
      method: req.method,
      headers: {
        Accept: 'application/json',
        'x-api-key': req.apiKey,
        ...(req.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(req.token ? { Authorization: `Bearer ${req.token}` } : {}),
      },
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BrokerCallError('network', VORTEX_MESSAGES.unreachable((error as Error).message), true);
  }
  if (response.status === 429) throw new BrokerCallError('rate_limited', VORTEX_MESSAGES.rateLimited, false);
  if (response.status >= 500) {
    throw new BrokerCallError('network', VORTEX_MESSAGES.unreachable(`HTTP ${response.status}`), true);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  const envelope = vortexEnvelopeSchema.safeParse(answer);
  if (response.status === 401) {
    const detail = envelope.success ? envelope.data.message : undefined;
    throw new BrokerCallError(
      'token_expired',
      detail ? `${VORTEX_MESSAGES.sessionExpired} (${detail})` : VORTEX_MESSAGES.sessionExpired,
      false,
    );
  }
  if (!envelope.success || typeof answer !== 'object' || answer === null) {
    // A 2xx we cannot read may still have done what was asked.
    if (response.ok) throw new BrokerCallError('network', VORTEX_MESSAGES.unreadable('answer'), true);
    throw new BrokerCallError('rejected', VORTEX_MESSAGES.rejected(`HTTP ${response.status}`), false);
  }
  if (!response.ok || envelope.data.status?.toLowerCase() === 'error') {
    const { code, message } = explainRefusal(envelope.data.message?.trim() || `HTTP ${response.status}`);
    throw new BrokerCallError(code, message, false);
  }
  return answer as Record<string, unknown>;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', VORTEX_MESSAGES.unreadable(what), true);
  return result.data;
}

/** Rows that read; a row of a shape we do not know (another segment's) is left out rather than failing the book. */
const rows = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });

/** The user's authenticated client. `baseUrl` replaces the documented host (tests: a local fake). */
export function createVortexApi(baseUrl: string | undefined, apiKey: string, accessToken: string): VortexApi {
  const root = brokerRoot(VORTEX_API_ROOT, baseUrl);
  const call = (method: string, path: string, body?: unknown) =>
    send(root, { method, path, apiKey, token: accessToken, body });
  const ack = async (method: string, path: string, body?: unknown) =>
    parsed(vortexOrderAckSchema, await call(method, path, body), 'order acknowledgement').data.order_id;
  const orderPath = (orderId: string) => `/trading/orders/regular/${encodeURIComponent(orderId)}`;

  return {
    placeOrder: (body) => ack('POST', '/trading/orders/regular', body),
    async modifyOrder(orderId, body) {
      await ack('PUT', orderPath(orderId), body);
    },
    async cancelOrder(orderId) {
      await ack('DELETE', orderPath(orderId));
    },
    async orders() {
      const all: VortexOrderRow[] = [];
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await call('GET', `/trading/orders?limit=${PAGE}&offset=${page * PAGE + 1}`);
        const batch = parsed(vortexOrderBookSchema, answer, 'order book').orders ?? [];
        all.push(...rows(vortexOrderSchema, batch));
        if (batch.length < PAGE) break;
      }
      return all;
    },
    async positions() {
      const answer = parsed(
        vortexPositionsSchema,
        await call('GET', '/trading/portfolio/positions'),
        'positions',
      );
      return rows(vortexPositionSchema, answer.data?.net);
    },
    async funds() {
      const answer = await call('GET', '/user/funds');
      // The buckets sit at the top level as documented; a `data` envelope is accepted too.
      const body = (typeof answer.data === 'object' && answer.data !== null ? answer.data : answer) as Record<
        string,
        unknown
      >;
      return parsed(vortexFundsBucketSchema, body.nse ?? body.exchange_combined, 'funds');
    },
  };
}

/** The session checksum: sha256(applicationId + auth token + API key), hex. */
export const vortexChecksum = (applicationId: string, authToken: string, apiKey: string): string =>
  createHash('sha256')
    .update(applicationId + authToken + apiKey, 'utf8')
    .digest('hex');

/**
 * `POST /user/session` with the checksum: the auth token from the login redirect exchanged for the day's access
 * token and the user's Rupeezy client code.
 */
export async function createVortexSession(
  baseUrl: string | undefined,
  app: { applicationId: string; apiKey: string },
  authToken: string,
): Promise<{ accessToken: string; clientId: string | undefined }> {
  const answer = await send(brokerRoot(VORTEX_API_ROOT, baseUrl), {
    method: 'POST',
    path: '/user/session',
    apiKey: app.apiKey,
    body: {
      token: authToken,
      applicationId: app.applicationId,
      checksum: vortexChecksum(app.applicationId, authToken, app.apiKey),
    },
  });
  const { data } = parsed(vortexSessionSchema, answer, 'session');
  return { accessToken: data.access_token, clientId: data.user_id ?? data.others?.userCode };
}
