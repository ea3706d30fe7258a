import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModifyOrderCommand, PlaceOrderCommand } from '../../brokers/broker';
import { childIds } from '../model/ids';
import type { OrdersHarness } from '../testing/harness';
import { CALL, harnessWithTrader, orderBody, orderOf } from '../testing/orders-fixtures';

// "Broker" trailing on a broker without native trailing (Kite, IIFL): the stop-loss rests at the broker and the
// server trails it by modifying its trigger, within the broker's modification limit per order.

const stopLoss = (overrides = {}) =>
  orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100, ...overrides });
const brokerTrail = { trailingEnabled: true, brokerTrailing: true, changeInPrice: 5, changeInSL: 1 };

describe('broker trailing by modification', () => {
  let h: OrdersHarness;
  let user: string;
  const tick = async (price: number) => {
    h.market.push(CALL.tradingsymbol, price);
    await h.settle();
  };
  const trigger = async (id: string) => (await orderOf(h, user, id)).state.triggerPrice;
  const modifies = () =>
    h.broker.commands.filter((c) => c.type === 'modify').map((c) => c.cmd as ModifyOrderCommand);

  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader({
      broker: { capabilities: { nativeTrailing: false, maxModificationsPerOrder: 3 } },
    }));
  });
  afterEach(() => h.close());

  it('rests the stop-loss at the broker and moves its trigger by modifying it as the price moves', async () => {
    const { orderId } = await h.module.service.place(user, { body: stopLoss(brokerTrail), iceberg: false });
    await h.settle();
    const placed = h.broker.commands.find((c) => c.type === 'place')?.cmd as PlaceOrderCommand;
    expect(placed).toMatchObject({ orderType: 'stoploss_market', triggerPrice: 100 });
    expect(placed.trailing).toBeUndefined();
    await tick(124);
    expect(await trigger(orderId)).toBe(100);
    await tick(125);
    expect(await trigger(orderId)).toBe(101);
    await tick(131);
    expect(await trigger(orderId)).toBe(102);
    expect(modifies().map((m) => m.triggerPrice)).toEqual([101, 102]);
    expect((await orderOf(h, user, orderId)).trailing).toMatchObject({
      active: true,
      handler: 'broker',
      byModify: true,
      modifications: 2,
    });
  });

  it("stops at the broker's modification limit and tells the trader", async () => {
    const { orderId } = await h.module.service.place(user, { body: stopLoss(brokerTrail), iceberg: false });
    await h.settle();
    for (const price of [125, 130, 135, 140, 145]) await tick(price);
    expect(await trigger(orderId)).toBe(103);
    expect(modifies()).toHaveLength(3);
    expect((await orderOf(h, user, orderId)).trailing).toMatchObject({ active: false, modifications: 3 });
    const notice = h.published
      .filter((p) => p.topic === 'notification')
      .map(
        (p) =>
          (p.message as { notification: { notificationType: string; statusMessage: string } }).notification,
      )
      .find((n) => n.notificationType === 'trailing_stopped');
    expect(notice?.statusMessage).toContain('3 modifications');
  });

  it('starts broker trailing on a resting stop-loss the same way', async () => {
    const { orderId } = await h.module.service.place(user, { body: stopLoss(), iceberg: false });
    await h.settle();
    await h.module.service.startTrailing(user, orderId, {
      brokerTrailing: true,
      changeInPrice: 5,
      changeInSL: 1,
    });
    await tick(125);
    expect(await trigger(orderId)).toBe(101);
    await h.module.service.stopTrailing(user, orderId);
    await tick(140);
    expect(await trigger(orderId)).toBe(101);
  });
});

describe('auto trail on a bracket from the stop-loss card', () => {
  let h: OrdersHarness;
  let user: string;
  const tick = async (price: number) => {
    h.market.push(CALL.tradingsymbol, price);
    await h.settle();
  };
  afterEach(() => h.close());

  // A buy stop-loss entry at 121 with a bracket of target 30 and stop 10: its stop-loss leg trails.
  const bracketEntry = (trail: object) =>
    orderBody({
      orderType: 'stoploss',
      triggerPrice: 121,
      orderCategory: 'oco',
      ocoOrderTarget: 30,
      ocoOrderStoploss: 10,
      trailingEnabled: true,
      ...trail,
    });

  it.each([
    ['local', { brokerTrailing: false, changeInPrice: 1, changeInSL: 1 }, {}],
    [
      'broker (by modification)',
      { brokerTrailing: true, changeInPrice: 5, changeInSL: 1 },
      { nativeTrailing: false },
    ],
    ['broker (native)', { brokerTrailing: true, changeInPrice: 5, changeInSL: 1 }, { nativeTrailing: true }],
  ])('trails the stop-loss leg with %s trailing, not the entry', async (_name, trail, capabilities) => {
    ({ h, user } = await harnessWithTrader({ broker: { capabilities } }));
    const { orderId } = await h.module.service.place(user, { body: bracketEntry(trail), iceberg: false });
    await h.settle();
    expect((await orderOf(h, user, orderId)).trailing).toBeNull();
    await tick(121);
    const stopId = childIds.stoploss(orderId);
    const leg = await orderOf(h, user, stopId);
    expect(leg.state.triggerPrice).toBe(111);
    expect(leg.trailing).toMatchObject({ active: true, handler: trail.brokerTrailing ? 'broker' : 'local' });
    await tick(126);
    expect((await orderOf(h, user, stopId)).state.triggerPrice).toBe(trail.brokerTrailing ? 112 : 116);
  });
});

describe('local trailing on a broker with a modification limit', () => {
  it('started on a resting stop-loss, it moves it by modification and stops at the limit too', async () => {
    const { h, user } = await harnessWithTrader({
      broker: { capabilities: { maxModificationsPerOrder: 2 } },
    });
    try {
      const { orderId } = await h.module.service.place(user, { body: stopLoss(), iceberg: false });
      await h.settle();
      await h.module.service.startTrailing(user, orderId, {
        brokerTrailing: false,
        changeInPrice: 1,
        changeInSL: 1,
      });
      for (const price of [121, 122, 123, 124]) {
        h.market.push(CALL.tradingsymbol, price);
        await h.settle();
      }
      expect((await orderOf(h, user, orderId)).state.triggerPrice).toBe(102);
      expect((await orderOf(h, user, orderId)).trailing).toMatchObject({ active: false, modifications: 2 });
    } finally {
      await h.close();
    }
  });
});
