import {
  type PlaceOrderInput,
  type PlaceOrderRequest,
  placeOrderRequestSchema,
} from '@xtrader/core/api/orders';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { expect } from 'vitest';
import { childIds } from '../model/ids';
import type { OrderRecord } from '../model/record';
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
  const all = await h.module.context.store.listRecent(userId, 0);
  return new Map(all.map((order) => [order.id, order]));
}

export async function orderOf(h: OrdersHarness, userId: string, id: string): Promise<OrderRecord> {
  const order = await h.module.context.store.findById(userId, id);
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

/** How often the broker was asked to place the order with this client id. */
export const placementsOf = (h: OrdersHarness, id: string) =>
  h.broker.commands.filter((c) => c.type === 'place' && c.id === id).length;

/**
 * The 65-lot bracket entry (target 10, stop-loss 5 points) filled at 120, with its target at 130 and its stop-loss
 * at 115 working, each placed exactly once and its fill booked once.
 */
export async function expectBracketLegsOnce(
  h: OrdersHarness,
  userId: string,
  entryId: string,
): Promise<void> {
  expect((await orderOf(h, userId, entryId)).state).toMatchObject({ status: 'complete', filledQuantity: 65 });
  expect((await orderOf(h, userId, childIds.target(entryId))).state).toMatchObject({
    status: 'open',
    price: 130,
  });
  expect((await orderOf(h, userId, childIds.stoploss(entryId))).state).toMatchObject({
    status: 'trigger_pending',
    triggerPrice: 115,
  });
  expect(placementsOf(h, childIds.target(entryId))).toBe(1);
  expect(placementsOf(h, childIds.stoploss(entryId))).toBe(1);
  expect(await h.module.context.store.netFilledQuantities(userId)).toEqual(
    new Map([[positionKey({ tradingSymbol: CALL.tradingsymbol, product: 'normal' }), 65]]),
  );
}
