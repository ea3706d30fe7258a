import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds } from '../model/ids';
import { TEST_INSTRUMENTS } from '../testing/fake-instruments';
import { createOrdersHarness, type OrdersHarness } from '../testing/harness';
import { addUser, CALL, orderBody, orderOf } from '../testing/orders-fixtures';

const PUT = TEST_INSTRUMENTS.niftyPut;
const limit = (overrides = {}) => orderBody({ orderType: 'limit', triggerPrice: 100, ...overrides });

describe('modify and cancel', () => {
  let h: OrdersHarness;
  let user: string;
  const place = async (body = limit()) =>
    (await h.module.service.place(user, { body, iceberg: false })).orderId;
  const status = async (id: string) => (await orderOf(h, user, id)).state.status;

  beforeEach(async () => {
    h = await createOrdersHarness();
    user = addUser(h);
    h.market.push(CALL.tradingsymbol, 120);
    h.market.push(PUT.tradingsymbol, 80);
  });
  afterEach(() => h.close());

  it('modifies the limit price and the quantity of a working order', async () => {
    const id = await place();
    await h.settle();
    await h.module.service.modify(user, id, { triggerPrice: 101.5, quantity: 130 });
    await h.settle();
    expect((await orderOf(h, user, id)).state).toMatchObject({ price: 101.5, quantity: 130, status: 'open' });
    expect(h.broker.orders.get('B1')?.snap).toMatchObject({ price: 101.5, quantity: 130 });
  });

  it('keeps a modification at a live broker inside the order-to-trade-ratio band around the last price', async () => {
    const id = await place(orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 }));
    await h.settle();
    // Last price 120: 40% either side is 72 to 168.
    await expect(h.module.service.modify(user, id, { triggerPrice: 70 })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('Use a trigger from 72 to 168'),
    });
    expect(h.broker.commands.filter((c) => c.type === 'modify')).toHaveLength(0);
    await h.module.service.modify(user, id, { triggerPrice: 72 });
    await h.settle();
    expect((await orderOf(h, user, id)).state.triggerPrice).toBe(72);
  });

  it('refuses modifications the order cannot take', async () => {
    const id = await place();
    const market = await place(orderBody());
    const sliced = await place(limit({ quantity: 3900 }));
    await h.settle();
    const svc = h.module.service;
    await expect(svc.modify(user, id, { quantity: 100 })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'quantity: Quantity should be a multiple of the lot size (65)',
    });
    await expect(svc.modify(user, id, { quantity: 1820 })).rejects.toMatchObject({
      message: 'quantity: At most 1755 can be sent in one order',
    });
    await expect(svc.modify(user, sliced, { quantity: 65 })).rejects.toMatchObject({
      message: 'quantity: The quantity of a sliced or iceberg order cannot be modified',
    });
    await expect(svc.modify(user, market, { triggerPrice: 10 })).rejects.toMatchObject({
      message: 'The order is already complete',
    });
    await expect(svc.modify('intruder', id, { triggerPrice: 10 })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('moves every slice of a sliced order to a new price', async () => {
    const id = await place(limit({ quantity: 3900 }));
    await h.settle();
    await h.module.service.modify(user, id, { triggerPrice: 99 });
    await h.settle();
    expect([...h.broker.orders.values()].map((o) => o.snap.price)).toEqual([99, 99, 99]);
    expect((await orderOf(h, user, id)).state.price).toBe(99);
  });

  it('cancels one order with the user-facing message; a finished one is refused', async () => {
    const id = await place();
    await h.settle();
    expect(await h.module.service.cancel(user, id)).toBe('Limit order cancellation triggered!');
    await h.settle();
    expect(await status(id)).toBe('cancelled');
    await expect(h.module.service.cancel(user, id)).rejects.toMatchObject({
      message: 'The order is already cancelled',
    });
    await expect(h.module.service.cancel('intruder', id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('cancels all, or only those of one symbol', async () => {
    const call = await place();
    const put = await place(limit({ internalToken: PUT.internalToken, triggerPrice: 50 }));
    await h.settle();
    await h.module.service.cancelAll(user, { orderType: 'all', tradingSymbol: PUT.tradingsymbol });
    await h.settle();
    expect([await status(call), await status(put)]).toEqual(['open', 'cancelled']);
    await h.module.service.cancelAll(user, { orderType: 'all', tradingSymbol: 'all' });
    await h.settle();
    expect(await status(call)).toBe('cancelled');
  });

  it('cancels multiple orders, all or nothing on ownership', async () => {
    const a = await place();
    const b = await place();
    const other = addUser(h, 'other');
    const theirs = (await h.module.service.place(other, { body: limit(), iceberg: false })).orderId;
    await h.settle();
    await expect(
      h.module.service.cancelMultiple(user, { orderIds: [a, theirs], internalOrderIds: [] }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await h.settle();
    expect(await status(a)).toBe('open');
    await h.module.service.cancelMultiple(user, { orderIds: [a], internalOrderIds: [b] });
    await h.settle();
    expect([await status(a), await status(b)]).toEqual(['cancelled', 'cancelled']);
  });

  it('reports per order what the broker refused in cancel-multiple and modify-multiple', async () => {
    const [a, b, done] = [await place(), await place(), await place(orderBody())];
    await h.settle();
    h.broker.options.refuseCancel = (id) => (id === b ? 'Order is locked by the exchange' : undefined);
    h.broker.options.refuseModify = (id) => (id === a ? 'Too many modifications' : undefined);
    const modified = await h.module.service.modifyMultiple(user, {
      orderIds: [a, b, done],
      internalOrderIds: [],
      targetOrderIds: [],
      stoplossOrderIds: [],
      triggerPrice: 99,
    });
    expect(modified).toEqual([
      { orderId: a, ok: false, message: 'Too many modifications' },
      { orderId: b, ok: true },
      { orderId: done, ok: false, message: 'The order is already complete' },
    ]);
    const cancelled = await h.module.service.cancelMultiple(user, { orderIds: [a, b], internalOrderIds: [] });
    expect(cancelled).toEqual([
      { orderId: a, ok: true },
      { orderId: b, ok: false, message: 'Order is locked by the exchange' },
    ]);
    await h.settle();
    expect([await status(a), await status(b)]).toEqual(['cancelled', 'open']);
  });

  it('modifies the target and stop-loss legs of a bracket together', async () => {
    const body = orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
    const entry = await place(body);
    await h.settle();
    const target = childIds.target(entry);
    const stop = childIds.stoploss(entry);
    await h.module.service.modifyMultiple(user, {
      orderIds: [],
      internalOrderIds: [],
      targetOrderIds: [target],
      stoplossOrderIds: [stop],
      triggerPrice: 118,
    });
    await h.settle();
    expect((await orderOf(h, user, target)).state.price).toBe(118);
    expect((await orderOf(h, user, stop)).state.triggerPrice).toBe(118);
  });
});
