import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds } from './ids';
import { TEST_INSTRUMENTS } from './testing/fake-instruments';
import { createOrdersHarness, type OrdersHarness } from './testing/harness';
import { addUser, CALL, orderBody, orderOf, ordersOf } from './testing/orders-fixtures';

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
      status: 400,
      message: 'No position to exit!',
    });
    await buy();
    await expect(
      svc.exitPosition(user, CALL.tradingsymbol, 'normal', { quantity: -65, marketProtection: 0 }),
    ).rejects.toMatchObject({
      status: 400,
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
});
