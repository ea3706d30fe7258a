import {
  type PlaceOrderInput,
  type PlaceOrderRequest,
  placeOrderRequestSchema,
} from '@xtrader/core/api/orders';
import type { OrderRecord } from '../record';
import { TEST_INSTRUMENTS } from './fake-instruments';
import { createOrdersHarness, type HarnessOptions, type OrdersHarness } from './harness';

export const CALL = TEST_INSTRUMENTS.niftyCall;

/** An order payload as the client sends it, parsed by the core schema (defaults applied). */
export function orderBody(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderRequest {
  return placeOrderRequestSchema.parse({
    exchange: 'NFO',
    internalToken: CALL.internalToken,
    quantity: 65,
    transactionType: 'buy',
    product: 'normal',
    orderType: 'market',
    ...overrides,
  });
}

/** Every stored order of the user, by id. */
export async function ordersOf(h: OrdersHarness, userId: string): Promise<Map<string, OrderRecord>> {
  const all = await h.module.engine.store.listRecent(userId, 0);
  return new Map(all.map((order) => [order.id, order]));
}

export async function orderOf(h: OrdersHarness, userId: string, id: string): Promise<OrderRecord> {
  const order = await h.module.engine.store.findById(userId, id);
  if (!order) throw new Error(`no order ${id}`);
  return order;
}

/** A user trading through the fake broker. */
export function addUser(h: OrdersHarness, userId = `u${Math.random().toString(36).slice(2, 8)}`): string {
  h.broker.users.add(userId);
  return userId;
}

/** A fresh harness with one trading user and the call quoted at 120: where most engine tests start. */
export async function harnessWithTrader(
  options: HarnessOptions = {},
): Promise<{ h: OrdersHarness; user: string }> {
  const h = await createOrdersHarness(options);
  const user = addUser(h);
  h.market.push(CALL.tradingsymbol, 120);
  return { h, user };
}
