import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { childIds } from '../model/ids';
import { createOrdersHarness, type OrdersHarness } from '../testing/harness';
import { addUser, CALL, harnessWithTrader, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

const bracket = (overrides = {}) =>
  orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5, ...overrides });

async function netPosition(h: OrdersHarness, user: string): Promise<number> {
  const positions = await h.broker.session(user).positions();
  return positions.reduce((sum, p) => sum + p.quantity, 0);
}

describeEachStore('bracket and cover orders', (storeKind) => {
  let h: OrdersHarness;
  let user: string;
  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader({ store: storeKind }));
  });
  afterEach(() => h.close());

  it('places target and stop-loss legs at entry +/- the points once the entry fills; one fill cancels the other', async () => {
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    const target = await orderOf(h, user, childIds.target(orderId));
    const stop = await orderOf(h, user, childIds.stoploss(orderId));
    expect(target).toMatchObject({
      category: 'oco-exit',
      orderType: 'limit',
      side: 'sell',
      isInternal: true,
    });
    expect(target.state).toMatchObject({ price: 130, quantity: 65, status: 'open' });
    expect(stop).toMatchObject({ category: 'oco-exit', orderType: 'stoploss', parentOrderId: orderId });
    expect(stop.state).toMatchObject({ triggerPrice: 115, status: 'trigger_pending' });

    h.market.push(CALL.tradingsymbol, 130.5);
    await h.settle();
    expect((await orderOf(h, user, target.id)).state.status).toBe('complete');
    expect((await orderOf(h, user, stop.id)).state.status).toBe('cancelled');
    h.market.push(CALL.tradingsymbol, 100);
    await h.settle();
    expect((await orderOf(h, user, stop.id)).state.filledQuantity).toBe(0);
    expect(await netPosition(h, user)).toBe(0);
  });

  it('mirrors the legs for a sell entry', async () => {
    const { orderId } = await h.module.service.place(user, {
      body: bracket({ transactionType: 'sell' }),
      iceberg: false,
    });
    await h.settle();
    expect((await orderOf(h, user, childIds.target(orderId))).state.price).toBe(110);
    expect((await orderOf(h, user, childIds.stoploss(orderId))).state.triggerPrice).toBe(125);
  });

  it('gives a cover order only its stop-loss leg', async () => {
    const body = orderBody({ orderCategory: 'cover', ocoOrderStoploss: 7.5 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    const orders = await ordersOf(h, user);
    expect(orders.has(childIds.target(orderId))).toBe(false);
    expect(orders.get(childIds.stoploss(orderId))).toMatchObject({
      category: 'cover-exit',
      orderType: 'stoploss',
    });
    expect(orders.get(childIds.stoploss(orderId))?.state.triggerPrice).toBe(112.5);
  });

  it('squares off and reports the extra quantity when a race fills both legs', async () => {
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    // Both prices reach the exchange before the engine hears of the first fill.
    h.market.push(CALL.tradingsymbol, 131);
    h.market.push(CALL.tradingsymbol, 114);
    await h.settle();
    const flatten = await orderOf(h, user, childIds.flatten(orderId));
    expect(flatten).toMatchObject({ side: 'buy', role: 'flatten', isInternal: true });
    expect(flatten.state).toMatchObject({ quantity: 65, status: 'complete' });
    expect(await netPosition(h, user)).toBe(0);
    const report = h.published
      .map((p) => p.message as { notification?: { statusMessage: string | null } })
      .find((m) => m.notification?.statusMessage?.includes('Both bracket legs filled'));
    expect(report).toBeDefined();
  });
});

describe('OCO property: never both legs filled', () => {
  let h: OrdersHarness;
  beforeEach(async () => {
    h = await createOrdersHarness();
  });
  afterEach(() => h.close());

  it('over random price paths, at most one leg fills and the position ends flat once a leg fills', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 140 }), { minLength: 1, maxLength: 25 }),
        async (path) => {
          const user = addUser(h);
          h.market.push(CALL.tradingsymbol, 120);
          const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
          await h.settle();
          for (const price of path) {
            h.market.push(CALL.tradingsymbol, price);
            await h.settle();
          }
          const target = await orderOf(h, user, childIds.target(orderId));
          const stop = await orderOf(h, user, childIds.stoploss(orderId));
          const filled = [target, stop].filter((leg) => leg.state.filledQuantity > 0);
          expect(filled.length).toBeLessThanOrEqual(1);
          const net = await netPosition(h, user);
          expect(net).toBe(filled.length === 1 ? 0 : 65);
          const booked = await h.module.context.store.netFilledQuantities(user);
          expect([...booked.values()].reduce((a, b) => a + b, 0)).toBe(net);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('with prices racing the engine, the extra quantity is always squared off', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 140 }), { minLength: 1, maxLength: 10 }),
        async (path) => {
          const user = addUser(h);
          h.market.push(CALL.tradingsymbol, 120);
          await h.module.service.place(user, { body: bracket(), iceberg: false });
          await h.settle();
          for (const price of path) h.market.push(CALL.tradingsymbol, price);
          await h.settle();
          const net = await netPosition(h, user);
          expect([0, 65]).toContain(net);
        },
      ),
      { numRuns: 25 },
    );
  });
});
