import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createZerodhaFixture, eventually, NIFTY_CE, type ZerodhaFixture } from '../../../../test/fakes/kite';
import { childIds } from '../../orders/model/ids';
import { createOrdersHarness, type OrdersHarness } from '../../orders/testing/harness';
import { CALL, orderBody, orderOf } from '../../orders/testing/orders-fixtures';

// The real order engine trading through the Zerodha adapter and the fake Kite: the categories the engine uses
// (single market, bracket with its target and stop legs), fills arriving over the ticker, and a placement whose
// answer is lost on the network being found again by its tag.

let f: ZerodhaFixture;
let h: OrdersHarness;
let user: string;

beforeEach(async () => {
  f = await createZerodhaFixture();
  user = await f.loggedInUser();
  await eventually(async () => expect((await f.service.status(user)).updates).toBe('connected'));
  h = await createOrdersHarness({ registry: { sessionFor: (userId) => f.service.sessionFor(userId) } });
  h.market.push(CALL.tradingsymbol, 120);
});
afterEach(async () => {
  await h.close();
  await f.close();
});

const kiteOrders = () => f.kite.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/orders/'));
const kiteBook = () => [...f.kite.book('AB1234').orders.values()];

describe('the order engine on Zerodha', () => {
  it('sends a market order with market protection and books its fill from the ticker', async () => {
    const { orderId } = await h.module.service.place(user, { body: orderBody(), iceberg: false });
    await eventually(() => expect(kiteOrders()).toHaveLength(1));
    expect(kiteOrders()[0]?.form).toMatchObject({
      tradingsymbol: NIFTY_CE.tradingsymbol,
      order_type: 'MARKET',
      market_protection: '10',
      transaction_type: 'BUY',
      quantity: '65',
      product: 'NRML',
      tag: orderId,
    });
    f.kite.setPrice(NIFTY_CE.tradingsymbol, 121.5);
    await eventually(async () => {
      await h.settle();
      expect((await orderOf(h, user, orderId)).state).toMatchObject({
        status: 'complete',
        filledQuantity: 65,
      });
    });
    expect((await orderOf(h, user, orderId)).state.averagePrice).toBe(121.5);
  });

  it('runs a bracket: entry, then target and stop-limit legs at Kite; the target fill cancels the stop', async () => {
    const body = orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    f.kite.setPrice(NIFTY_CE.tradingsymbol, 120);
    await eventually(() => expect(kiteBook()).toHaveLength(3));
    const target = kiteBook().find((o) => o.tag === childIds.target(orderId));
    const stop = kiteBook().find((o) => o.tag === childIds.stoploss(orderId));
    expect(target).toMatchObject({
      transaction_type: 'SELL',
      order_type: 'LIMIT',
      price: 130,
      status: 'OPEN',
    });
    expect(stop).toMatchObject({
      transaction_type: 'SELL',
      order_type: 'SL',
      trigger_price: 115,
      status: 'TRIGGER PENDING',
    });
    expect(stop?.price).toBeLessThan(115);
    f.kite.setPrice(NIFTY_CE.tradingsymbol, 131);
    await eventually(() => expect(f.kite.book('AB1234').find(stop?.order_id ?? '').status).toBe('CANCELLED'));
    await eventually(async () => {
      await h.settle();
      expect((await orderOf(h, user, childIds.stoploss(orderId))).state.status).toBe('cancelled');
    });
  });

  it('trails a stop-loss with "Broker" trailing by modifying it at Kite as the price moves', async () => {
    const body = orderBody({
      transactionType: 'sell',
      orderType: 'stoploss',
      triggerPrice: 100,
      trailingEnabled: true,
      brokerTrailing: true,
      changeInPrice: 5,
      changeInSL: 1,
    });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await eventually(() => expect(kiteBook()).toHaveLength(1));
    expect(kiteBook()[0]).toMatchObject({ order_type: 'SL', trigger_price: 100, status: 'TRIGGER PENDING' });
    h.market.push(CALL.tradingsymbol, 130);
    await eventually(async () => {
      await h.settle();
      expect(kiteBook()[0]?.trigger_price).toBe(102);
    });
    const modifies = f.kite.requests.filter((r) => r.method === 'PUT');
    expect(modifies.map((r) => r.form?.trigger_price)).toEqual(['102']);
    expect((await orderOf(h, user, orderId)).trailing).toMatchObject({ handler: 'broker', modifications: 1 });
  });

  it('finds a placement whose answer was lost by its tag, and carries on with it', async () => {
    f.kite.failNext('lose-response');
    const { orderId } = await h.module.service.place(user, {
      body: orderBody({ orderType: 'limit', triggerPrice: 110 }),
      iceberg: false,
    });
    await eventually(async () => {
      await h.settle();
      expect((await orderOf(h, user, orderId)).brokerOrderId).toBe(kiteBook()[0]?.order_id);
    });
    expect(kiteBook()).toHaveLength(1);
    // The placement's answer never came: the engine looked the order up in the order book instead of re-sending.
    const placedAt = f.kite.requests.findIndex((r) => r.method === 'POST' && r.path === '/orders/regular');
    expect(f.kite.requests.slice(placedAt + 1).some((r) => r.method === 'GET' && r.path === '/orders')).toBe(
      true,
    );
    f.kite.setPrice(NIFTY_CE.tradingsymbol, 109);
    await eventually(async () => {
      await h.settle();
      expect((await orderOf(h, user, orderId)).state.status).toBe('complete');
    });
  });
});
