import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds } from '../model/ids';
import type { OrdersHarness } from '../testing/harness';
import { CALL, harnessWithTrader, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

// A protective order the broker ends on its own (a price-band rejection, an end-of-day cancel) never leaves a
// position silently unprotected: the trader is told at once and the server holds the stop in its place.

const bracket = () => orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });

const notices = (h: OrdersHarness) =>
  h.published
    .filter((p) => p.topic === 'notification')
    .map(
      (p) =>
        (p.message as { notification: { notificationType: string; statusMessage: string } }).notification,
    )
    .filter((n) => n.notificationType === 'protection_lost');

describe('protective orders the broker ends on its own', () => {
  let h: OrdersHarness;
  let user: string;
  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader());
  });
  afterEach(() => h.close());

  it("holds a bracket's stop in the server when the broker cancels the stop leg, and still fires it", async () => {
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    const stopId = childIds.stoploss(orderId);
    expect((await orderOf(h, user, stopId)).state.status).toBe('trigger_pending');

    expect(h.broker.endByBroker(stopId, 'cancelled', 'Cancelled by the exchange at the end of the day')).toBe(
      true,
    );
    await h.settle();
    const held = await orderOf(h, user, childIds.protect(orderId));
    expect(held).toMatchObject({ side: 'sell', role: 'stoploss', brokerOrderId: null, isInternal: true });
    expect(held.trailing?.held).toBe(true);
    expect(held.state).toMatchObject({ triggerPrice: 115, quantity: 65, status: 'trigger_pending' });
    expect(notices(h)).toHaveLength(1);
    expect(notices(h)[0]?.statusMessage).toContain('Cancelled by the exchange at the end of the day');
    expect(notices(h)[0]?.statusMessage).toContain('X-Trader now holds the stop');

    // The price falls through the trigger: the held stop goes out at market and the target is cancelled.
    h.market.push(CALL.tradingsymbol, 114);
    await h.settle();
    expect((await orderOf(h, user, childIds.protect(orderId))).state.status).toBe('complete');
    expect((await orderOf(h, user, childIds.target(orderId))).state.status).toBe('cancelled');
    const positions = await h.broker.session(user).positions();
    expect(positions.reduce((sum, p) => sum + p.quantity, 0)).toBe(0);
  });

  it('cancels the held stop when the target fills (one still cancels the other)', async () => {
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    h.broker.endByBroker(childIds.stoploss(orderId), 'rejected', 'RMS: price outside the band');
    await h.settle();
    expect((await orderOf(h, user, childIds.protect(orderId))).state.status).toBe('trigger_pending');
    h.market.push(CALL.tradingsymbol, 131);
    await h.settle();
    expect((await orderOf(h, user, childIds.target(orderId))).state.status).toBe('complete');
    expect((await orderOf(h, user, childIds.protect(orderId))).state.status).toBe('cancelled');
  });

  it('takes over a resting stop-loss the broker cancels, for what it had not filled', async () => {
    const { orderId } = await h.module.service.place(user, {
      body: orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 }),
      iceberg: false,
    });
    await h.settle();
    h.broker.endByBroker(orderId, 'cancelled', 'Order cancelled by the broker');
    await h.settle();
    const held = await orderOf(h, user, childIds.protect(orderId));
    expect(held.state).toMatchObject({ triggerPrice: 100, quantity: 65, status: 'trigger_pending' });
    expect(notices(h)).toHaveLength(1);
  });

  it('only warns when the broker ends a target: the stop still protects', async () => {
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    h.broker.endByBroker(childIds.target(orderId), 'cancelled', 'Cancelled by the broker');
    await h.settle();
    expect((await ordersOf(h, user)).has(childIds.protect(orderId))).toBe(false);
    expect(notices(h)[0]?.statusMessage).toContain('Your stop-loss still protects the position');
  });

  it('does nothing for cancels we asked for: the user, one-cancels-other, exits', async () => {
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    await h.module.service.cancel(user, childIds.stoploss(orderId));
    await h.settle();
    h.market.push(CALL.tradingsymbol, 131);
    await h.settle();
    expect((await ordersOf(h, user)).has(childIds.protect(orderId))).toBe(false);
    expect(notices(h)).toHaveLength(0);
  });

  it('does nothing when a new resting stop is refused on placement (the trader sees that rejection)', async () => {
    await h.close();
    ({ h, user } = await harnessWithTrader({ broker: { refuse: () => 'Insufficient margin' } }));
    const placing = h.module.service.place(user, {
      body: orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 }),
      iceberg: false,
    });
    await expect(placing).rejects.toMatchObject({ code: 'order_rejected', message: 'Insufficient margin' });
    await h.settle();
    const orders = [...(await ordersOf(h, user)).values()];
    expect(orders.map((order) => order.state.status)).toEqual(['rejected']);
    // By its id, not a last letter: a random root id ends in P one time in 32.
    expect(orders.map((order) => order.id)).not.toContain(childIds.protect(orders[0]!.id));
    expect(notices(h)).toHaveLength(0);
  });
});
