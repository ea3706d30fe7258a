import { positionKey } from '@xtrader/core/pnl/position-key';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { DomainError } from '../../../domain-error';
import { TEST_INSTRUMENTS } from '../testing/fake-instruments';
import { createOrdersHarness, type OrdersHarness } from '../testing/harness';
import { addUser, CALL, harnessWithTrader, orderBody, orderOf, ordersOf } from '../testing/orders-fixtures';

describeEachStore('order placement', (storeKind) => {
  let h: OrdersHarness;
  let user: string;
  beforeEach(async () => {
    ({ h, user } = await harnessWithTrader({ store: storeKind }));
  });
  afterEach(() => h.close());

  it('places a market order, books the fill once and notifies', async () => {
    const result = await h.module.service.place(user, { body: orderBody(), iceberg: false });
    await h.settle();
    expect(result.orderIds).toEqual([result.orderId]);
    const order = await orderOf(h, user, result.orderId);
    expect(order.state).toMatchObject({ status: 'complete', filledQuantity: 65, averagePrice: 120 });
    expect(order.brokerOrderId).toBe('B1');
    const notes = h.published.filter((p) => p.topic === 'notification').map((p) => p.message);
    expect(notes).toEqual([
      expect.objectContaining({
        userId: user,
        notification: expect.objectContaining({
          notificationType: 'order_executed',
          quantity: 65,
          status: 'COMPLETE',
        }),
      }),
    ]);
    expect(h.published.some((p) => p.topic === 'order.updated')).toBe(true);
    expect(await h.module.context.store.netFilledQuantities(user)).toEqual(
      new Map([[positionKey({ tradingSymbol: CALL.tradingsymbol, product: 'normal' }), 65]]),
    );
  });

  it('slices a quantity above the freeze limit into whole-lot children under one parent', async () => {
    // NIFTY: lot 65, freeze 1800, so at most 1755 per order.
    const result = await h.module.service.place(user, {
      body: orderBody({ quantity: 65 * 60 }),
      iceberg: false,
    });
    await h.settle();
    const orders = await ordersOf(h, user);
    const parent = orders.get(result.orderId);
    expect(parent?.kind).toBe('group');
    expect(result.orderIds.map((id) => orders.get(id)?.state.quantity)).toEqual([1755, 1755, 390]);
    expect(result.orderIds.every((id) => orders.get(id)?.groupId === result.orderId)).toBe(true);
    expect(h.broker.commands.filter((c) => c.type === 'place')).toHaveLength(3);
    expect(parent?.state).toMatchObject({ status: 'complete', filledQuantity: 3900 });
    const executed = h.published.filter((p) => p.topic === 'notification');
    expect(executed).toHaveLength(1);
  });

  it('returns the first order for a retried idempotency key, never a second', async () => {
    const first = await h.module.service.place(user, {
      body: orderBody(),
      iceberg: false,
      idempotencyKey: 'k-1',
    });
    const again = await h.module.service.place(user, {
      body: orderBody(),
      iceberg: false,
      idempotencyKey: 'k-1',
    });
    const concurrent = await Promise.all([
      h.module.service.place(user, { body: orderBody(), iceberg: false, idempotencyKey: 'k-2' }),
      h.module.service.place(user, { body: orderBody(), iceberg: false, idempotencyKey: 'k-2' }),
    ]);
    await h.settle();
    expect(again).toEqual(first);
    expect(concurrent[0]).toEqual(concurrent[1]);
    expect(h.broker.commands.filter((c) => c.type === 'place')).toHaveLength(2);
  });

  it('answers a broker refusal with a 400 carrying the reason and books the rejection', async () => {
    await h.close();
    ({ h, user } = await harnessWithTrader({
      store: storeKind,
      broker: { refuse: () => 'Insufficient funds' },
    }));
    await expect(h.module.service.place(user, { body: orderBody(), iceberg: false })).rejects.toMatchObject({
      code: 'order_rejected',
      message: 'Insufficient funds',
    });
    await h.settle();
    const [order] = [...(await ordersOf(h, user)).values()];
    expect(order?.state).toMatchObject({ status: 'rejected', rejectedReason: 'Insufficient funds' });
    const failed = h.published.find((p) => p.topic === 'notification')?.message;
    expect(failed).toMatchObject({
      notification: { notificationType: 'order_failed', statusMessage: 'Insufficient funds' },
    });
  });

  it('runs placement guards before anything is placed', async () => {
    await h.close();
    h = await createOrdersHarness({
      store: storeKind,
      placementGuards: [
        async () => {
          throw new DomainError('subscription_required', 'Subscribe to trade');
        },
      ],
    });
    user = addUser(h);
    await expect(h.module.service.place(user, { body: orderBody(), iceberg: false })).rejects.toMatchObject({
      code: 'subscription_required',
    });
    expect(h.broker.commands).toHaveLength(0);
  });
});

describe('order placement validation', () => {
  let h: OrdersHarness;
  let user: string;
  beforeEach(async () => {
    h = await createOrdersHarness();
    user = addUser(h);
  });
  afterEach(() => h.close());

  const refusals: [string, Parameters<typeof orderBody>[0], string][] = [
    ['an unknown instrument', { internalToken: '42' }, 'internalToken: Unknown instrument'],
    ['the wrong exchange', { exchange: 'BFO' }, 'exchange: The instrument trades on NFO'],
    [
      'an expired contract',
      { internalToken: TEST_INSTRUMENTS.expiredCall.internalToken },
      'internalToken: The instrument has expired',
    ],
    [
      'a quantity off the lot',
      { quantity: 100 },
      'quantity: Quantity should be a multiple of the lot size (65)',
    ],
    [
      'an exit-leg category',
      { orderCategory: 'oco-exit' },
      'orderCategory: Only single, oco (bracket) and cover orders can be placed',
    ],
    [
      'trailing on a market order',
      { trailingEnabled: true, changeInPrice: 5, changeInSL: 1 },
      'trailingEnabled: Trailing is available only on single stop-loss orders',
    ],
  ];
  it.each(refusals)('refuses %s with a 400 naming the field', async (_name, overrides, message) => {
    await expect(
      h.module.service.place(user, { body: orderBody(overrides), iceberg: false }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message,
    });
    expect(h.broker.commands).toHaveLength(0);
  });

  it('refuses a malformed follow-up with a 400 naming the field', async () => {
    // As the service receives it when the route's schema was bypassed (the core schema refuses it first).
    const body = {
      ...orderBody(),
      metaData: { followUp: { internalToken: CALL.internalToken } },
    } as unknown as ReturnType<typeof orderBody>;
    await expect(h.module.service.place(user, { body, iceberg: false })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'metaData.followUp: transactionType: transactionType is required',
    });
    expect(h.broker.commands).toHaveLength(0);
  });

  it('refuses a user without a broker', async () => {
    await expect(
      h.module.service.place('nobody', { body: orderBody(), iceberg: false }),
    ).rejects.toMatchObject({
      code: 'no_broker',
      message: expect.stringContaining('No active broker'),
    });
  });

  it('takes broker trailing where the broker cannot trail natively: the server trails by modification', async () => {
    await h.close();
    h = await createOrdersHarness({ broker: { capabilities: { nativeTrailing: false } } });
    user = addUser(h);
    const body = orderBody({
      orderType: 'stoploss',
      triggerPrice: 100,
      trailingEnabled: true,
      changeInPrice: 5,
      changeInSL: 1,
    });
    const { orderId } = await h.module.service.place(user, { body, iceberg: false });
    expect((await orderOf(h, user, orderId)).trailing).toMatchObject({
      active: true,
      handler: 'broker',
      byModify: true,
    });
  });
});
