import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createAuthModule } from '../auth/index';
import { createOrdersModule, type OrdersModule } from './index';
import { childIds } from './model/ids';
import { FakeBroker } from './testing/fake-broker';
import { createTestInstruments } from './testing/fake-instruments';
import { FakeMarket } from './testing/fake-market';
import { CALL } from './testing/orders-fixtures';

const market = new FakeMarket();
let broker: FakeBroker;
let orders: OrdersModule;
let t: TestApp;
let alice: Record<string, string>;
let bob: Record<string, string>;

const order = {
  exchange: 'NFO',
  internalToken: CALL.internalToken,
  quantity: 65,
  transactionType: 'buy',
  product: 'NRML',
  orderType: 'market',
};

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });

async function settle() {
  for (let i = 0; i < 50; i += 1) {
    await orders.service.idle();
    await new Promise((resolve) => setImmediate(resolve));
    if (broker.idle && orders.context.tracker.pending === 0) return;
  }
}

beforeAll(async () => {
  t = await createTestApp({
    modules: (resources) => {
      const auth = createAuthModule(resources);
      broker = new FakeBroker(market, resources.clock.now);
      orders = createOrdersModule({
        resources,
        registry: { sessionFor: async (userId) => broker.session(userId) },
        marketData: market,
        instruments: createTestInstruments(),
        requireUser: auth.requireUser,
        priceViewOf: () => 'practice',
      });
      return [auth, orders];
    },
  });
  alice = authHeader((await createTestUser(t.app)).token);
  bob = authHeader((await createTestUser(t.app)).token);
  market.push(CALL.tradingsymbol, 120);
});
afterAll(() => t.close());

describe('order routes', () => {
  it('places an order and lists it with every read-model order field', async () => {
    const placed = await call('POST', '/order', alice, order);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ success: true, message: 'Order placed successfully.' });
    const { orderId } = placed.json().data;
    await settle();
    const list = await call('GET', '/portfolio/orders', alice);
    expect(list.statusCode).toBe(200);
    const executed = list.json().data.executedOrders;
    expect(executed[0]).toMatchObject({
      orderId,
      isInternal: false,
      orderCategory: 'single',
      orderType: 'market',
      transactionType: 'buy',
      identifier: CALL.identifier,
      product: 'NRML',
      productType: 'normal',
      tradingSymbol: CALL.tradingsymbol,
      internalToken: CALL.internalToken,
      quantity: 65,
      filledQuantity: 65,
      averagePrice: 120,
      lastTradedPrice: 120,
      rejectedReason: null,
      isTrailing: false,
      parentOrderId: null,
    });
    expect((await call('GET', '/portfolio/orders', bob)).json().data.executedOrders).toEqual([]);
  });

  it('places the main order when its follow-up cannot be armed and says so in the answer', async () => {
    const followUp = {
      key: 'buyCall',
      tradingSymbol: 'BANKNIFTY99JAN1CE',
      transactionType: 'buy',
      multiplier: 1,
    };
    const placed = await call('POST', '/order', alice, { ...order, metaData: { followUp } });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.warnings).toEqual([
      'Follow-up not armed: unknown instrument BANKNIFTY99JAN1CE',
    ]);
    await settle();
    const executed = (await call('GET', '/portfolio/orders', alice)).json().data.executedOrders;
    expect(executed.map((o: { orderId: string }) => o.orderId)).toContain(placed.json().data.orderId);
  });

  it('returns the first order for a repeated Idempotency-Key', async () => {
    const headers = { ...alice, 'idempotency-key': 'retry-1' };
    const first = await call('POST', '/order', headers, order);
    const second = await call('POST', '/order', headers, order);
    expect(second.json().data).toEqual(first.json().data);
  });

  it('refuses an Idempotency-Key reused with a different order with a 422 and places nothing', async () => {
    const headers = { ...alice, 'idempotency-key': 'retry-2' };
    const first = await call('POST', '/order', headers, order);
    expect(first.statusCode).toBe(200);
    await settle();
    const placed = broker.commands.filter((c) => c.type === 'place').length;
    const different = await call('POST', '/order', headers, { ...order, quantity: 130 });
    expect(different.statusCode).toBe(422);
    expect(different.json()).toEqual({
      success: false,
      message: 'Idempotency-Key reused with a different order',
    });
    const sameAgain = await call('POST', '/order', headers, { ...order, product: 'normal' });
    expect(sameAgain.json().data).toEqual(first.json().data);
    const asIceberg = await call('POST', '/order/iceberg', headers, order);
    expect(asIceberg.statusCode).toBe(422);
    expect(broker.commands.filter((c) => c.type === 'place')).toHaveLength(placed);
  });

  it('stores a limit price with a float artefact as the tick it means', async () => {
    const placed = await call('POST', '/order', alice, {
      ...order,
      orderType: 'limit',
      triggerPrice: 0.1 + 0.2,
      orderCategory: 'oco',
      ocoOrderStoploss: 0.1 + 0.2,
      ocoOrderTarget: 1.1 + 2.2,
    });
    expect(placed.statusCode).toBe(200);
    const stored = await orders.context.store.findById(
      (await call('GET', '/auth/getUserInfo', alice)).json().data.user.id,
      placed.json().data.orderId,
    );
    expect(stored?.state.price).toBe(0.3);
    expect(stored?.stoplossPoints).toBe(0.3);
    expect(stored?.targetPoints).toBe(3.3);
    await call('DELETE', `/order/${placed.json().data.orderId}`, alice);
    await settle();
  });

  it.each([
    [{ quantity: 0 }, 'quantity: Quantity should be greater than 0'],
    [{ quantity: 100 }, 'quantity: Quantity should be a multiple of the lot size (65)'],
    [{ orderType: 'limit', triggerPrice: 10.03 }, 'triggerPrice: Price must be a multiple of 0.05'],
    [
      { orderType: 'limit', triggerPrice: 0.01 },
      'triggerPrice: Invalid price - price should be greater than 0.05.',
    ],
    [{ orderType: 'limit' }, 'triggerPrice: Invalid price - price should be greater than 0.05.'],
    [{ orderType: 'bogus' }, 'orderType'],
    [{ transactionType: 'hold' }, 'transactionType'],
    [{ orderCategory: 'oco', ocoOrderStoploss: 5 }, 'ocoOrderTarget: Target points are required'],
    [{ internalToken: 'nope' }, 'internalToken: Unknown instrument'],
    [
      { quantity: 1_755_000_000 },
      'quantity: Quantity 1755000000 is above the most one order may carry for NIFTY: 20 slices of 1,755 (35,100)',
    ],
    [{ quantity: 1_474_200 }, 'quantity: Quantity 1474200 is above the most one order may carry for NIFTY'],
    [{ quantity: 65_000_000_000_000 }, 'quantity: Quantity 65000000000000 is above the most one order'],
    [{ quantity: 2 ** 53 }, 'quantity: Quantity must be a whole number'],
    [{ orderType: 'limit', triggerPrice: 1_000_000.05 }, 'triggerPrice: Price must be at most 10,00,000'],
    [
      { orderCategory: 'oco', ocoOrderStoploss: 5.02, ocoOrderTarget: 10 },
      'ocoOrderStoploss: Must be a multiple of the 0.05 tick',
    ],
    [
      { orderCategory: 'oco', ocoOrderStoploss: 5, ocoOrderTarget: 10.01 },
      'ocoOrderTarget: Must be a multiple of the 0.05 tick',
    ],
    [{ orderCategory: 'cover', ocoOrderStoploss: 2_000_000 }, 'ocoOrderStoploss: Must be at most 10,00,000'],
  ])('refuses %j with a 400 naming the field', async (change, message) => {
    const response = await call('POST', '/order', alice, { ...order, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
  });

  it('refuses malformed bodies of the other endpoints with a 400 naming the field', async () => {
    const cases: [Parameters<typeof call>[0], string, object, string][] = [
      ['PUT', '/order/XT1', {}, 'triggerPrice: Nothing to modify'],
      ['PUT', '/order/XT1', { triggerPrice: 10.01 }, 'triggerPrice: Price must be a multiple of 0.05'],
      [
        'POST',
        '/order/trailStopLossOrder/start/XT1',
        { brokerTrailing: true, changeInPrice: 1, changeInSL: 1 },
        'changeInPrice: ',
      ],
      ['POST', '/order/trailStopLossOrder/pause/XT1', {}, 'state'],
      ['POST', '/order/editTrailParams/XT1', { changeInPrice: -1, changeInSL: 1 }, 'changeInPrice'],
      ['POST', '/order/exitAllPositions', { marketProtection: 0.5 }, 'marketProtection'],
      ['POST', '/order/modifyMultipleOrders', { orderIds: ['XT1'] }, 'triggerPrice'],
      ['POST', '/order/modifyMultipleOrders', { triggerPrice: 10 }, 'orderIds: No orders to modify'],
      [
        'POST',
        '/order/modifyMultipleOrders',
        { orderIds: [], internalOrderIds: [], targetOrderIds: [], stoplossOrderIds: [], triggerPrice: 10 },
        'orderIds: No orders to modify',
      ],
      ['PUT', '/order/XT1', { triggerPrice: 1e300 }, 'triggerPrice: Price must be at most 10,00,000'],
      ['POST', '/order/cancel', { orderType: 'bogus' }, 'orderType'],
      [
        'POST',
        `/order/exit/${CALL.tradingsymbol}/WEEKLY`,
        { quantity: 65, marketProtection: 0 },
        'productType',
      ],
    ];
    for (const [method, url, payload, message] of cases) {
      const response = await call(method, url, alice, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain(message);
    }
    expect((await call('PUT', '/order/XT-unknown', alice, { triggerPrice: 10 })).statusCode).toBe(404);
  });

  it('describes the order routes in the OpenAPI document (tick-normalised prices included)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/openapi.json' });
    expect(response.statusCode).toBe(200);
    const body =
      response.json().paths['/v1/options-x/order'].post.requestBody.content['application/json'].schema;
    expect(body.properties.triggerPrice).toMatchObject({ type: 'number' });
    expect(response.json().paths['/v1/options-x/auth/editUserSetting']).toBeDefined();
  });

  it('refuses callers without a token', async () => {
    expect((await call('POST', '/order', {}, order)).statusCode).toBe(401);
    expect((await call('GET', '/portfolio/orders', {})).statusCode).toBe(401);
  });

  it('modifies, trails and cancels with the user-facing messages; another user gets 404', async () => {
    const sl = { ...order, transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 };
    const { orderId } = (await call('POST', '/order', alice, sl)).json().data;
    await settle();
    expect((await call('PUT', `/order/${orderId}`, bob, { triggerPrice: 99 })).statusCode).toBe(404);
    expect((await call('DELETE', `/order/${orderId}`, bob)).statusCode).toBe(404);
    const modify = await call('PUT', `/order/${orderId}`, alice, { orderId, triggerPrice: 99 });
    expect(modify.json()).toMatchObject({ success: true, message: 'Order modification triggered!' });
    const trail = { brokerTrailing: false, changeInPrice: 1, changeInSL: 1 };
    expect(
      (await call('POST', `/order/trailStopLossOrder/start/${orderId}`, alice, trail)).json().message,
    ).toBe('Success : Trailing started !');
    expect(
      (
        await call('POST', `/order/editTrailParams/${orderId}`, alice, { changeInPrice: 2, changeInSL: 1 })
      ).json().message,
    ).toBe('Trailing parameters updated.');
    const low = await call('POST', `/order/trailStopLossOrder/start/${orderId}`, alice, {
      ...trail,
      brokerTrailing: true,
    });
    expect(low.json().message).toMatch(/^changeInPrice: /);
    expect(
      (await call('POST', `/order/trailStopLossOrder/stop/${orderId}`, alice, trail)).json().message,
    ).toBe('Success : Trailing stopped !');
    const cancel = await call('DELETE', `/order/${orderId}?orderType=stoploss`, alice);
    expect(cancel.json()).toMatchObject({ success: true, message: 'Stoploss order cancellation triggered!' });
  });

  it('bulk actions answer with the user-facing messages', async () => {
    const resting = { ...order, orderType: 'limit', triggerPrice: 50 };
    const a = (await call('POST', '/order', alice, resting)).json().data.orderId;
    const b = (await call('POST', '/order', alice, resting)).json().data.orderId;
    await settle();
    const modify = await call('POST', '/order/modifyMultipleOrders', alice, {
      orderIds: [a],
      internalOrderIds: [b],
      triggerPrice: 51,
    });
    expect(modify.json().message).toBe('Multiple order modification triggered');
    expect(
      (
        await call('POST', '/order/cancelMultipleOrders', alice, { orderIds: [], internalOrderIds: [] })
      ).json(),
    ).toMatchObject({
      success: false,
      message: 'orderIds: No orders to cancel',
    });
    expect((await call('POST', '/order/cancelMultipleOrders', bob, { orderIds: [a] })).statusCode).toBe(404);
    expect((await call('POST', '/order/cancelMultipleOrders', alice, { orderIds: [a] })).json().message).toBe(
      'Multiple order cancellation triggered!',
    );
    expect(
      (await call('POST', '/order/cancel', alice, { orderType: 'all', tradingSymbol: 'all' })).json().message,
    ).toBe('Cancel all orders triggered!');
    await settle();
    const cancelled = (await call('GET', '/portfolio/orders', alice))
      .json()
      .data.cancelledOrders.map((o: { orderId: string }) => o.orderId);
    expect(cancelled).toEqual(expect.arrayContaining([a, b]));
  });

  it('bulk actions list each order with its outcome and name the refused ones in the message', async () => {
    const resting = (
      await call('POST', '/order', alice, { ...order, orderType: 'limit', triggerPrice: 50 })
    ).json().data.orderId;
    const filled = (await call('POST', '/order', alice, order)).json().data.orderId;
    await settle();
    const modify = await call('POST', '/order/modifyMultipleOrders', alice, {
      orderIds: [resting, filled],
      triggerPrice: 52,
    });
    expect(modify.statusCode).toBe(200);
    expect(modify.json()).toMatchObject({
      message: `1 of 2 orders refused: ${filled} (The order is already complete)`,
      data: {
        results: [
          { orderId: resting, ok: true },
          { orderId: filled, ok: false, message: 'The order is already complete' },
        ],
      },
    });
    const cancel = await call('POST', '/order/cancelMultipleOrders', alice, { orderIds: [resting] });
    expect(cancel.json()).toMatchObject({
      message: 'Multiple order cancellation triggered!',
      data: { results: [{ orderId: resting, ok: true }] },
    });
  });

  it('exits positions; nothing to exit is a 400', async () => {
    const exitUrl = `/order/exit/${CALL.tradingsymbol}/NRML`;
    expect((await call('POST', exitUrl, bob, { quantity: 0, marketProtection: 0 })).json().message).toBe(
      'quantity: No position to exit!',
    );
    expect((await call('POST', exitUrl, bob, { quantity: 65, marketProtection: 0 })).json().message).toBe(
      'No position to exit!',
    );
    expect((await call('POST', exitUrl, bob, { quantity: 65, marketProtection: 0.5 })).statusCode).toBe(400);
    await call('POST', '/order', bob, {
      ...order,
      quantity: 130,
      orderCategory: 'cover',
      ocoOrderStoploss: 5,
    });
    await settle();
    expect((await call('POST', exitUrl, bob, { quantity: 65, marketProtection: 0.01 })).json().message).toBe(
      'Exit position triggered!',
    );
    expect((await call('POST', '/order/exitAllPositions', bob, { marketProtection: 0 })).json().message).toBe(
      'Exit all positions triggered!',
    );
    await settle();
    const bobId = (await call('GET', '/auth/getUserInfo', bob)).json().data.user.id as string;
    const positions = await broker.session(bobId).positions();
    expect(positions.map((p) => p.quantity)).toEqual([0]);
    const bobOrders = (await call('GET', '/portfolio/orders', bob)).json().data;
    const stop = bobOrders.cancelledOrders.find(
      (o: { orderCategory: string }) => o.orderCategory === 'cover-exit',
    );
    expect(stop).toMatchObject({ isInternal: true, orderType: 'stoploss' });
    expect(childIds.stoploss(stop.parentOrderId)).toBe(stop.orderId);
  });
});
