import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { perSecond } from '../../brokers/live-kit/pacer';
import { TEST_INSTRUMENTS } from '../testing/fake-instruments';
import type { OrdersHarness } from '../testing/harness';
import { createManualPacerTime, type ManualPacerTime } from '../testing/manual-pacer-time';
import { addUser, harnessWithTrader, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

// NIFTY: lot 65, freeze 1800, so 1,755 per slice and at most 20 slices (35,100) in one order.
const MOST = 20 * 1755;

/** Waits (real time, for the store's I/O) until `condition` holds or `ms` passed; no pacer time passes. */
async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  return condition();
}

describeEachStore('freeze slices per order', (storeKind) => {
  let h: OrdersHarness;
  let user: string;
  let time: ManualPacerTime;
  beforeEach(async () => {
    time = createManualPacerTime();
    // Two broker commands a second, so the slices of one order take ten pacing windows to go out.
    ({ h, user } = await harnessWithTrader({
      store: storeKind,
      pacerTime: time,
      broker: { capabilities: { rateLimits: perSecond(2) } },
    }));
  });
  afterEach(async () => {
    await drainPacer();
    await h.close();
  });

  const places = () => h.broker.commands.filter((c) => c.type === 'place').length;
  /** Every placement waiting for its slot has been withdrawn (what cancel-all and a reset do first). */
  const allWithdrawn = () => [...h.module.context.unsent.values()].every((unsent) => unsent.withdrawn);

  /** Moves pacer time a window at a time until `done`, letting the engine work in between; the time it took. */
  async function pacerTimeUntil(done: () => boolean): Promise<number> {
    let waited = 0;
    // A few windows tell "within one window" from "after every slice went out" (ten windows here).
    while (!done() && waited < 5000) {
      time.advance(1000);
      waited += 1000;
      await until(done, 1000);
    }
    return waited;
  }

  async function drainPacer() {
    for (let i = 0; i < 50 && time.sleeping > 0; i += 1) {
      time.advance(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('refuses one lot more than the most slices, naming the limit, and stores nothing', async () => {
    const body = orderBody({ quantity: MOST + 65 });
    await expect(h.module.service.place(user, { body, iceberg: false })).rejects.toMatchObject({
      code: 'bad_request',
      message:
        'quantity: Quantity 35165 is above the most one order may carry for NIFTY: 20 slices of 1,755 (35,100)',
    });
    expect((await ordersOf(h, user)).size).toBe(0);
    expect(places()).toBe(0);
  });

  it('places the main order but does not arm a follow-up above the most its own index allows, saying so', async () => {
    // 41 NIFTY lots (two slices, both within this pacing window) x 10 make 410 BANKNIFTY lots (12,300);
    // BANKNIFTY: 20 slices of 600 at most.
    const followUp = {
      internalToken: TEST_INSTRUMENTS.bankCall.internalToken,
      action: 'sell' as const,
      multiplier: 10,
    };
    const body = orderBody({ quantity: 41 * 65, metaData: { followUp } });
    const result = await h.module.service.place(user, { body, iceberg: false });
    expect(result.orderIds).toHaveLength(2);
    expect(result.warnings).toEqual([
      'Follow-up not armed: Quantity 12300 is above the most one order may carry for BANKNIFTY: ' +
        '20 slices of 600 (12,000)',
    ]);
    const orders = [...(await ordersOf(h, user)).values()];
    expect(orders.some((order) => order.role === 'follow-up')).toBe(false);
    expect(orders.every((order) => order.workflow.followUp === undefined)).toBe(true);
    await drainPacer();
  });

  it('cancel-all answers within one pacing window while slices go out and stops the unsent ones', {
    timeout: 20_000,
  }, async () => {
    // A resting limit buy far below the market: its slices stay open.
    const body = orderBody({ quantity: MOST, orderType: 'limit', triggerPrice: 0.05 });
    const placing = h.module.service.place(user, { body, iceberg: false });
    expect(await until(() => places() === 2 && time.sleeping > 0)).toBe(true);

    let answered = false;
    const cancelling = h.module.service
      .cancelAll(user, { orderType: 'all', tradingSymbol: 'all' })
      .then((count) => {
        answered = true;
        return count;
      });
    await until(allWithdrawn);
    expect(await pacerTimeUntil(() => answered)).toBeLessThanOrEqual(1000);
    expect(await cancelling).toBe(2);

    const result = await placing;
    expect(result.orderIds).toHaveLength(20);
    await drainPacer();
    await h.settle();
    expect(places()).toBe(2);
    const orders = await ordersOf(h, user);
    const slices = result.orderIds.map((id) => orders.get(id));
    expect(slices.every((slice) => slice && slice.state.status === 'cancelled')).toBe(true);
    expect(slices.filter((slice) => slice?.brokerOrderId === null)).toHaveLength(18);
    const group = orders.get(result.orderId);
    expect(group && isFinalStatus(group.state)).toBe(true);
    expect(group?.state.status).toBe('cancelled');
  });

  it('cancelling one slice still waiting for its slot answers at once, and that slice is never sent', {
    timeout: 20_000,
  }, async () => {
    const body = orderBody({ quantity: MOST, orderType: 'limit', triggerPrice: 0.05 });
    const placing = h.module.service.place(user, { body, iceberg: false });
    expect(await until(() => places() === 2 && time.sleeping > 0)).toBe(true);
    const tenth = [...h.module.context.unsent.keys()].find((id) => id.endsWith('-10'));
    expect(tenth).toBeDefined();

    let answered = false;
    const cancelling = h.module.service.cancel(user, tenth as string).then((message) => {
      answered = true;
      return message;
    });
    // No pacer time passes: the slice's turn is five windows away.
    expect(await until(() => answered)).toBe(true);
    expect(await cancelling).toBe('Limit order cancellation triggered!');
    const slice = await orderOf(h, user, tenth as string);
    expect(slice.state).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled before it was sent to the broker',
    });

    await drainPacer();
    await placing;
    await h.settle();
    expect(places()).toBe(19);
    expect(h.broker.commands.some((c) => c.type === 'place' && c.id === tenth)).toBe(false);
    const orders = await ordersOf(h, user);
    const open = [...orders.values()].filter((o) => o.kind === 'broker' && o.state.status === 'open');
    expect(open).toHaveLength(19);
  });

  it('cancelling the sliced order answers within one pacing window and sends no more of its slices', {
    timeout: 20_000,
  }, async () => {
    const body = orderBody({ quantity: MOST, orderType: 'limit', triggerPrice: 0.05 });
    const placing = h.module.service.place(user, { body, iceberg: false });
    expect(await until(() => places() === 2 && time.sleeping > 0)).toBe(true);
    const groupId = [...h.module.context.unsent.values()][0]?.order.groupId as string;

    let answered = false;
    const cancelling = h.module.service.cancel(user, groupId).then(() => {
      answered = true;
    });
    await until(allWithdrawn);
    expect(await pacerTimeUntil(() => answered)).toBeLessThanOrEqual(1000);
    await cancelling;
    await drainPacer();
    await placing;
    await h.settle();
    expect(places()).toBe(2);
    expect((await orderOf(h, user, groupId)).state.status).toBe('cancelled');
  });

  it("one user's funds reset does not wait for another user's slices to go out", {
    timeout: 20_000,
  }, async () => {
    const other = addUser(h);
    const body = orderBody({ quantity: MOST, orderType: 'limit', triggerPrice: 0.05 });
    // The other user's slices take ten pacing windows; no pacer time passes in this test.
    const placing = h.module.service.place(other, { body, iceberg: false });
    expect(await until(() => places() === 2 && time.sleeping > 0)).toBe(true);
    // Placed by the broker at once: the two users are paced apart.
    await h.module.service.place(user, { body: orderBody(), iceberg: false });
    let answered = false;
    const resetting = h.module.service.forgetBrokerOrders(user, h.broker.brokerId).then(() => {
      answered = true;
    });
    expect(await until(() => answered)).toBe(true);
    await resetting;
    expect((await ordersOf(h, user)).size).toBe(0);
    expect((await ordersOf(h, other)).size).toBe(21);
    await drainPacer();
    await placing;
    expect(places()).toBe(21);
  });

  it('a funds reset answers within one pacing window while slices go out and sends no more of them', {
    timeout: 20_000,
  }, async () => {
    const body = orderBody({ quantity: MOST, orderType: 'limit', triggerPrice: 0.05 });
    const placing = h.module.service.place(user, { body, iceberg: false });
    expect(await until(() => places() === 2 && time.sleeping > 0)).toBe(true);

    let answered = false;
    const resetting = h.module.service.forgetBrokerOrders(user, h.broker.brokerId).then(() => {
      answered = true;
    });
    await until(allWithdrawn);
    expect(await pacerTimeUntil(() => answered)).toBeLessThanOrEqual(1000);
    await resetting;
    await placing;
    expect(places()).toBe(2);
    expect((await ordersOf(h, user)).size).toBe(0);
  });
});
