import { afterEach, describe, expect, it } from 'vitest';
import { ANGEL_CALL, type AngelOneFixture, createAngelOneFixture } from '../../../../test/fakes/angelone';
import { eventually } from '../../../../test/fakes/kite';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';

// Orders as SmartAPI takes them (the scrip master's symbol token and trading symbol, units, INTRADAY/CARRYFORWARD,
// stop-losses as STOPLOSS_LIMIT with a protective limit, our id as ordertag), modify and cancel restating the
// order, positions and funds read back in our terms, refusals in plain words, updates by polling.

let f: AngelOneFixture;
afterEach(() => f.close());

const lastPlacement = () =>
  f.angel.requests.findLast((r) => r.path.endsWith('/placeOrder'))?.body as Record<string, string>;

describe('Angel One orders', () => {
  it.each([
    [
      'market',
      { orderType: 'market' },
      { variety: 'NORMAL', ordertype: 'MARKET', price: '0', triggerprice: '0' },
    ],
    ['limit', {}, { variety: 'NORMAL', ordertype: 'LIMIT', price: '100', triggerprice: '0' }],
    [
      'stop-limit',
      { orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 89 },
      {
        variety: 'STOPLOSS',
        ordertype: 'STOPLOSS_LIMIT',
        price: '89',
        triggerprice: '90',
        transactiontype: 'SELL',
      },
    ],
    [
      'stop-market as stop-limit with a protective limit',
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 },
      {
        variety: 'STOPLOSS',
        ordertype: 'STOPLOSS_LIMIT',
        price: '87.3',
        triggerprice: '90',
        transactiontype: 'SELL',
      },
    ],
    ['intraday', { product: 'intraday' }, { producttype: 'INTRADAY' }],
  ] as const)('%s reaches Angel One as SmartAPI documents it', async (_name, change, expected) => {
    f = await createAngelOneFixture();
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command(change as Partial<PlaceOrderCommand>));
    expect(ack.ok).toBe(true);
    expect(lastPlacement()).toEqual({
      variety: 'NORMAL',
      tradingsymbol: 'NIFTY01DEC2626000CE',
      symboltoken: f.token,
      transactiontype: 'BUY',
      exchange: 'NFO',
      ordertype: 'LIMIT',
      producttype: 'CARRYFORWARD',
      duration: 'DAY',
      price: '100',
      triggerprice: '0',
      squareoff: '0',
      stoploss: '0',
      quantity: String(ANGEL_CALL.lot_size),
      ordertag: 'XT0123456789-1',
      ...expected,
    });
  });

  it('refuses a contract the scrip master does not list before anything is sent', async () => {
    f = await createAngelOneFixture();
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command({ tradingSymbol: 'NIFTY26D0199000CE' }));
    expect(ack).toEqual({ ok: false, code: 'rejected', reason: 'Angel One does not list NIFTY26D0199000CE' });
    expect(lastPlacement()).toBeUndefined();
  });

  it('modifies a stop keeping its protective limit, cancels with its variety, lists by our tag', async () => {
    f = await createAngelOneFixture();
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(
      f.command({ orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 }),
    );
    if (!ack.ok) throw new Error(ack.reason);
    expect(await session.modifyOrder(ack.brokerOrderId, { triggerPrice: 80 })).toEqual({
      ok: true,
      brokerOrderId: ack.brokerOrderId,
    });
    expect(f.angel.requests.findLast((r) => r.path.endsWith('/modifyOrder'))?.body).toEqual({
      variety: 'STOPLOSS',
      orderid: ack.brokerOrderId,
      ordertype: 'STOPLOSS_LIMIT',
      producttype: 'CARRYFORWARD',
      duration: 'DAY',
      price: '77.6',
      triggerprice: '80',
      quantity: String(ANGEL_CALL.lot_size),
      tradingsymbol: 'NIFTY01DEC2626000CE',
      symboltoken: f.token,
      exchange: 'NFO',
    });
    const [listed] = await session.listOrders();
    expect(listed).toMatchObject({
      brokerOrderId: ack.brokerOrderId,
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: ANGEL_CALL.tradingsymbol,
      status: 'trigger_pending',
      orderType: 'stoploss',
      triggerPrice: 80,
      side: 'sell',
      product: 'normal',
    });
    expect(await session.cancelOrder(ack.brokerOrderId)).toEqual({
      ok: true,
      brokerOrderId: ack.brokerOrderId,
    });
    expect(f.angel.requests.findLast((r) => r.path.endsWith('/cancelOrder'))?.body).toEqual({
      variety: 'STOPLOSS',
      orderid: ack.brokerOrderId,
    });
    expect(await session.cancelOrder(ack.brokerOrderId)).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Angel One: Order is not open (AB4011)',
    });
  });

  it('reads positions back as our symbol and token, and funds from RMS', async () => {
    f = await createAngelOneFixture();
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    f.angel.fill(ack.brokerOrderId, 101);
    const lot = ANGEL_CALL.lot_size;
    expect(await session.positions()).toEqual([
      {
        tradingSymbol: ANGEL_CALL.tradingsymbol,
        internalToken: ANGEL_CALL.internalToken,
        product: 'normal',
        quantity: lot,
        buyQuantity: lot,
        sellQuantity: 0,
        buyValue: 101 * lot,
        sellValue: 0,
        lastTradedPrice: 101,
        averagePrice: 101,
      },
    ]);
    f.angel.setFunds(250_000);
    expect(await session.margin()).toEqual({ total: 250_000, available: 250_000, utilized: 0 });
  });

  it('answers a rate-limited call as rate_limited, not as an unknown outcome', async () => {
    f = await createAngelOneFixture();
    const { session } = await f.loggedIn();
    f.angel.rateLimitNextCall();
    expect(await session.placeOrder(f.command())).toEqual({
      ok: false,
      code: 'rate_limited',
      reason: 'Angel One rate limit reached (too many requests). Try again in a moment.',
    });
  });

  it('reports order updates by polling, and a protective stop Angel One cancels or rejects on its own', async () => {
    f = await createAngelOneFixture();
    const { userId, session } = await f.loggedIn();
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const stop = (clientOrderId: string) =>
      f.command({ clientOrderId, orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 });
    const first = await session.placeOrder(stop('XT0123456789S'));
    const second = await session.placeOrder(stop('XT0123456788S'));
    if (!first.ok || !second.ok) throw new Error('placement refused');
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'accepted']));
    f.angel.cancelByBroker(first.brokerOrderId, 'Order cancelled by the exchange at end of day');
    f.angel.reject(second.brokerOrderId, 'RMS: price outside the circuit band');
    // The last word on each order reaches the session (the kit's tracker reports a cancelled trigger-pending order
    // as triggered first: a poll cannot tell whether it triggered before it was cancelled).
    const lastOf = (id: string) => updates.findLast((u) => u.brokerOrderId === id);
    await eventually(() => {
      expect(lastOf(first.brokerOrderId)).toMatchObject({
        userId,
        clientOrderId: 'XT0123456789S',
        event: { type: 'cancelled', reason: 'Order cancelled by the exchange at end of day' },
      });
      expect(lastOf(second.brokerOrderId)).toMatchObject({
        clientOrderId: 'XT0123456788S',
        event: { type: 'rejected', reason: 'RMS: price outside the circuit band' },
      });
    });
  });
});
