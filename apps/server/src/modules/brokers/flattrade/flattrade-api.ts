import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { BrokerCallError } from '../live-kit/errors';
import { FLATTRADE_MESSAGES, isNoData, refusalOf } from './flattrade-errors';
import {
  type FlattradeLimits,
  type FlattradeOrderRow,
  type FlattradePosition,
  flattradeLimitsSchema,
  flattradeOrderSchema,
  flattradePlacedSchema,
  flattradePositionSchema,
  flattradeTokenSchema,
  norenStatusSchema,
} from './flattrade-schemas';

// Flattrade's Pi API over fetch (no official JavaScript client; see README.md). Trading calls are Noren form posts,
// `jData=<json>&jKey=<token>`, to `<root>/<Method>`; every failure comes out as a classified BrokerCallError
// (uncertain: no answer, a dropped connection, a 5xx).

const TIMEOUT_MS = 7000;

/** The token exchange's hash: sha256(api_key + request_code + api_secret), hex. */
export const flattradeApiSecretHash = (apiKey: string, requestCode: string, apiSecret: string): string =>
  createHash('sha256')
    .update(apiKey + requestCode + apiSecret, 'utf8')
    .digest('hex');

/** The order fields Noren's PlaceOrder takes (all values as strings, as Noren expects them). */
export interface FlattradePlaceBody {
  uid: string;
  actid: string;
  exch: 'NFO' | 'BFO';
  tsym: string;
  qty: string;
  prc: string;
  trgprc?: string;
  dscqty: string;
  prd: 'I' | 'M';
  trantype: 'B' | 'S';
  prctyp: 'LMT' | 'MKT' | 'SL-LMT' | 'SL-MKT';
  ret: 'DAY';
  mkt_protection?: string;
  remarks: string;
  ordersource: 'API';
}

export interface FlattradeModifyBody {
  uid: string;
  exch: string;
  norenordno: string;
  tsym: string;
  qty: string;
  prctyp: FlattradePlaceBody['prctyp'];
  prc: string;
  trgprc?: string;
  ret: 'DAY';
}

export interface FlattradeApi {
  placeOrder(body: FlattradePlaceBody): Promise<string>;
  modifyOrder(body: FlattradeModifyBody): Promise<void>;
  cancelOrder(norenordno: string): Promise<void>;
  orders(): Promise<FlattradeOrderRow[]>;
  positions(): Promise<FlattradePosition[]>;
  limits(): Promise<FlattradeLimits>;
}

async function post(url: string, body: string, contentType: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': contentType },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BrokerCallError('network', FLATTRADE_MESSAGES.unreachable((error as Error).message), true);
  }
  if (response.status === 429)
    throw new BrokerCallError('rate_limited', FLATTRADE_MESSAGES.rateLimited, false);
  if (response.status >= 500) {
    throw new BrokerCallError('network', FLATTRADE_MESSAGES.unreachable(`HTTP ${response.status}`), true);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (Array.isArray(answer)) return answer;
  const status = norenStatusSchema.safeParse(answer);
  if (!status.success) {
    if (response.status >= 400) throw refusalOf(`HTTP ${response.status}`);
    throw new BrokerCallError('network', FLATTRADE_MESSAGES.unreachable('unreadable answer'), true);
  }
  if (status.data.stat !== 'Ok' || response.status >= 400) throw refusalOf(status.data.emsg);
  return answer;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', FLATTRADE_MESSAGES.unreadable(what), true);
  return result.data;
}

/** A book's rows; rows that do not read are skipped rather than failing the whole book. */
const rowsOf = <T>(schema: z.ZodType<T>, value: unknown): T[] =>
  (Array.isArray(value) ? value : []).flatMap((row) => {
    const item = schema.safeParse(row);
    return item.success ? [item.data] : [];
  });

/**
 * The user's Pi API client: `root` is the documented `.../PiConnectTP` (or the same path on XT_FLATTRADE_BASE_URL),
 * `clientId` the account's uid/actid, `token` the day's jKey.
 */
export function createFlattradeApi(root: string, clientId: string, token: string): FlattradeApi {
  const call = (method: string, data: object) =>
    post(
      `${root}/${method}`,
      `jData=${encodeURIComponent(JSON.stringify(data))}&jKey=${encodeURIComponent(token)}`,
      'application/x-www-form-urlencoded',
    );
  /** A book (order or position): an empty one is Noren's Not_Ok "no data". */
  const book = async (method: string, data: object): Promise<unknown> => {
    try {
      return await call(method, data);
    } catch (error) {
      if (error instanceof BrokerCallError && error.code === 'rejected' && isNoData(error.message)) return [];
      throw error;
    }
  };
  const account = { uid: clientId, actid: clientId };
  return {
    async placeOrder(body) {
      return parsed(flattradePlacedSchema, await call('PlaceOrder', body), 'order acknowledgement')
        .norenordno;
    },
    async modifyOrder(body) {
      await call('ModifyOrder', body);
    },
    async cancelOrder(norenordno) {
      await call('CancelOrder', { uid: clientId, norenordno });
    },
    orders: async () => rowsOf(flattradeOrderSchema, await book('OrderBook', { uid: clientId })),
    positions: async () => rowsOf(flattradePositionSchema, await book('PositionBook', account)),
    limits: async () => parsed(flattradeLimitsSchema, await call('Limits', account), 'funds answer'),
  };
}

/**
 * `POST /trade/apitoken` with the hash: the day's token and the client id it was issued for (the login redirect
 * also carries the client id, but our callback forwards only the code, so the token answer's `client` is used).
 */
export async function exchangeFlattradeCode(
  url: string,
  apiKey: string,
  requestCode: string,
  apiSecret: string,
): Promise<{ token: string; clientId: string }> {
  const answer = await post(
    url,
    JSON.stringify({
      api_key: apiKey,
      request_code: requestCode,
      api_secret: flattradeApiSecretHash(apiKey, requestCode, apiSecret),
    }),
    'application/json',
  );
  const { token, client } = parsed(flattradeTokenSchema, answer, 'token answer');
  return { token, clientId: client };
}
