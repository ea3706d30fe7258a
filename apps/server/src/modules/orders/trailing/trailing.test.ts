import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds } from '../model/ids';
import type { OrdersHarness } from '../testing/harness';
import { CALL, harnessWithTrader, orderBody, orderOf } from '../testing/orders-fixtures';

const stopLoss = (overrides = {}) =>
  orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100, ...overrides });

type TrailParams = Parameters<OrdersHarness['module']['service']['startTrailing']>[2];

describe('trailing stop-loss', () => {
  let h: OrdersHarness;
  let user: string;
  const trigger = async (id: string) => (await orderOf(h, user, id)).state.triggerPrice;
  const brokerTrigger = () => [...h.broker.orders.values()][0]?.snap.triggerPrice;
  const tick = async (price: number) => {
    h.market.push(CALL.tradingsymbol, price);
    await h.settle();
  };
  /** Places a stop-loss (the default one unless `body` is given) and turns trailing on with `params`. */
  const placeTrailing = async (params: TrailParams, body = stopLoss()) => {
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    await h.module.service.startTrailing(user, orderId, params);
    return orderId;
  };

  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader());
  });
  afterEach(() => h.close());

  it('local trailing moves the trigger by changeInSL for each changeInPrice in the trade’s favour', async () => {
    const orderId = await placeTrailing({ brokerTrailing: false, changeInPrice: 2, changeInSL: 1 });
    const path: [number, number][] = [
      [121, 100],
      [122, 101],
      [125.5, 102],
      [119, 102],
      [130, 105],
    ];
    for (const [price, expected] of path) {
      await tick(price);
      expect(await trigger(orderId)).toBe(expected);
      expect(brokerTrigger()).toBe(expected);
    }
    const order = await orderOf(h, user, orderId);
    expect(order.trailing).toMatchObject({
      active: true,
      handler: 'local',
      reference: 130,
      pendingReference: null,
    });
  });

  it('a short’s buy stop-loss trails downwards, and stop ends it', async () => {
    const body = stopLoss({ transactionType: 'buy', triggerPrice: 140 });
    const orderId = await placeTrailing({ brokerTrailing: false, changeInPrice: 1, changeInSL: 1 }, body);
    await tick(117);
    expect(await trigger(orderId)).toBe(137);
    await h.module.service.stopTrailing(user, orderId);
    await tick(110);
    expect(await trigger(orderId)).toBe(137);
    expect((await orderOf(h, user, orderId)).trailing?.active).toBe(false);
  });

  it('local trailing set at placement and edited on the way', async () => {
    const body = stopLoss({ trailingEnabled: true, brokerTrailing: false, changeInPrice: 1, changeInSL: 1 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    await tick(121);
    expect(await trigger(orderId)).toBe(101);
    await h.module.service.editTrailParams(user, orderId, { changeInPrice: 3, changeInSL: 2 });
    await tick(123);
    expect(await trigger(orderId)).toBe(101);
    await tick(124);
    expect(await trigger(orderId)).toBe(103);
  });

  it('hands broker trailing to the broker and books its moves', async () => {
    const orderId = await placeTrailing({ brokerTrailing: true, changeInPrice: 5, changeInSL: 1 });
    await h.settle();
    const modify = h.broker.commands.find((c) => c.type === 'modify');
    expect(modify?.cmd).toEqual({ trailing: { changeInPrice: 5, changeInSL: 1 } });
    await tick(131);
    expect(await trigger(orderId)).toBe(102);
    const order = await orderOf(h, user, orderId);
    expect(order.trailing).toMatchObject({ active: true, handler: 'broker' });
  });

  it('keeps trailing after a restart from the persisted reference', async () => {
    const orderId = await placeTrailing({ brokerTrailing: false, changeInPrice: 2, changeInSL: 1 });
    await tick(124);
    expect(await trigger(orderId)).toBe(102);
    await h.restart();
    await tick(125);
    expect(await trigger(orderId)).toBe(102);
    await tick(126);
    expect(await trigger(orderId)).toBe(103);
  });

  it('refuses what trailing forbids, each with a clear message', async () => {
    const sl = (await h.module.service.place(user, { body: stopLoss(), iceberg: false })).orderId;
    const market = (
      await h.module.service.place(user, {
        body: orderBody({ orderCategory: 'cover', ocoOrderStoploss: 5 }),
        iceberg: false,
      })
    ).orderId;
    await h.settle();
    const svc = h.module.service;
    const local = { brokerTrailing: false, changeInPrice: 1, changeInSL: 1 };
    await expect(svc.startTrailing(user, market, local)).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Trailing is available only on single stop-loss orders',
    });
    await expect(svc.startTrailing(user, childIds.stoploss(market), local)).rejects.toMatchObject({
      message: 'The trailing mode of an internal order cannot be changed',
    });
    await expect(svc.stopTrailing(user, sl)).rejects.toMatchObject({
      message: 'Trailing is not on for this order',
    });
    await svc.startTrailing(user, sl, local);
    await expect(
      svc.startTrailing(user, sl, { ...local, brokerTrailing: true, changeInPrice: 5 }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Trailing is already on'),
    });
    await svc.stopTrailing(user, sl);
    await svc.startTrailing(user, sl, { brokerTrailing: true, changeInPrice: 5, changeInSL: 1 });
    await expect(svc.editTrailParams(user, sl, { changeInPrice: 2, changeInSL: 1 })).rejects.toMatchObject({
      message: 'changeInPrice: Price change should be at least 5',
    });
    await expect(svc.startTrailing('someone-else', sl, local)).rejects.toMatchObject({ code: 'not_found' });
  });
});
