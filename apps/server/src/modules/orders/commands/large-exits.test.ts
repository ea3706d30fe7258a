import { afterEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { perSecond } from '../../brokers/live-kit/pacer';
import { orderIdFor } from '../model/ids';
import type { OrdersHarness } from '../testing/harness';
import { createManualPacerTime, type ManualPacerTime } from '../testing/manual-pacer-time';
import { CALL, harnessWithTrader, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

// NIFTY: lot 65, freeze 1800, so an exit goes out in slices of 1,755.
const SLICE = 1755;

/** Waits (real time, for the store's I/O) until `condition` holds or `ms` passed; no pacer time passes. */
async function until(condition: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  return condition();
}

/**
 * A long position built at the broker directly (as many capped orders would build it over a day): one fake
 * order the engine never stored, filled at once at the market price.
 */
async function holdAtBroker(h: OrdersHarness, user: string, quantity: number): Promise<void> {
  const ack = await h.broker.session(user).placeOrder({
    clientOrderId: 'BUILT-ELSEWHERE',
    tradingSymbol: CALL.tradingsymbol,
    internalToken: CALL.internalToken,
    exchange: 'NFO',
    side: 'buy',
    quantity,
    product: 'normal',
    orderType: 'market',
  });
  expect(ack.ok).toBe(true);
}

const netOf = async (h: OrdersHarness, user: string) =>
  (await h.broker.session(user).positions()).find((p) => p.tradingSymbol === CALL.tradingsymbol)?.quantity ??
  0;

describeEachStore('large exits', (storeKind) => {
  let h: OrdersHarness | undefined;
  let time: ManualPacerTime | undefined;
  afterEach(async () => {
    for (let i = 0; time && i < 100 && time.sleeping > 0; i += 1) {
      time.advance(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await h?.close();
    h = undefined;
    time = undefined;
  });

  it('squares off a position of 1,700 freeze slices: every slice is stored and sent, the position is flat', {
    timeout: 120_000,
  }, async () => {
    // 1,701 rows of 40 columns: above SQLite's 32,766 and PostgreSQL's 65,535 bound parameters in one statement.
    const slices = 1700;
    let user: string;
    ({ h, user } = await harnessWithTrader({ store: storeKind }));
    await holdAtBroker(h, user, slices * SLICE);
    await h.settle();
    const orderId = orderIdFor(user, 'big-1');
    const exit = { orderId, tradingSymbol: CALL.tradingsymbol, productType: 'normal' as const };
    const acks = await h.module.service.squareOff(user, [{ ...exit, marketProtection: 0 }]);
    expect([...acks.values()]).toEqual([{ ok: true }]);
    await h.settle();
    expect(await netOf(h, user)).toBe(0);
    const group = await orderOf(h, user, orderId);
    expect(group).toMatchObject({ kind: 'group', role: 'exit' });
    expect(group.state).toMatchObject({ status: 'complete', quantity: slices * SLICE });
    const parts = [...(await ordersOf(h, user)).values()].filter((order) => order.groupId === orderId);
    expect(parts).toHaveLength(slices);
    // Answered from the stored orders when re-sent (the kill switch after a restart): nothing placed again.
    const places = h.broker.commands.filter((c) => c.type === 'place').length;
    expect([
      ...(await h.module.service.squareOff(user, [{ ...exit, marketProtection: 0 }])).values(),
    ]).toEqual([{ ok: true }]);
    expect(h.broker.commands.filter((c) => c.type === 'place')).toHaveLength(places);
    const states = await h.module.service.orderStates(
      user,
      parts.map((part) => part.id),
    );
    expect([...states.values()].filter((state) => state.status === 'complete')).toHaveLength(slices);
  });

  it('reads orders by more ids than one statement may bind', async () => {
    let user: string;
    ({ h, user } = await harnessWithTrader({ store: storeKind }));
    const placed = await h.module.service.place(user, { body: orderBody(), iceberg: false });
    await h.settle();
    // Above PostgreSQL's 65,535 bound parameters (and SQLite's 32,766).
    const unknown = Array.from({ length: 70_000 }, (_, i) => `XTNONE${i}`);
    const found = await h.module.context.store.findByIds(user, [...unknown, placed.orderId]);
    expect([...found.keys()]).toEqual([placed.orderId]);
  });

  it('cancel-all during a long exit answers within one pacing window and the exit goes on', {
    timeout: 60_000,
  }, async () => {
    time = createManualPacerTime();
    let user: string;
    // Two broker commands a second: an exit of 40 slices takes 20 pacing windows to go out.
    ({ h, user } = await harnessWithTrader({
      store: storeKind,
      pacerTime: time,
      broker: { capabilities: { rateLimits: perSecond(2) } },
    }));
    const pacer = time;
    const harness = h;
    const resting = await h.module.service.place(user, {
      body: orderBody({ orderType: 'limit', triggerPrice: 0.05 }),
      iceberg: false,
    });
    await holdAtBroker(h, user, 40 * SLICE);
    expect(await until(() => harness.broker.idle && pacer.sleeping === 0)).toBe(true);
    pacer.advance(1000);

    const exiting = h.module.service.exitPosition(user, CALL.tradingsymbol, 'normal', {
      quantity: 40 * SLICE,
      marketProtection: 0,
    });
    const places = () => harness.broker.commands.filter((c) => c.type === 'place').length;
    expect(await until(() => places() === 4 && pacer.sleeping > 0)).toBe(true);

    let answered = false;
    const cancelling = h.module.service
      .cancelAll(user, { orderType: 'limit', tradingSymbol: 'all' })
      .then((count) => {
        answered = true;
        return count;
      });
    // The cancel is marked before it waits for its pacing slot.
    const marked = async () =>
      (await orderOf(harness, user, resting.orderId)).state.status === 'cancel_pending';
    for (let i = 0; i < 500 && !(await marked()); i += 1) await until(() => false, 10);
    let waited = 0;
    while (!answered && waited < 5000) {
      pacer.advance(1000);
      waited += 1000;
      await until(() => answered, 1000);
    }
    expect(waited).toBeLessThanOrEqual(1000);
    expect(await cancelling).toBe(1);

    for (let i = 0; i < 40 && pacer.sleeping > 0; i += 1) {
      pacer.advance(1000);
      await until(() => false, 10);
    }
    await exiting;
    await h.settle();
    expect((await orderOf(h, user, resting.orderId)).state.status).toBe('cancelled');
    expect(await netOf(h, user)).toBe(0);
  });
});
