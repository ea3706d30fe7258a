import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds, orderIdFor } from '../model/ids';
import { TEST_INSTRUMENTS } from '../testing/fake-instruments';
import { createOrdersHarness, type OrdersHarness } from '../testing/harness';
import { addUser, CALL, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

const PUT = TEST_INSTRUMENTS.niftyPut;

describe('exits', () => {
  let h: OrdersHarness;
  let user: string;
  const net = async (symbol: string) =>
    (await h.broker.session(user).positions()).find((p) => p.tradingSymbol === symbol)?.quantity ?? 0;
  const buy = async (overrides = {}) => {
    const result = await h.module.service.place(user, { body: orderBody(overrides), iceberg: false });
    await h.settle();
    return result.orderId;
  };

  beforeEach(async () => {
    h = await createOrdersHarness();
    user = addUser(h);
    h.market.push(CALL.tradingsymbol, 120);
    h.market.push(PUT.tradingsymbol, 80);
  });
  afterEach(() => h.close());

  it('exits a position at market, or part of it', async () => {
    await buy({ quantity: 195 });
    await h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 65,
      marketProtection: 0,
    });
    await h.settle();
    expect(await net(CALL.tradingsymbol)).toBe(130);
    await h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 130,
      marketProtection: 0,
    });
    await h.settle();
    expect(await net(CALL.tradingsymbol)).toBe(0);
  });

  it('uses a protected limit when market protection is on', async () => {
    await buy();
    await h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 65,
      marketProtection: 0.05,
    });
    await h.settle();
    const exit = [...(await ordersOf(h, user)).values()].find((o) => o.role === 'exit');
    expect(exit).toMatchObject({ orderType: 'limit', side: 'sell' });
    expect(exit?.state).toMatchObject({ price: 114, status: 'complete' });
  });

  it('refuses an exit with nothing to exit or of the wrong side', async () => {
    const svc = h.module.service;
    await expect(
      svc.exitPosition(user, PUT.tradingsymbol, 'normal', { quantity: 65, marketProtection: 0 }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: 'No position to exit!',
    });
    await buy();
    await expect(
      svc.exitPosition(user, CALL.tradingsymbol, 'normal', { quantity: -65, marketProtection: 0 }),
    ).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(
      svc.exitPosition(user, CALL.tradingsymbol, 'intraday', { quantity: 65, marketProtection: 0 }),
    ).rejects.toMatchObject({
      message: 'No position to exit!',
    });
  });

  it('exiting a bracket position cancels its exit legs so they cannot reopen it', async () => {
    const entry = await buy({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
    await h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 65,
      marketProtection: 0,
    });
    await h.settle();
    expect((await orderOf(h, user, childIds.target(entry))).state.status).toBe('cancelled');
    expect((await orderOf(h, user, childIds.stoploss(entry))).state.status).toBe('cancelled');
    h.market.push(CALL.tradingsymbol, 100);
    await h.settle();
    expect(await net(CALL.tradingsymbol)).toBe(0);
  });

  it('exit all cancels working orders and squares off every position, slicing above the freeze limit', async () => {
    await buy({ quantity: 3900 });
    await buy({ internalToken: PUT.internalToken, transactionType: 'sell', quantity: 130 });
    const resting = await buy({ orderType: 'limit', triggerPrice: 50 });
    await h.module.service.exitAll(user, 0);
    await h.settle();
    expect((await orderOf(h, user, resting)).state.status).toBe('cancelled');
    expect(await net(CALL.tradingsymbol)).toBe(0);
    expect(await net(PUT.tradingsymbol)).toBe(0);
    const exits = [...(await ordersOf(h, user)).values()].filter((o) => o.role === 'exit');
    expect(exits.map((o) => [o.kind, o.side, o.state.quantity]).sort()).toEqual(
      [
        ['broker', 'buy', 130],
        ['group', 'sell', 3900],
      ].sort(),
    );
  });

  it("squares off under the caller's ids, once per id however often it is re-sent", async () => {
    await buy({ quantity: 3900 });
    await buy({ internalToken: PUT.internalToken, transactionType: 'sell', quantity: 130 });
    const exits = [
      {
        orderId: orderIdFor(user, 'k1-1'),
        tradingSymbol: CALL.tradingsymbol,
        productType: 'normal' as const,
      },
      { orderId: orderIdFor(user, 'k1-2'), tradingSymbol: PUT.tradingsymbol, productType: 'normal' as const },
    ].map((exit) => ({ ...exit, marketProtection: 0 }));
    const first = await h.module.service.squareOff(user, exits);
    await h.settle();
    expect([...first.values()]).toEqual([{ ok: true }, { ok: true }]);
    expect(await net(CALL.tradingsymbol)).toBe(0);
    expect(await net(PUT.tradingsymbol)).toBe(0);
    // A restart re-sends the same ids: answered from the stored orders, nothing placed again.
    const again = await h.module.service.squareOff(user, exits);
    await h.settle();
    expect([...again.values()]).toEqual([{ ok: true }, { ok: true }]);
    const exitOrders = [...(await ordersOf(h, user)).values()].filter((o) => o.role === 'exit');
    expect(
      exitOrders
        .filter((o) => o.kind === 'group' || !o.groupId)
        .map((o) => o.id)
        .sort(),
    ).toEqual(exits.map((e) => e.orderId).sort());
    const states = await h.module.service.orderStates(user, [...exits.map((e) => e.orderId), 'XKUNKNOWN000']);
    expect([...states.values()].map((s) => s.status)).toEqual(['complete', 'complete']);
    // A new id for a flat position is refused, not placed.
    const flat = await h.module.service.squareOff(user, [
      { ...exits[0]!, orderId: orderIdFor(user, 'k2-1') },
    ]);
    expect([...flat.values()]).toEqual([{ ok: false, reason: 'No position to exit!' }]);
  });

  it('derives a stable, per-user order id of the broker-tag format from a key', () => {
    expect(orderIdFor('u1', 'k1-1')).toBe(orderIdFor('u1', 'k1-1'));
    expect(orderIdFor('u1', 'k1-1')).not.toBe(orderIdFor('u2', 'k1-1'));
    expect(orderIdFor('u1', 'k1-1')).toMatch(/^XK[0-9A-Z]{10}$/);
  });
});
