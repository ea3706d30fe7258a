import { afterEach, describe, expect, it } from 'vitest';
import type { OrdersHarness } from '../testing/harness';
import { addUser, harnessWithTrader, orderBody } from '../testing/orders-fixtures';

describe('the order lists', () => {
  let h: OrdersHarness;
  afterEach(async () => h?.close());

  it('reading them subscribes to nothing: a user who never traded here has no update listener after a read', async () => {
    ({ h } = await harnessWithTrader());
    const reader = addUser(h);
    const lists = await h.module.service.listOrders(reader);
    expect(lists.openOrders).toEqual([]);
    expect(h.broker.listenerCount(reader)).toBe(0);
  });

  it('a placed order is listed, and its broker updates are listened to once', async () => {
    let user: string;
    ({ h, user } = await harnessWithTrader());
    const { orderId } = await h.module.service.place(user, { body: orderBody(), iceberg: false });
    await h.settle();
    await h.module.service.listOrders(user);
    const lists = await h.module.service.listOrders(user);
    expect(lists.executedOrders.map((order) => order.orderId)).toEqual([orderId]);
    expect(h.broker.listenerCount(user)).toBe(1);
  });
});
