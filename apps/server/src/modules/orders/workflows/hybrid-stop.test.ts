import { afterEach, describe, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../../brokers/broker';
import { childIds } from '../model/ids';
import type { OrdersHarness } from '../testing/harness';
import { CALL, harnessWithTrader, orderBody, orderOf, placementsOf } from '../testing/orders-fixtures';

// Hybrid stop: a Local stop held in the server with a disaster stop-loss resting at the broker, wider by the
// chosen points. Only one of them ever closes the position.

const hybridStop = (overrides = {}) =>
  orderBody({
    transactionType: 'sell',
    orderType: 'stoploss',
    triggerPrice: 100,
    trailingEnabled: true,
    brokerTrailing: false,
    changeInPrice: 1,
    changeInSL: 1,
    hybridStopPoints: 10,
    ...overrides,
  });

async function waitFor(check: () => boolean): Promise<void> {
  // By the clock, not a count of tries: on a loaded machine the work waited for is slow too.
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not reached');
}

describe('hybrid stop', () => {
  let h: OrdersHarness;
  let user: string;
  const tick = async (price: number) => {
    h.market.push(CALL.tradingsymbol, price);
    await h.settle();
  };
  const places = () =>
    h.broker.commands.filter((c) => c.type === 'place').map((c) => c.cmd as PlaceOrderCommand);
  const place = async () => {
    const { orderId } = await h.module.service.place(user, { body: hybridStop(), iceberg: false });
    await h.settle();
    return { local: orderId, disaster: childIds.disaster(orderId) };
  };
  /** What the broker filled for the call: sells negative; a flipped position would show below -65. */
  const soldAtBroker = () =>
    [...h.broker.orders.values()]
      .filter((o) => o.userId === user && o.cmd.tradingSymbol === CALL.tradingsymbol)
      .reduce((sum, o) => sum + (o.cmd.side === 'sell' ? o.snap.filledQuantity : -o.snap.filledQuantity), 0);

  const bookedAtBroker = (id: string) =>
    [...h.broker.orders.values()].filter((o) => o.cmd.clientOrderId === id).length;

  afterEach(() => h.close());

  it('rests a wider disaster stop at the broker; the local stop firing cancels it before its exit goes out', async () => {
    ({ h, user } = await harnessWithTrader());
    const { local, disaster } = await place();
    expect(places()).toEqual([
      expect.objectContaining({
        clientOrderId: disaster,
        orderType: 'stoploss_market',
        side: 'sell',
        triggerPrice: 90,
        quantity: 65,
      }),
    ]);
    expect((await orderOf(h, user, local)).state.status).toBe('trigger_pending');
    // The order tables show the disaster stop as the Local stop's backer, not as a second stop on the position.
    const open = (await h.module.service.listOrders(user)).openOrders;
    expect(open.find((o) => o.orderId === disaster)).toMatchObject({ disasterStopOf: local, quantity: 65 });
    expect(open.find((o) => o.orderId === local)).toMatchObject({ disasterStopOf: null });
    await tick(125);
    expect((await orderOf(h, user, local)).state.triggerPrice).toBe(105);
    await tick(105);
    const disasterAtBroker = [...h.broker.orders.values()].find((o) => o.cmd.clientOrderId === disaster);
    const after = h.broker.commands.map((c) => `${c.type}:${c.id}`);
    expect(after).toEqual([
      `place:${disaster}`,
      `cancel:${disasterAtBroker?.snap.brokerOrderId}`,
      `place:${local}`,
    ]);
    expect((await orderOf(h, user, disaster)).state.status).toBe('cancelled');
    expect((await orderOf(h, user, local)).state).toMatchObject({ status: 'complete', filledQuantity: 65 });
    expect(soldAtBroker()).toBe(65);
  });

  it('the broker stop filling first ends the local stop: nothing exits twice', async () => {
    ({ h, user } = await harnessWithTrader());
    const { local, disaster } = await place();
    // The trader moved the local stop below the disaster stop: the broker's stop fires alone.
    await h.module.service.modify(user, local, { triggerPrice: 80 });
    await tick(89);
    expect((await orderOf(h, user, disaster)).state).toMatchObject({
      status: 'complete',
      filledQuantity: 65,
    });
    expect((await orderOf(h, user, local)).state.status).toBe('cancelled');
    await tick(70);
    expect(placementsOf(h, local)).toBe(0);
    expect(soldAtBroker()).toBe(65);
  });

  it('a gap through both stops closes the position once', async () => {
    ({ h, user } = await harnessWithTrader());
    const { local, disaster } = await place();
    await tick(85);
    await tick(84);
    expect((await orderOf(h, user, disaster)).state).toMatchObject({
      status: 'complete',
      filledQuantity: 65,
    });
    expect((await orderOf(h, user, local)).state).toMatchObject({
      status: 'cancelled',
      cancelReason: "Closed by the broker's disaster stop",
    });
    expect(placementsOf(h, local)).toBe(0);
    expect(soldAtBroker()).toBe(65);
  });

  it('cancelling the local stop cancels the disaster stop', async () => {
    ({ h, user } = await harnessWithTrader());
    const { local, disaster } = await place();
    await h.module.service.cancel(user, local);
    await h.settle();
    expect((await orderOf(h, user, disaster)).state.status).toBe('cancelled');
  });

  it('after a restart the disaster stop is at the broker exactly once and the local stop still trails and fires', async () => {
    ({ h, user } = await harnessWithTrader());
    // The first send of the disaster stop never reaches the broker (the process dies waiting for it).
    const hung = new Set<string>();
    h.broker.options = {
      fail: (cmd) => {
        // A child id (root id + one letter), not a root id that happens to end in D.
        if (cmd.clientOrderId.length !== 13 || !cmd.clientOrderId.endsWith('D')) return undefined;
        hung.add(cmd.clientOrderId);
        return 'hang';
      },
    };
    const { orderId: local } = await h.module.service.place(user, { body: hybridStop(), iceberg: false });
    const disaster = childIds.disaster(local);
    await waitFor(() => hung.has(disaster));
    expect(bookedAtBroker(disaster)).toBe(0);
    await h.crash(() => {
      h.broker.options = {};
    });
    expect(bookedAtBroker(disaster)).toBe(1);
    await h.restart();
    expect(bookedAtBroker(disaster)).toBe(1);
    expect((await orderOf(h, user, disaster)).state.status).toBe('trigger_pending');
    expect((await orderOf(h, user, local)).state.status).toBe('trigger_pending');
    await tick(125);
    expect((await orderOf(h, user, local)).state.triggerPrice).toBe(105);
    await tick(104);
    expect((await orderOf(h, user, disaster)).state.status).toBe('cancelled');
    expect((await orderOf(h, user, local)).state.status).toBe('complete');
    expect(soldAtBroker()).toBe(65);
  });

  it("a bracket's Local stop leg gets its disaster stop; a gap through both closes the position once and ends the target", async () => {
    ({ h, user } = await harnessWithTrader());
    const body = orderBody({
      orderCategory: 'oco',
      ocoOrderTarget: 10,
      ocoOrderStoploss: 5,
      trailingEnabled: true,
      brokerTrailing: false,
      changeInPrice: 1,
      changeInSL: 1,
      hybridStopPoints: 10,
    });
    const { orderId: entry } = await h.module.service.place(user, { body, iceberg: false });
    await h.settle();
    const stop = childIds.stoploss(entry);
    const disaster = childIds.disaster(stop);
    const target = childIds.target(entry);
    expect((await orderOf(h, user, stop)).state).toMatchObject({
      status: 'trigger_pending',
      triggerPrice: 115,
    });
    expect((await orderOf(h, user, disaster)).state).toMatchObject({
      status: 'trigger_pending',
      triggerPrice: 105,
    });
    await tick(100);
    await tick(99);
    expect((await orderOf(h, user, disaster)).state.filledQuantity).toBe(65);
    expect((await orderOf(h, user, stop)).state.status).toBe('cancelled');
    expect((await orderOf(h, user, target)).state.status).toBe('cancelled');
    await tick(140);
    expect(placementsOf(h, stop)).toBe(0);
    expect(soldAtBroker()).toBe(0);
  });

  it('refuses a disaster stop without Local trailing', () => {
    expect(() => hybridStop({ brokerTrailing: true })).toThrow(/disaster stop/);
  });
});
