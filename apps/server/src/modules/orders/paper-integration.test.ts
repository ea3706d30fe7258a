import type { PlaceOrderInput } from '@xtrader/core/api/orders';
import { positionKey } from '@xtrader/core/pnl/position-key';
import fc from 'fast-check';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPaperFixture, type PaperFixture } from '../../../test/helpers/paper';
import { describeEachStore } from '../../../test/helpers/test-store';
import { createMemoryBus } from '../../bus/memory-bus';
import { silentLogger } from '../../logger';
import { createOrdersModule, type OrdersModule } from './index';
import { childIds } from './model/ids';
import { orderBody } from './testing/orders-fixtures';

// The order manager on the real paper exchange (Practice Mode): the same code that trades real money.

describeEachStore('order manager on the paper exchange', (storeKind) => {
  let paper: PaperFixture;
  let orders: OrdersModule;
  let user: string;
  const build = () =>
    createOrdersModule({
      resources: {
        clock: paper.clock,
        logger: silentLogger(),
        bus: createMemoryBus(silentLogger()),
        db: paper.store.db,
        dialect: paper.store.dialect,
      },
      registry: { sessionFor: async (userId) => paper.exchange.sessionFor(userId) },
      marketData: paper.market,
      instruments: paper.instruments,
      requireUser: async () => {},
      priceViewOf: () => 'practice',
    });
  const settle = async () => {
    for (let quiet = 0, round = 0; quiet < 3 && round < 500; round += 1) {
      await paper.exchange.idle();
      await orders.service.idle();
      await new Promise((resolve) => setImmediate(resolve));
      quiet = orders.context.tracker.pending === 0 ? quiet + 1 : 0;
    }
  };
  const tick = async (price: number) => {
    paper.market.push('practice', { [paper.contracts.niftyCe.tradingsymbol]: price });
    await settle();
  };
  const place = async (overrides: Partial<PlaceOrderInput> = {}, iceberg = false) => {
    const body = orderBody({ internalToken: paper.contracts.niftyCe.internalToken, ...overrides });
    const { orderId } = await orders.service.place(user, { body, iceberg });
    await settle();
    return orderId;
  };
  const order = async (id: string) => {
    const found = await orders.context.store.findById(user, id);
    if (!found) throw new Error(`no order ${id}`);
    return found;
  };
  /** Positions are the sum of fills: the exchange's net quantities equal those booked from our fills. */
  const expectPositionsEqualFills = async () => {
    const booked = await orders.context.store.netFilledQuantities(user);
    for (const position of await paper.exchange.sessionFor(user).positions()) {
      expect(booked.get(positionKey(position)) ?? 0).toBe(position.quantity);
    }
  };

  beforeEach(async () => {
    paper = await createPaperFixture(storeKind);
    orders = build();
    await orders.start();
    user = await paper.addUser();
    await paper.exchange.ensureAccount(user);
    await tick(120);
  });
  afterEach(async () => {
    await orders.close();
    await paper.close();
  });

  it('fills a market order at the practice ask and books exactly the exchange position', async () => {
    const id = await place({ quantity: 130 });
    // The practice quote has no depth: the ask is one tick above the last price.
    expect((await order(id)).state).toMatchObject({
      status: 'complete',
      filledQuantity: 130,
      averagePrice: 120.05,
    });
    await expectPositionsEqualFills();
  });

  it('slices above the freeze limit so the exchange accepts every child', async () => {
    const id = await place({ quantity: 3900 });
    const parent = await order(id);
    expect(parent.kind).toBe('group');
    expect(parent.state).toMatchObject({ status: 'complete', filledQuantity: 3900 });
    expect((await paper.exchange.sessionFor(user).positions())[0]?.quantity).toBe(3900);
    await expectPositionsEqualFills();
  });

  it('runs an iceberg leg by leg on the exchange', async () => {
    const id = await place({ quantity: 650, orderType: 'limit', triggerPrice: 100, icebergLegs: 5 }, true);
    expect(paper.exchange.restingOrderCount).toBe(1);
    await tick(99);
    expect((await order(id)).state).toMatchObject({ status: 'complete', filledQuantity: 650 });
    await expectPositionsEqualFills();
  });

  it('hands broker trailing to the paper exchange and books its moves', async () => {
    const id = await place({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: 100 });
    await orders.service.startTrailing(user, id, { brokerTrailing: true, changeInPrice: 5, changeInSL: 1 });
    await settle();
    await tick(131);
    expect((await order(id)).state.triggerPrice).toBe(102);
  });

  it('a bracket never fills both legs and leaves positions equal to fills (random price paths)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 140 }), { minLength: 1, maxLength: 12 }),
        async (path) => {
          await tick(120);
          const entry = await place({ orderCategory: 'oco', ocoOrderTarget: 10, ocoOrderStoploss: 5 });
          for (const price of path) await tick(price);
          const legs = [await order(childIds.target(entry)), await order(childIds.stoploss(entry))];
          expect(legs.filter((leg) => leg.state.filledQuantity > 0).length).toBeLessThanOrEqual(1);
          await orders.service.exitAll(user, 0);
          await settle();
          expect((await paper.exchange.sessionFor(user).positions()).every((p) => p.quantity === 0)).toBe(
            true,
          );
          await expectPositionsEqualFills();
        },
      ),
      { numRuns: 8 },
    );
  });

  it('after a restart of both, a bracket entry filled meanwhile gets its exits once', async () => {
    const entry = await place({
      orderType: 'limit',
      triggerPrice: 110,
      orderCategory: 'oco',
      ocoOrderTarget: 10,
      ocoOrderStoploss: 5,
    });
    await orders.close();
    await tick(109);
    await paper.restart();
    for (let i = 0; i < 2; i += 1) {
      orders = build();
      await orders.start();
      await settle();
      await orders.close();
    }
    orders = build();
    await orders.start();
    await settle();
    expect((await order(entry)).state.status).toBe('complete');
    expect((await order(childIds.target(entry))).state.status).toBe('open');
    expect((await order(childIds.stoploss(entry))).state.status).toBe('trigger_pending');
    const snapshots = await paper.exchange.sessionFor(user).listOrders();
    expect(snapshots.filter((s) => s.clientOrderId === childIds.target(entry))).toHaveLength(1);
    expect(snapshots.filter((s) => s.clientOrderId === childIds.stoploss(entry))).toHaveLength(1);
  });
});
