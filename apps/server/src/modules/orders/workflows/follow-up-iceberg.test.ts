import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childIds } from '../model/ids';
import { TEST_INSTRUMENTS } from '../testing/fake-instruments';
import { createOrdersHarness, type OrdersHarness } from '../testing/harness';
import { addUser, CALL, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

const PUT = TEST_INSTRUMENTS.niftyPut;
const BANK = TEST_INSTRUMENTS.bankCall;

describe('follow-up trades', () => {
  let h: OrdersHarness;
  let user: string;
  beforeEach(async () => {
    h = await createOrdersHarness();
    user = addUser(h);
    h.market.push(CALL.tradingsymbol, 120);
    h.market.push(PUT.tradingsymbol, 80);
    h.market.push(BANK.tradingsymbol, 300);
  });
  afterEach(() => h.close());

  const withFollowUp = (
    overrides = {},
    followUp: object = { internalToken: BANK.internalToken, action: 'sell', multiplier: 1.5 },
  ) => orderBody({ quantity: 130, metaData: { followUp }, ...overrides });

  it('places the follow-up at once, scaled by its multiplier in its own lots', async () => {
    const { orderId } = await h.module.service.place(user, { body: withFollowUp(), iceberg: false });
    await h.settle();
    const followUp = await orderOf(h, user, childIds.followUp(orderId));
    // 2 NIFTY lots x 1.5 = 3 BANKNIFTY lots of 30.
    expect(followUp).toMatchObject({
      category: 'follow-up',
      side: 'sell',
      isInternal: true,
      parentOrderId: orderId,
    });
    expect(followUp.state).toMatchObject({ quantity: 90, status: 'complete' });
  });

  it('with wait-for-fill, places the follow-up only after the main order fills, scaled to the fill', async () => {
    const body = withFollowUp({ orderType: 'limit', triggerPrice: 110, tradeConfirmation: true });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    expect((await ordersOf(h, user)).has(childIds.followUp(orderId))).toBe(false);
    expect((await orderOf(h, user, orderId)).workflow.followUp?.state).toBe('waiting');
    h.market.push(CALL.tradingsymbol, 109);
    await h.settle();
    expect((await orderOf(h, user, childIds.followUp(orderId))).state).toMatchObject({
      quantity: 90,
      status: 'complete',
    });
    expect((await orderOf(h, user, orderId)).workflow.followUp?.state).toBe('placed');
  });

  it('places the follow-up the web builds: named by trading symbol, without an internalToken', async () => {
    // What the Follow-Up Trades row knows of its instrument (buildOrder in the web's order panel).
    const fromWeb = {
      key: 'buyCall',
      index: 'BANKNIFTY',
      tradingSymbol: BANK.tradingsymbol,
      identifier: BANK.identifier,
      expiry: BANK.expiry,
      transactionType: 'buy',
      quantity: 60,
      multiplier: 1,
    };
    const result = await h.module.service.place(user, { body: withFollowUp({}, fromWeb), iceberg: false });
    await h.settle();
    expect(result.warnings).toBeUndefined();
    const followUp = await orderOf(h, user, childIds.followUp(result.orderId));
    expect(followUp).toMatchObject({ internalToken: BANK.internalToken, side: 'buy' });
    expect(followUp.state).toMatchObject({ quantity: 60, status: 'complete' });
  });

  it.each([
    ['an unknown instrument', { tradingSymbol: 'BANKNIFTY99JAN1CE', action: 'buy' }, 'BANKNIFTY99JAN1CE'],
    [
      'an expired instrument',
      { internalToken: TEST_INSTRUMENTS.expiredCall.internalToken, action: 'buy' },
      TEST_INSTRUMENTS.expiredCall.tradingsymbol,
    ],
    ['no instrument at all', { action: 'buy' }, 'no instrument'],
  ])(
    'places the main order when the follow-up names %s, and says which follow-up was not armed',
    async (_n, followUp, named) => {
      const result = await h.module.service.place(user, { body: withFollowUp({}, followUp), iceberg: false });
      await h.settle();
      expect((await orderOf(h, user, result.orderId)).state.status).toBe('complete');
      expect((await ordersOf(h, user)).has(childIds.followUp(result.orderId))).toBe(false);
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings?.[0]).toMatch(/^Follow-up not armed: /);
      expect(result.warnings?.[0]).toContain(named);
    },
  );

  it('drops a waiting follow-up when the main order ends without a fill', async () => {
    const body = withFollowUp({ orderType: 'limit', triggerPrice: 110, tradeConfirmation: true });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    await h.module.service.cancel(user, orderId);
    await h.settle();
    expect((await ordersOf(h, user)).has(childIds.followUp(orderId))).toBe(false);
    expect((await orderOf(h, user, orderId)).workflow.followUp?.state).toBe('skipped');
  });
});

describe('iceberg orders', () => {
  let h: OrdersHarness;
  let user: string;
  beforeEach(async () => {
    h = await createOrdersHarness();
    user = addUser(h);
    h.market.push(CALL.tradingsymbol, 120);
  });
  afterEach(() => h.close());

  const workingAtBroker = () => [...h.broker.orders.values()].filter((o) => o.snap.status === 'open').length;

  it('sends legs one after another, each after the previous one fills', async () => {
    const body = orderBody({ quantity: 650, orderType: 'limit', triggerPrice: 100, icebergLegs: 3 });
    const { orderId, orderIds } = await h.module.service.place(user, { body, iceberg: true });
    await h.settle();
    expect(orderIds).toEqual([`${orderId}-1`]);
    expect(workingAtBroker()).toBe(1);
    h.market.push(CALL.tradingsymbol, 99);
    await h.settle();
    const orders = await ordersOf(h, user);
    const legs = [1, 2, 3].map((n) => orders.get(`${orderId}-${n}`));
    expect(legs.map((leg) => leg?.state.quantity)).toEqual([260, 195, 195]);
    expect(legs.every((leg) => leg?.state.status === 'complete' && leg.role === 'iceberg-leg')).toBe(true);
    expect(orders.get(orderId)?.state).toMatchObject({ status: 'complete', filledQuantity: 650 });
    const placed = h.broker.commands.filter((c) => c.type === 'place').map((c) => c.id);
    expect(placed).toEqual([`${orderId}-1`, `${orderId}-2`, `${orderId}-3`]);
  });

  it('by default uses as few legs as keep each within the freeze limit', async () => {
    const { orderId } = await h.module.service.place(user, {
      body: orderBody({ quantity: 3900 }),
      iceberg: true,
    });
    await h.settle();
    const orders = await ordersOf(h, user);
    expect([1, 2, 3].map((n) => orders.get(`${orderId}-${n}`)?.state.quantity)).toEqual([1300, 1300, 1300]);
    expect(orders.get(orderId)?.state.status).toBe('complete');
  });

  it('refuses more than 50 legs and legs above the freeze limit', async () => {
    const tooBig = orderBody({ quantity: 1755 * 51 });
    await expect(h.module.service.place(user, { body: tooBig, iceberg: true })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'quantity: An iceberg order can have at most 50 legs',
    });
    const fat = orderBody({ quantity: 3900, icebergLegs: 2 });
    await expect(h.module.service.place(user, { body: fat, iceberg: true })).rejects.toMatchObject({
      message: 'icebergLegs: Each leg must be at most the freeze quantity (1755); use more legs',
    });
  });

  it('stops sending legs once the iceberg is cancelled', async () => {
    const body = orderBody({ quantity: 650, orderType: 'limit', triggerPrice: 100, icebergLegs: 5 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: true });
    await h.settle();
    expect(await h.module.service.cancel(user, orderId)).toBe('Limit order cancellation triggered!');
    await h.settle();
    h.market.push(CALL.tradingsymbol, 90);
    await h.settle();
    const orders = await ordersOf(h, user);
    expect(orders.get(orderId)?.state.status).toBe('cancelled');
    expect(orders.has(`${orderId}-2`)).toBe(false);
  });
});
