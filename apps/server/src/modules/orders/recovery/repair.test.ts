import type { Notification } from '@xtrader/core/api/notifications';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { childIds } from '../model/ids';
import type { OrderStore } from '../model/store';
import type { OrdersHarness } from '../testing/harness';
import {
  CALL,
  expectBracketLegsOnce,
  harnessWithTrader,
  orderBody,
  orderOf,
  placementsOf,
} from '../testing/orders-fixtures';

// A store that stays down longer than the retries of one update or workflow step: the family goes on the repair
// list, and once the store is back its legs are placed without a restart, once, and the trader is told both times.

const bracket = () => orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
const STORE_DOWN_MS = 4000;

/** A store fault lasting STORE_DOWN_MS from its first refusal: longer than the retries of one step (about 2.6 s). */
function outage() {
  let since: number | undefined;
  let refused = 0;
  return {
    refuses(): boolean {
      since ??= Date.now();
      if (Date.now() - since >= STORE_DOWN_MS) return false;
      refused += 1;
      return true;
    },
    get refused() {
      return refused;
    },
  };
}

/** Polls until `check` passes (the repair loop works on real timers), failing with its last error. */
async function eventually(check: () => Promise<void>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describeEachStore('families repaired after the retries ran out', (storeKind) => {
  let h: OrdersHarness;
  let user: string;
  let store: OrderStore;
  const placements = (id: string) => placementsOf(h, id);
  const notices = () =>
    h.published
      .filter((p) => p.topic === 'notification')
      .map((p) => (p.message as { notification: Notification }).notification)
      .filter((n) => n.status === 'RETRYING' || n.status === 'PLACED');

  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader({ store: storeKind }));
    store = h.module.context.store;
  });
  afterEach(() => h.close());

  const expectLegsOnce = (entryId: string) => expectBracketLegsOnce(h, user, entryId);

  const expectToldTwice = () =>
    expect(notices()).toEqual([
      expect.objectContaining({
        notificationType: 'orders_repair',
        identifier: CALL.identifier,
        status: 'RETRYING',
        statusMessage: `Protective orders for ${CALL.identifier} could not be placed yet; retrying`,
      }),
      expect.objectContaining({
        notificationType: 'orders_repair',
        identifier: CALL.identifier,
        status: 'PLACED',
        statusMessage: `Protective orders for ${CALL.identifier} are placed`,
      }),
    ]);

  it('places the exit legs once when their store writes fail longer than the retries, without a restart', async () => {
    const fault = outage();
    const insertOrders = store.insertOrders;
    store.insertOrders = async (records) => {
      if (records.some((order) => order.role === 'stoploss') && fault.refuses()) {
        throw new Error('disk I/O error');
      }
      return insertOrders(records);
    };
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    // Every retry of the step is spent while the store is still down: the family waits on the repair list.
    await eventually(async () => expect(h.module.repairs.size).toBe(1));
    const refusedWhileDown = fault.refused;
    expect(refusedWhileDown).toBeGreaterThanOrEqual(5);
    expect(placements(childIds.stoploss(orderId))).toBe(0);
    expect(h.module.repairs.size).toBe(1);
    await eventually(() => expectLegsOnce(orderId));
    await h.settle();
    expect(fault.refused).toBe(refusedWhileDown);
    expect(h.module.repairs.size).toBe(0);
    await expectLegsOnce(orderId);
    expectToldTwice();
  });

  it("books an entry fill whose store writes fail longer than the retries from the broker's list, then places the legs once", async () => {
    const fault = outage();
    const saveOrder = store.saveOrder;
    store.saveOrder = async (order, fill) => {
      if (fill !== undefined && order.id === order.rootId && fault.refuses()) {
        throw new Error('No transaction is open on this connection');
      }
      return saveOrder(order, fill);
    };
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    // Every retry of the step is spent while the store is still down: the family waits on the repair list.
    await eventually(async () => expect(h.module.repairs.size).toBe(1));
    const refusedWhileDown = fault.refused;
    expect(refusedWhileDown).toBeGreaterThanOrEqual(5);
    expect((await orderOf(h, user, orderId)).state.filledQuantity).toBe(0);
    expect(h.module.repairs.size).toBe(1);
    await eventually(() => expectLegsOnce(orderId));
    await h.settle();
    expect(h.module.repairs.size).toBe(0);
    await expectLegsOnce(orderId);
    expectToldTwice();
  });

  it('a broker resync while a workflow step is placing the legs does not send them a second time', async () => {
    // Right after the legs were stored a resync starts, and every session lookup after its own is slow: a step
    // that looked its session up only now would leave the legs stored and unsent while the resync runs.
    let resync: Promise<void> | undefined;
    let slow = false;
    const registry = h.broker.registry;
    const sessionFor = registry.sessionFor;
    registry.sessionFor = async (userId) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 200));
      return sessionFor(userId);
    };
    const insertOrders = store.insertOrders;
    store.insertOrders = async (records) => {
      await insertOrders(records);
      if (!resync && records.some((order) => order.role === 'stoploss')) {
        resync = h.module.service.resync(user);
        slow = true;
      }
    };
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    await eventually(async () => expect(resync).toBeDefined());
    await resync;
    await h.settle();
    await expectLegsOnce(orderId);
  });

  it('adopts a leg the broker took whose booking failed longer than the retries, found by our tag, never sending it again', async () => {
    const fault = outage();
    const isStopLoss = (id: string) => id.endsWith('S') && id.length === 13;
    const { saveOrder, setBrokerOrderId } = store;
    store.saveOrder = async (order, fill) => {
      if (order.role === 'stoploss' && fault.refuses()) throw new Error('disk I/O error');
      return saveOrder(order, fill);
    };
    store.setBrokerOrderId = async (userId, id, brokerOrderId) => {
      if (isStopLoss(id) && fault.refuses()) throw new Error('disk I/O error');
      return setBrokerOrderId(userId, id, brokerOrderId);
    };
    const { orderId } = await h.module.service.place(user, { body: bracket(), iceberg: false });
    await h.settle();
    await eventually(async () => expect(h.module.repairs.size).toBeGreaterThan(0));
    const leg = childIds.stoploss(orderId);
    expect(await orderOf(h, user, leg)).toMatchObject({ brokerOrderId: null, state: { status: 'pending' } });
    await eventually(() => expectLegsOnce(orderId));
    // The update and the placement's answer were each enlisted; the second repair finds nothing left to do.
    await eventually(async () => expect(h.module.repairs.size).toBe(0));
    await h.settle();
    expect((await orderOf(h, user, leg)).brokerOrderId).not.toBeNull();
    await expectLegsOnce(orderId);
    expectToldTwice();
  });
});
