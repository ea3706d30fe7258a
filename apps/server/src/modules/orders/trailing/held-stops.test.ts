import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../../brokers/broker';
import { childIds } from '../model/ids';
import type { OrdersHarness } from '../testing/harness';
import { CALL, harnessWithTrader, orderBody, orderOf } from '../testing/orders-fixtures';

// Local trailing set at placement keeps the stop-loss in the server: the broker sees nothing until the price
// crosses the trigger, and then a market order under the stop's own id.

const localStop = (overrides = {}) =>
  orderBody({
    transactionType: 'sell',
    orderType: 'stoploss',
    triggerPrice: 100,
    trailingEnabled: true,
    brokerTrailing: false,
    changeInPrice: 1,
    changeInSL: 1,
    ...overrides,
  });

describe('local stops held in the server', () => {
  let h: OrdersHarness;
  let user: string;
  const tick = async (price: number) => {
    h.market.push(CALL.tradingsymbol, price);
    await h.settle();
  };
  const places = () =>
    h.broker.commands.filter((c) => c.type === 'place').map((c) => c.cmd as PlaceOrderCommand);

  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader());
  });
  afterEach(() => h.close());

  it('holds the stop, trails it in the server, and fires a market order when the price crosses it', async () => {
    const { orderId } = await h.module.service.place(user, { body: localStop(), iceberg: false });
    await h.settle();
    expect(places()).toHaveLength(0);
    expect((await orderOf(h, user, orderId)).state).toMatchObject({
      status: 'trigger_pending',
      triggerPrice: 100,
    });
    const listed = (await h.module.service.listOrders(user)).openOrders.find((o) => o.orderId === orderId);
    expect(listed).toMatchObject({ isInternal: true, isTrailing: true, brokerTrailing: false, price: 100 });
    await tick(125);
    expect((await orderOf(h, user, orderId)).state.triggerPrice).toBe(105);
    expect(h.broker.commands).toHaveLength(0);
    await tick(106);
    expect(places()).toHaveLength(0);
    await tick(105);
    expect(places()).toEqual([
      expect.objectContaining({ clientOrderId: orderId, orderType: 'market', side: 'sell', quantity: 65 }),
    ]);
    expect(places()[0]).not.toHaveProperty('triggerPrice');
    expect((await orderOf(h, user, orderId)).state).toMatchObject({ status: 'complete', filledQuantity: 65 });
  });

  it('is modified and cancelled in the server, the broker never hearing of it', async () => {
    const { orderId } = await h.module.service.place(user, { body: localStop(), iceberg: false });
    const other = (await h.module.service.place(user, { body: localStop(), iceberg: false })).orderId;
    await h.settle();
    await h.module.service.modify(user, orderId, { triggerPrice: 98 });
    expect((await orderOf(h, user, orderId)).state).toMatchObject({
      status: 'trigger_pending',
      triggerPrice: 98,
    });
    expect(await h.module.service.cancel(user, orderId)).toBe('Stoploss order cancellation triggered!');
    await h.module.service.cancelAll(user, { orderType: 'all', tradingSymbol: 'all' });
    await h.settle();
    expect((await orderOf(h, user, orderId)).state.status).toBe('cancelled');
    expect((await orderOf(h, user, other)).state.status).toBe('cancelled');
    await tick(90);
    expect(h.broker.commands).toHaveLength(0);
  });

  it('stays held across a restart and still fires', async () => {
    const { orderId } = await h.module.service.place(user, { body: localStop(), iceberg: false });
    await h.settle();
    await h.restart();
    expect((await orderOf(h, user, orderId)).state.status).toBe('trigger_pending');
    await tick(99);
    expect(places()).toEqual([expect.objectContaining({ clientOrderId: orderId, orderType: 'market' })]);
  });

  it('keeps watching its trigger after trailing is stopped, without moving it', async () => {
    const { orderId } = await h.module.service.place(user, { body: localStop(), iceberg: false });
    await h.settle();
    await h.module.service.stopTrailing(user, orderId);
    await tick(130);
    expect((await orderOf(h, user, orderId)).state.triggerPrice).toBe(100);
    await expect(
      h.module.service.startTrailing(user, orderId, {
        brokerTrailing: true,
        changeInPrice: 5,
        changeInSL: 1,
      }),
    ).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('held by X-Trader') });
    await tick(100);
    expect(places()).toEqual([expect.objectContaining({ clientOrderId: orderId, orderType: 'market' })]);
  });

  it("holds a bracket's locally trailed stop-loss leg; the target's fill cancels it, the leg's firing cancels the target", async () => {
    const entry = (
      await h.module.service.place(user, {
        body: orderBody({
          orderType: 'stoploss',
          triggerPrice: 121,
          orderCategory: 'oco',
          ocoOrderTarget: 10,
          ocoOrderStoploss: 5,
          trailingEnabled: true,
          brokerTrailing: false,
          changeInPrice: 1,
          changeInSL: 1,
        }),
        iceberg: false,
      })
    ).orderId;
    await h.settle();
    await tick(121);
    const stop = `${entry}S`;
    const target = `${entry}T`;
    expect((await orderOf(h, user, stop)).state).toMatchObject({
      status: 'trigger_pending',
      triggerPrice: 116,
    });
    expect(places().map((p) => p.clientOrderId)).toEqual([entry, target]);
    await tick(131);
    expect((await orderOf(h, user, target)).state.status).toBe('complete');
    expect((await orderOf(h, user, stop)).state.status).toBe('cancelled');
    expect(places().map((p) => p.clientOrderId)).toEqual([entry, target]);
  });

  it('holds a stop above the freeze limit as held slices, trails them together and fires each as a market order', async () => {
    const { orderId } = await h.module.service.place(user, {
      body: localStop({ quantity: 3900 }),
      iceberg: false,
    });
    await h.settle();
    expect(places()).toHaveLength(0);
    await tick(125);
    const parts = [...(await h.module.context.store.listFamily(user, orderId))].filter(
      (o) => o.groupId === orderId,
    );
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect((await orderOf(h, user, part.id)).state.triggerPrice).toBe(105);
    expect(h.broker.commands).toHaveLength(0);
    await tick(104);
    expect(
      places()
        .map((p) => p.clientOrderId)
        .sort(),
    ).toEqual(parts.map((p) => p.id).sort());
    expect(places().every((p) => p.orderType === 'market')).toBe(true);
    expect((await orderOf(h, user, orderId)).state).toMatchObject({
      status: 'complete',
      filledQuantity: 3900,
    });
  });

  it('cancels a held stop above the freeze limit with its slices, and keeps one held across a restart', async () => {
    const cancelled = (
      await h.module.service.place(user, { body: localStop({ quantity: 3900 }), iceberg: false })
    ).orderId;
    const kept = (await h.module.service.place(user, { body: localStop({ quantity: 3900 }), iceberg: false }))
      .orderId;
    await h.settle();
    await h.module.service.cancel(user, cancelled);
    await h.settle();
    expect((await orderOf(h, user, cancelled)).state.status).toBe('cancelled');
    await h.restart();
    expect((await orderOf(h, user, kept)).state.status).toBe('trigger_pending');
    await tick(99);
    expect(places().length).toBeGreaterThan(1);
    expect(places().every((p) => p.clientOrderId.startsWith(kept))).toBe(true);
    expect((await orderOf(h, user, kept)).state.status).toBe('complete');
  });

  it("a bracket's held stop fired just before a crash goes out as the market order it became, once", async () => {
    const body = orderBody({
      orderCategory: 'oco',
      ocoOrderTarget: 10,
      ocoOrderStoploss: 5,
      trailingEnabled: true,
      brokerTrailing: false,
      changeInPrice: 1,
      changeInSL: 1,
    });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    const stopId = childIds.stoploss(orderId);
    expect((await orderOf(h, user, stopId)).state).toMatchObject({
      status: 'trigger_pending',
      triggerPrice: 115,
    });
    // The market order of the fired stop never reaches the broker: the process dies with it in hand.
    h.broker.options = { fail: (cmd) => (cmd.clientOrderId === stopId ? 'hang' : undefined) };
    h.market.push(CALL.tradingsymbol, 114);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await orderOf(h, user, stopId)).state.status).toBe('open');
    await h.crash(() => {
      h.broker.options = {};
    });
    const sent = places().filter((cmd) => cmd.clientOrderId === stopId);
    expect(sent.map((cmd) => cmd.orderType)).toEqual(['market']);
    expect((await orderOf(h, user, stopId)).state).toMatchObject({ status: 'complete', filledQuantity: 65 });
  });
});
