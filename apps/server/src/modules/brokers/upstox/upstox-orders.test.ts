import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/fakes/kite';
import {
  createUpstoxFixture,
  NIFTY_CALL,
  NIFTY_FUTURE,
  UNLISTED_CALL,
  type UpstoxFixture,
} from '../../../../test/fakes/upstox';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';

// Upstox orders through the adapter on the fake: the v3 bodies (instrument key from the master, units, product,
// order type, protective limit, market protection, our tag), modify and cancel, the order book, positions and
// funds in our terms, refusals in plain words, updates polled from the order book.

let f: UpstoxFixture;
beforeEach(async () => {
  f = await createUpstoxFixture();
});
afterEach(async () => f.close());

const placed = () => f.upstox.requests.findLast((r) => r.method === 'POST' && r.path === '/v3/order/place');

describe('Upstox placement', () => {
  it.each([
    [
      'market, automatic protection',
      { orderType: 'market' },
      { order_type: 'MARKET', price: 0, market_protection: -1 },
    ],
    [
      "market at the trader's protection",
      { orderType: 'market', marketProtection: 3 },
      { order_type: 'MARKET', price: 0, trigger_price: 0, market_protection: 3 },
    ],
    ['limit', {}, { order_type: 'LIMIT', price: 100, trigger_price: 0 }],
    [
      'stop-limit at its own limit',
      { orderType: 'stoploss', triggerPrice: 90, price: 89 },
      { order_type: 'SL', trigger_price: 90, price: 89 },
    ],
    [
      'stop-loss without a limit, with a protective limit',
      { orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: undefined },
      { order_type: 'SL', trigger_price: 90, price: 87.3, transaction_type: 'SELL' },
    ],
    [
      "an option's stop-market as a stop-limit",
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 },
      { order_type: 'SL', trigger_price: 90, price: 87.3, transaction_type: 'SELL' },
    ],
    [
      "a future's stop-market as SL-M",
      {
        orderType: 'stoploss_market',
        side: 'sell',
        triggerPrice: 26000,
        tradingSymbol: NIFTY_FUTURE.tradingsymbol,
        internalToken: NIFTY_FUTURE.internalToken,
      },
      {
        order_type: 'SL-M',
        trigger_price: 26000,
        price: 0,
        market_protection: -1,
        transaction_type: 'SELL',
        instrument_token: 'future',
      },
    ],
    ['intraday', { product: 'intraday' }, { product: 'I' }],
  ] as const)('%s reaches Upstox as documented', async (_name, change, expected) => {
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command(change as Partial<PlaceOrderCommand>));
    expect(ack).toMatchObject({ ok: true });
    const { instrument_token, ...rest } = expected as Record<string, unknown>;
    expect(placed()?.body).toEqual(
      expect.objectContaining({
        instrument_token: instrument_token === 'future' ? f.keys.future : f.keys.call,
        quantity: 65,
        product: 'D',
        validity: 'DAY',
        transaction_type: 'BUY',
        disclosed_quantity: 0,
        is_amo: false,
        slice: false,
        tag: 'XT0123456789-1',
        ...rest,
      }),
    );
    expect(placed()?.authorization).toMatch(/^Bearer /);
  });

  it('refuses a contract Upstox does not list before sending anything', async () => {
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(
      f.command({ tradingSymbol: UNLISTED_CALL.tradingsymbol, internalToken: UNLISTED_CALL.internalToken }),
    );
    expect(ack).toEqual({
      ok: false,
      code: 'rejected',
      reason: `Upstox does not list ${UNLISTED_CALL.tradingsymbol}`,
    });
    expect(placed()).toBeUndefined();
  });

  it.each([
    [
      429,
      'UDAPI10005',
      'Too Many Request Sent',
      'rate_limited',
      /10 a second, 500 a minute and 2,000 in 30 minutes/,
    ],
    [400, 'UDAPI1154', 'Static IP not configured for the app', 'rejected', /registered static IP/],
    [400, 'UDAPI1200', 'Orders from this algo are not allowed', 'rejected', /algo are not allowed/],
    [
      400,
      'UDAPI1201',
      'Market orders without market protection are not allowed',
      'rejected',
      /require market protection/,
    ],
    [400, 'UDAPI1041', 'Insufficient funds', 'rejected', /^Upstox: Insufficient funds$/],
  ])('answers a %i %s as %s in plain words', async (status, errorCode, message, code, reason) => {
    const { session } = await f.loggedIn();
    f.upstox.refuseNextOrder(status, errorCode, message);
    const ack = await session.placeOrder(f.command());
    expect(ack).toMatchObject({ ok: false, code, reason: expect.stringMatching(reason) });
  });

  it('throws (outcome unknown) on a 5xx, never answering a definite refusal', async () => {
    const { session } = await f.loggedIn();
    f.upstox.refuseNextOrder(503, 'UDAPI100500', 'Service unavailable');
    await expect(session.placeOrder(f.command())).rejects.toMatchObject({ code: 'network', uncertain: true });
  });
});

describe('Upstox modify, cancel, book, positions and funds', () => {
  it('modifies a stop with the whole v3 body, cancels by order_id, lists by our tag', async () => {
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(
      f.command({ orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 88 }),
    );
    if (!ack.ok) throw new Error(ack.reason);
    expect(await session.modifyOrder(ack.brokerOrderId, { triggerPrice: 80 })).toEqual({
      ok: true,
      brokerOrderId: ack.brokerOrderId,
    });
    expect(f.upstox.requests.findLast((r) => r.method === 'PUT')).toMatchObject({
      path: '/v3/order/modify',
      body: {
        order_id: ack.brokerOrderId,
        order_type: 'SL',
        validity: 'DAY',
        trigger_price: 80,
        price: 77.6,
        quantity: 65,
        disclosed_quantity: 0,
      },
    });
    const [listed] = await session.listOrders();
    expect(listed).toMatchObject({
      brokerOrderId: ack.brokerOrderId,
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: NIFTY_CALL.tradingsymbol,
      status: 'trigger_pending',
      orderType: 'stoploss',
      triggerPrice: 80,
      price: 77.6,
      side: 'sell',
      product: 'normal',
    });
    expect(await session.cancelOrder(ack.brokerOrderId)).toEqual({
      ok: true,
      brokerOrderId: ack.brokerOrderId,
    });
    expect(f.upstox.requests.findLast((r) => r.method === 'DELETE')).toMatchObject({
      path: '/v3/order/cancel',
      query: { order_id: ack.brokerOrderId },
    });
    expect(await session.cancelOrder(ack.brokerOrderId)).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Upstox: Order is cancelled and cannot be cancelled',
    });
  });

  it('shows positions under our symbol and token, and the equity funds', async () => {
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command({ product: 'intraday' }));
    if (!ack.ok) throw new Error(ack.reason);
    f.upstox.fill(ack.brokerOrderId, 101);
    expect(await session.positions()).toEqual([
      {
        tradingSymbol: NIFTY_CALL.tradingsymbol,
        internalToken: NIFTY_CALL.internalToken,
        product: 'intraday',
        quantity: 65,
        buyQuantity: 65,
        sellQuantity: 0,
        buyValue: 6565,
        sellValue: 0,
        lastTradedPrice: 101,
        averagePrice: 101,
      },
    ]);
    f.upstox.setFunds(250_000);
    expect(await session.margin()).toEqual({ total: 262_500.5, available: 250_000, utilized: 12_500.5 });
    expect(f.upstox.requests.findLast((r) => r.path === '/v2/user/get-funds-and-margin')?.query).toEqual({
      segment: 'SEC',
    });
  });
});

describe('Upstox order updates', () => {
  it('reports each fill once, with our tag, whether pushed or polled', async () => {
    const { userId, session } = await f.loggedIn();
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted']));
    f.upstox.fill(ack.brokerOrderId, 99.5);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
    expect(updates[1]).toMatchObject({
      userId,
      brokerOrderId: ack.brokerOrderId,
      clientOrderId: 'XT0123456789-1',
      event: { type: 'fill', quantity: 65, price: 99.5 },
    });
    await f.plugin.reconnect(userId);
    expect(updates).toHaveLength(2);
  });

  it.each([
    [
      'cancels',
      'cancelled',
      'Cancelled by exchange at end of day',
      { type: 'cancelled', reason: 'Cancelled by exchange at end of day' },
    ],
    [
      'rejects',
      'rejected',
      'Trigger price is outside the price band',
      { type: 'rejected', reason: 'Trigger price is outside the price band' },
    ],
  ] as const)(
    'a protective stop that Upstox %s on its own reaches the engine as such',
    async (_verb, status, message, event) => {
      const { session } = await f.loggedIn();
      const updates: BrokerOrderUpdate[] = [];
      session.onOrderUpdate((update) => updates.push(update));
      const ack = await session.placeOrder(
        f.command({ orderType: 'stoploss', side: 'sell', triggerPrice: 90 }),
      );
      if (!ack.ok) throw new Error(ack.reason);
      await eventually(() =>
        expect(updates.map((u) => u.event)).toEqual([{ type: 'accepted', status: 'trigger_pending' }]),
      );
      f.upstox.endByBroker(ack.brokerOrderId, status, message);
      await eventually(() =>
        expect(updates.at(-1)).toMatchObject({ brokerOrderId: ack.brokerOrderId, event }),
      );
      expect((await session.listOrders())[0]).toMatchObject({ status });
    },
  );

  it('shows an expired session when Upstox answers 401, and orders fail clearly', async () => {
    const { userId, session } = await f.loggedIn();
    f.upstox.expireSessions();
    expect(await session.placeOrder(f.command())).toEqual({
      ok: false,
      code: 'token_expired',
      reason: 'Upstox session expired. Log in with Upstox again to trade.',
    });
    await eventually(async () => expect((await f.plugin.status(userId)).state).toBe('expired'));
    await expect(f.plugin.reconnect(userId)).rejects.toMatchObject({ code: 'broker_session_expired' });
  });
});
