import { afterEach, expect, it } from 'vitest';
import type { PlaceOrderCommand } from '../../brokers/broker';
import { childIds } from '../model/ids';
import type { OrdersHarness } from '../testing/harness';
import { harnessWithTrader, orderBody, orderOf, placementsOf } from '../testing/orders-fixtures';

// A placement whose answer is lost after the broker took it, and whose lookup by tag cannot be read either: the
// outcome is unknown. It must not be booked as refused (the broker may hold it, and a refused stop-loss gets a
// protective held stop beside it); it stays pending until the broker's list can be read, is then adopted, and is
// never sent twice.

let h: OrdersHarness;
afterEach(() => h.close());

const isStopLoss = (cmd: PlaceOrderCommand) => cmd.orderType.startsWith('stoploss');

async function tradeWithLostAnswers(lost: (cmd: PlaceOrderCommand) => boolean) {
  let lookupsFail = true;
  const started = await harnessWithTrader({
    broker: {
      fail: (cmd) => (lost(cmd) ? 'throw-after-keeping' : undefined),
      failListOrders: () => lookupsFail,
    },
  });
  h = started.h;
  /** The network is back: answers arrive and the broker's list can be read. */
  const heal = () => {
    lookupsFail = false;
    h.broker.options = {};
  };
  return { user: started.user, heal };
}

it("a trader's stop-loss whose answer and lookup are lost stays pending, then is adopted once, never refused", async () => {
  const { user, heal } = await tradeWithLostAnswers(isStopLoss);
  const body = orderBody({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 });
  const { orderId } = await h.module.service.place(user, { body, iceberg: false });
  await h.settle();
  expect((await orderOf(h, user, orderId)).state.status).toBe('pending');
  heal();
  await h.restart();
  expect((await orderOf(h, user, orderId)).state).toMatchObject({
    status: 'trigger_pending',
    triggerPrice: 100,
  });
  expect(placementsOf(h, orderId)).toBe(1);
});

it("a bracket's stop-loss leg whose answer and lookup are lost is adopted once the broker can be read", async () => {
  const { user, heal } = await tradeWithLostAnswers(isStopLoss);
  const body = orderBody({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
  const { orderId } = await h.module.service.place(user, { body, iceberg: false });
  await h.settle();
  const stopId = childIds.stoploss(orderId);
  expect((await orderOf(h, user, stopId)).state.status).toBe('pending');
  heal();
  await h.restart();
  expect((await orderOf(h, user, stopId)).state).toMatchObject({
    status: 'trigger_pending',
    triggerPrice: 115,
  });
  expect(placementsOf(h, stopId)).toBe(1);
});
