import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import type { PlaceOrderCommand } from '../../brokers/broker';
import { childIds } from '../model/ids';
import { TEST_INSTRUMENTS } from '../testing/fake-instruments';
import { createOrdersHarness, type OrdersHarness } from '../testing/harness';
import {
  addUser,
  CALL,
  expectBracketLegsOnce,
  orderBody,
  orderOf,
  ordersOf,
} from '../testing/orders-fixtures';

const BANK = TEST_INSTRUMENTS.bankCall;
/** A bracket/cover stop-loss leg: its root's 12-character id plus `S` (a root id itself may end in `S`). */
const isStopLossLeg = (cmd: PlaceOrderCommand) => /^XT[0-9A-Z]{10}S$/.test(cmd.clientOrderId);

async function waitFor(check: () => Promise<boolean> | boolean): Promise<void> {
  // By the clock, not a count of tries: on a loaded machine the work waited for is slow too.
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not reached');
}

describeEachStore('recovery after a restart', (storeKind) => {
  let h: OrdersHarness;
  let user: string;
  const placements = (id: string) =>
    h.broker.commands.filter((c) => c.type === 'place' && c.id === id).length;
  const bookedAtBroker = (id: string) =>
    [...h.broker.orders.values()].filter((o) => o.cmd.clientOrderId === id).length;

  /**
   * The broker leaves the matching placements unanswered and untaken (a call lost with the process). Answers the
   * ids it hung: a test crashes only once the placement it means to lose has really reached the broker, since the
   * abandoned engine goes on running and would otherwise send it after the crash lifted the failure.
   */
  const hangPlacements = (matches: (cmd: PlaceOrderCommand) => boolean) => {
    const hung = new Set<string>();
    h.broker.options = {
      fail: (cmd) => {
        if (!matches(cmd)) return undefined;
        hung.add(cmd.clientOrderId);
        return 'hang';
      },
    };
    return hung;
  };

  beforeEach(async () => {
    h = await createOrdersHarness({ store: storeKind });
    user = addUser(h);
    h.market.push(CALL.tradingsymbol, 120);
    h.market.push(BANK.tradingsymbol, 300);
  });
  afterEach(() => h.close());

  it('a bracket whose entry filled while the server was down gets its exit legs, exactly once', async () => {
    const body = orderBody({
      orderType: 'limit',
      triggerPrice: 110,
      orderCategory: 'oco',
      ocoOrderTarget: 10,
      ocoOrderStoploss: 5,
    });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    await h.restart(() => h.market.push(CALL.tradingsymbol, 109));
    const entry = await orderOf(h, user, orderId);
    expect(entry.state).toMatchObject({ status: 'complete', filledQuantity: 65, averagePrice: 109 });
    expect((await orderOf(h, user, childIds.target(orderId))).state).toMatchObject({
      price: 119,
      status: 'open',
    });
    expect((await orderOf(h, user, childIds.stoploss(orderId))).state.triggerPrice).toBe(104);
    await h.restart();
    await h.restart();
    expect(placements(childIds.target(orderId))).toBe(1);
    expect(placements(childIds.stoploss(orderId))).toBe(1);
  });

  it('a filled bracket entry stored without its exit legs (their writes kept failing) gets them on start, once', async () => {
    const store = h.module.context.store;
    let refused = 0;
    const insertOrders = store.insertOrders;
    store.insertOrders = async (records) => {
      if (!records.some((order) => order.role === 'stoploss')) return insertOrders(records);
      refused += 1;
      throw new Error('disk I/O error');
    };
    const body = orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    expect(refused).toBeGreaterThan(0);
    expect((await orderOf(h, user, orderId)).state).toMatchObject({ status: 'complete', filledQuantity: 65 });
    expect((await ordersOf(h, user)).size).toBe(1);
    await h.restart();
    await expectBracketLegsOnce(h, user, orderId);
    await h.restart();
    await expectBracketLegsOnce(h, user, orderId);
  });

  it('exit legs stored but not yet sent when the process died are sent after the restart, once', async () => {
    const hung = hangPlacements(isStopLossLeg);
    const body = orderBody({ orderCategory: 'cover', ocoOrderStoploss: 5 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    const stopId = childIds.stoploss(orderId);
    await waitFor(() => hung.has(stopId));
    await h.crash(() => {
      h.broker.options = {};
    });
    expect(bookedAtBroker(stopId)).toBe(1);
    expect((await orderOf(h, user, stopId)).state.status).toBe('trigger_pending');
  });

  it('an exit leg the broker took just before the crash is adopted, not sent again', async () => {
    h.broker.options = {
      fail: (cmd) => (isStopLossLeg(cmd) ? 'hang-after-keeping' : undefined),
    };
    const body = orderBody({ orderCategory: 'cover', ocoOrderStoploss: 5 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    const stopId = childIds.stoploss(orderId);
    await waitFor(() => bookedAtBroker(stopId) === 1);
    await h.crash(() => {
      h.broker.options = {};
    });
    expect(bookedAtBroker(stopId)).toBe(1);
    const stop = await orderOf(h, user, stopId);
    expect(stop.brokerOrderId).not.toBeNull();
    expect(stop.state.status).toBe('trigger_pending');
  });

  it('a user order the broker never confirmed is refused after the restart, never sent twice', async () => {
    const hung = hangPlacements(() => true);
    void h.module.service.place(user, { body: orderBody(), iceberg: false });
    await waitFor(() => hung.size === 1);
    await h.crash(() => {
      h.broker.options = {};
    });
    const [order] = [...(await ordersOf(h, user)).values()];
    expect(order?.state).toMatchObject({
      status: 'rejected',
      rejectedReason: expect.stringContaining('before a server restart'),
    });
    expect(h.broker.orders.size).toBe(0);
  });

  it('a follow-up waiting for its fill is placed once the fill missed while down is reconciled', async () => {
    const followUp = { internalToken: BANK.internalToken, action: 'buy' as const, multiplier: 1 };
    const body = orderBody({
      orderType: 'limit',
      triggerPrice: 110,
      tradeConfirmation: true,
      metaData: { followUp },
    });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    await h.restart(() => h.market.push(CALL.tradingsymbol, 108));
    expect((await orderOf(h, user, childIds.followUp(orderId))).state).toMatchObject({
      quantity: 30,
      status: 'complete',
    });
    await h.restart();
    expect(placements(childIds.followUp(orderId))).toBe(1);
  });

  it('an iceberg whose leg filled while down carries on with the next leg, once', async () => {
    const body = orderBody({ quantity: 195, orderType: 'limit', triggerPrice: 110, icebergLegs: 3 });
    const { orderId } = await h.module.service.place(user, { body, iceberg: true });
    await h.settle();
    await h.restart(() => h.market.push(CALL.tradingsymbol, 109));
    await h.restart();
    expect((await orderOf(h, user, orderId)).state).toMatchObject({
      status: 'complete',
      filledQuantity: 195,
    });
    expect([1, 2, 3].map((n) => placements(`${orderId}-${n}`))).toEqual([1, 1, 1]);
  });

  it('books a cancellation that happened at the broker while down', async () => {
    const { orderId } = await h.module.service.place(user, {
      body: orderBody({ orderType: 'limit', triggerPrice: 100 }),
      iceberg: false,
    });
    await h.settle();
    await h.restart(async () => {
      await h.broker.session(user).cancelOrder('B1');
    });
    expect((await orderOf(h, user, orderId)).state.status).toBe('cancelled');
  });

  it('catches up after a broker reconnect (resync) and forgets paper orders on a funds reset', async () => {
    const { orderId } = await h.module.service.place(user, {
      body: orderBody({ orderType: 'limit', triggerPrice: 110 }),
      iceberg: false,
    });
    await h.settle();
    h.module.context.sessions.close(); // the update stream dropped
    h.market.push(CALL.tradingsymbol, 109);
    await h.settle();
    expect((await orderOf(h, user, orderId)).state.status).toBe('open');
    await h.module.service.resync(user);
    await h.settle();
    expect((await orderOf(h, user, orderId)).state.status).toBe('complete');
    await h.module.service.forgetBrokerOrders(user, h.broker.brokerId);
    expect(await h.module.service.listOrders(user)).toEqual({
      openOrders: [],
      executedOrders: [],
      rejectedOrders: [],
      cancelledOrders: [],
    });
  });

  it('expires a working order of an earlier day the broker no longer lists, but leaves today’s alone', async () => {
    const { orderId } = await h.module.service.place(user, {
      body: orderBody({ orderType: 'limit', triggerPrice: 100 }),
      iceberg: false,
    });
    await h.settle();
    await h.restart(() => h.broker.orders.clear());
    expect((await orderOf(h, user, orderId)).state.status).toBe('open');
    await h.restart(() => h.clock.advance(24 * 3_600_000));
    expect((await orderOf(h, user, orderId)).state).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
    });
  });
});
