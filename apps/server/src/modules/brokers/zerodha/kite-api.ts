import type { DerivativesExchange } from '@xtrader/core/market/exchanges';
import type { BrokerProduct } from '@xtrader/core/orders/types';
import { KiteConnect } from 'kiteconnect';
import { z } from 'zod';
import { BrokerCallError } from '../live-kit/errors';
import { classifyKiteError } from './kite-errors';
import {
  type KiteOrder,
  type KitePosition,
  kiteMarginSchema,
  kiteOrderSchema,
  kitePositionsSchema,
} from './kite-schemas';

// The REST half of Kite Connect through Zerodha's official client (`kiteconnect`), pointed at a configurable root.
// Every failure comes out as a classified BrokerCallError; every answer is parsed before anyone reads it.

export type KiteVariety = 'regular' | 'iceberg';

/** Form fields of `POST /orders/:variety` that we send. */
export interface KitePlaceParams {
  exchange: DerivativesExchange;
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  quantity: number;
  product: BrokerProduct;
  order_type: 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
  validity: 'DAY';
  price?: number;
  trigger_price?: number;
  /** 1-100 percent, or -1 for the exchange's automatic protection (MARKET and SL-M orders). */
  market_protection?: number;
  /** The operator's exchange algo id (XT_KITE_ALGO_ID), on every order when configured. */
  algo_id?: string;
  iceberg_legs?: number;
  iceberg_quantity?: number;
  tag?: string;
}

export interface KiteModifyParams {
  quantity?: number;
  price?: number;
  trigger_price?: number;
  order_type?: KitePlaceParams['order_type'];
  market_protection?: number;
}

/** One user's authenticated Kite REST client. */
export interface KiteApi {
  placeOrder(variety: KiteVariety, params: KitePlaceParams): Promise<string>;
  modifyOrder(variety: KiteVariety, orderId: string, params: KiteModifyParams): Promise<void>;
  cancelOrder(variety: KiteVariety, orderId: string): Promise<void>;
  orders(): Promise<KiteOrder[]>;
  positions(): Promise<KitePosition[]>;
  /** The equity segment's margins (F&O trades against it). */
  margin(): Promise<{ net: number; debits: number }>;
}

export interface KiteConnection {
  /** Kite Connect REST root (XT_KITE_API_URL). */
  root: string;
  apiKey: string;
  timeoutMs?: number;
}

type Kite = InstanceType<typeof KiteConnect>;

const orderIdSchema = z.object({ order_id: z.coerce.string().min(1) });

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw classifyKiteError(error);
  }
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BrokerCallError('network', `Zerodha sent an unreadable ${what}`, true);
  return result.data;
}

const client = (connection: KiteConnection, accessToken?: string) =>
  new KiteConnect({
    api_key: connection.apiKey,
    root: connection.root,
    timeout: connection.timeoutMs ?? 7000,
    ...(accessToken ? { access_token: accessToken } : {}),
  });

export function createKiteApi(connection: KiteConnection, accessToken: string): KiteApi {
  const kite = client(connection, accessToken);
  // kiteconnect's parameter types predate market_protection; the client forwards every field as form data.
  type PlaceArgs = Parameters<Kite['placeOrder']>[1];
  type ModifyArgs = Parameters<Kite['modifyOrder']>[2];
  return {
    async placeOrder(variety, params) {
      const answer = await call(() => kite.placeOrder(variety, { ...params } as unknown as PlaceArgs));
      return parsed(orderIdSchema, answer, 'order acknowledgement').order_id;
    },
    async modifyOrder(variety, orderId, params) {
      await call(() => kite.modifyOrder(variety, orderId, { ...params } as unknown as ModifyArgs));
    },
    async cancelOrder(variety, orderId) {
      await call(() => kite.cancelOrder(variety, orderId));
    },
    async orders() {
      const rows = parsed(z.array(z.unknown()), await call(() => kite.getOrders()), 'order book');
      // Rows of segments we never trade (or shapes we do not know) are left out rather than failing the book.
      return rows.flatMap((row) => {
        const order = kiteOrderSchema.safeParse(row);
        return order.success ? [order.data] : [];
      });
    },
    async positions() {
      return parsed(kitePositionsSchema, await call(() => kite.getPositions()), 'positions list').net;
    },
    async margin() {
      const equity = parsed(kiteMarginSchema, await call(() => kite.getMargins('equity')), 'margins');
      return { net: equity.net, debits: equity.utilised.debits };
    },
  };
}

const sessionSchema = z.object({
  user_id: z.string().min(1),
  access_token: z.string().min(1),
  public_token: z.string().optional(),
  refresh_token: z.string().optional(),
});

/** What the token exchange yields. */
export type KiteSessionData = z.infer<typeof sessionSchema>;

/**
 * `POST /session/token` with the checksum sha256(api_key + request_token + api_secret), computed by kiteconnect's
 * `generateSession` (same formula as `sessionChecksum`).
 */
export async function exchangeRequestToken(
  connection: KiteConnection,
  requestToken: string,
  apiSecret: string,
): Promise<KiteSessionData> {
  const kite = client(connection);
  return parsed(sessionSchema, await call(() => kite.generateSession(requestToken, apiSecret)), 'session');
}
