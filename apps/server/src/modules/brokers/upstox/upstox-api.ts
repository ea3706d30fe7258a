import type { z } from 'zod';
import { BrokerCallError } from '../live-kit/errors';
import type { UpstoxEndpoints } from './endpoints';
import { classifyUpstoxFailure, UPSTOX_MESSAGES } from './upstox-errors';
import {
  type UpstoxOrder,
  type UpstoxPosition,
  type UpstoxToken,
  upstoxEnvelopeSchema,
  upstoxFundsSchema,
  upstoxOrderSchema,
  upstoxPlacedSchema,
  upstoxPositionSchema,
  upstoxTokenSchema,
} from './upstox-schemas';

// A small typed Upstox client over fetch (see README.md for why not upstox-js-sdk): `Authorization: Bearer`, JSON
// bodies, the `{status, data}` envelope; every failure comes out as a classified BrokerCallError.

/** v3 `POST /v3/order/place` body (quantity in units, as Upstox counts F&O quantities). */
export interface UpstoxPlaceBody {
  instrument_token: string;
  quantity: number;
  product: 'I' | 'D';
  validity: 'DAY';
  price: number;
  trigger_price: number;
  order_type: 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
  transaction_type: 'BUY' | 'SELL';
  disclosed_quantity: 0;
  is_amo: false;
  /** One exchange order per call: the engine already slices by freeze quantity. */
  slice: false;
  tag: string;
  /** Market orders only: a percentage, or -1 for Upstox's automatic protection. */
  market_protection?: number;
}

/** v3 `PUT /v3/order/modify` body. */
export interface UpstoxModifyBody {
  order_id: string;
  order_type: UpstoxPlaceBody['order_type'];
  validity: 'DAY';
  price: number;
  trigger_price: number;
  disclosed_quantity: 0;
  quantity?: number;
}

export interface UpstoxApi {
  placeOrder(body: UpstoxPlaceBody): Promise<string>;
  modifyOrder(body: UpstoxModifyBody): Promise<void>;
  cancelOrder(orderId: string): Promise<void>;
  orders(): Promise<UpstoxOrder[]>;
  positions(): Promise<UpstoxPosition[]>;
  funds(): Promise<{ available: number; used: number }>;
}

const TIMEOUT_MS = 7000;

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
}

/** One call; the answer's JSON when it succeeded, else a classified BrokerCallError. */
async function send(request: Request): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: {
        Accept: 'application/json',
        ...(request.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(request.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        ...(request.token ? { Authorization: `Bearer ${request.token}` } : {}),
      },
      ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
      ...(request.form ? { body: new URLSearchParams(request.form).toString() } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BrokerCallError('network', UPSTOX_MESSAGES.unreachable((error as Error).message), true);
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    // A dropped body after the headers leaves the outcome as unknown as no answer at all.
    if (response.ok || response.status >= 500)
      throw new BrokerCallError('network', UPSTOX_MESSAGES.unreachable('unreadable answer'), true);
    answer = undefined;
  }
  const envelope = upstoxEnvelopeSchema.safeParse(answer);
  const failed = !response.ok || (envelope.success && envelope.data.status === 'error');
  if (!failed) return answer;
  const first = envelope.success ? envelope.data.errors?.[0] : undefined;
  throw classifyUpstoxFailure({
    httpStatus: response.status,
    code: first?.errorCode ?? first?.error_code,
    message: first?.message?.trim() || `HTTP ${response.status}`,
  });
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', `Upstox sent an unreadable ${what}`, true);
  return result.data;
}

/** The envelope's `data` list, row by row: a row that does not read is skipped, not the whole book. */
const rows = <T>(schema: z.ZodType<T>, answer: unknown): T[] => {
  const data = (answer as { data?: unknown } | undefined)?.data;
  return (Array.isArray(data) ? data : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });
};

const dataOf = (answer: unknown): unknown => (answer as { data?: unknown } | undefined)?.data;

export function createUpstoxApi(endpoints: UpstoxEndpoints, token: string): UpstoxApi {
  const { api, orders } = endpoints;
  return {
    async placeOrder(body) {
      const answer = await send({ method: 'POST', url: `${orders}/v3/order/place`, token, json: body });
      return (parsed(upstoxPlacedSchema, dataOf(answer), 'order acknowledgement').order_ids as [string])[0];
    },
    async modifyOrder(body) {
      await send({ method: 'PUT', url: `${orders}/v3/order/modify`, token, json: body });
    },
    async cancelOrder(orderId) {
      const query = new URLSearchParams({ order_id: orderId });
      await send({ method: 'DELETE', url: `${orders}/v3/order/cancel?${query}`, token });
    },
    orders: async () =>
      rows(upstoxOrderSchema, await send({ method: 'GET', url: `${api}/v2/order/retrieve-all`, token })),
    positions: async () =>
      rows(
        upstoxPositionSchema,
        await send({ method: 'GET', url: `${api}/v2/portfolio/short-term-positions`, token }),
      ),
    async funds() {
      const answer = await send({
        method: 'GET',
        url: `${api}/v2/user/get-funds-and-margin?segment=SEC`,
        token,
      });
      const { equity } = parsed(upstoxFundsSchema, dataOf(answer), 'funds');
      return { available: equity.available_margin ?? 0, used: equity.used_margin ?? 0 };
    },
  };
}

/** The login grant for a token: `POST /v2/login/authorization/token`, form-encoded, the code used once. */
export async function exchangeUpstoxCode(
  endpoints: UpstoxEndpoints,
  grant: { code: string; clientId: string; clientSecret: string; redirectUri: string },
): Promise<UpstoxToken> {
  const answer = await send({
    method: 'POST',
    url: endpoints.token,
    form: {
      code: grant.code,
      client_id: grant.clientId,
      client_secret: grant.clientSecret,
      redirect_uri: grant.redirectUri,
      grant_type: 'authorization_code',
    },
  });
  return parsed(upstoxTokenSchema, answer, 'token answer');
}
