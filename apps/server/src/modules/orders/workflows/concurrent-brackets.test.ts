import { isFinalStatus } from '@xtrader/core/orders/order-status';
import { positionKey } from '@xtrader/core/pnl/position-key';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../../test/helpers/auth';
import { FakeInstruments } from '../../../../test/helpers/fake-instruments';
import { FakeMarketData } from '../../../../test/helpers/fake-market-data';
import { paperInstruments } from '../../../../test/helpers/paper';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { describeEachStore } from '../../../../test/helpers/test-store';
import { orderInvariantViolations } from '../../../../test/probes/order-invariants';
import { loadProbeSettings } from '../../../config';
import { createAuthModule } from '../../auth/index';
import { type BrokersModule, createBrokersModule } from '../../brokers/index';
import { viewOfBroker } from '../../market/index';
import { createOrdersModule, type OrdersModule } from '../index';
import { childIds } from '../model/ids';

// Many users placing market brackets at the same moment in Practice Mode, over HTTP through the app as the
// composition root wires it. Every entry that fills must get exactly its two exit legs: an entry left without them
// is an open position with no protection.

const USERS = 4;
const BRACKETS_PER_USER = 5;
const ROUNDS = 3;
const ENTRY_PRICE = 120;
const TARGET_POINTS = 12;
const STOPLOSS_POINTS = 6;
// Entries buy at the ask, one tick above the last price (the quotes have no depth); the legs follow the fill.
const TARGET_PRICE = 132.05;
const STOP_TRIGGER = 114.05;
const LOT = 65;

const call = paperInstruments().niftyCe;
const put = paperInstruments().niftyPe;
/** Rounds of the mixed workload (brackets, covers, follow-ups, cancels); XT_CONCURRENCY_ROUNDS for longer runs. */
const MIXED_ROUNDS = loadProbeSettings().concurrencyRounds;

/** Fails with `what` instead of hanging the suite when work never finishes (a lost wake-up in the store). */
async function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describeEachStore('brackets placed by many Practice Mode users at once', (storeKind) => {
  let t: TestApp;
  let market: FakeMarketData;
  let brokers: BrokersModule;
  let orders: OrdersModule;
  const users: { id: string; headers: { authorization: string } }[] = [];
  const entriesOf = new Map<string, string[]>();
  const counts = { mixedRounds: 0, orders: 0 };

  const request = (
    headers: { authorization: string },
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });

  const settle = () => within(5000, settleFully(), 'the engine settling');
  async function settleFully() {
    for (let quiet = 0, round = 0; quiet < 3 && round < 2000; round += 1) {
      await brokers.paper.idle();
      await orders.service.idle();
      await new Promise((resolve) => setImmediate(resolve));
      quiet = orders.context.tracker.pending === 0 ? quiet + 1 : 0;
    }
  }

  const placeBracket = async (user: (typeof users)[number]) => {
    const response = await request(user.headers, 'POST', '/order', {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: LOT,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'market',
      orderCategory: 'oco',
      ocoOrderTarget: TARGET_POINTS,
      ocoOrderStoploss: STOPLOSS_POINTS,
    });
    expect(response.statusCode, response.body).toBe(200);
    entriesOf.get(user.id)?.push(response.json().data.orderId as string);
  };

  /** Positions are the sum of fills: the exchange's net quantity per symbol equals what our fills booked. */
  const expectPositionsEqualFills = async (userId: string) => {
    const booked = await orders.context.store.netFilledQuantities(userId);
    const positions = await brokers.paper.sessionFor(userId).positions();
    expect(positions.length).toBeGreaterThan(0);
    for (const position of positions) {
      expect(booked.get(positionKey(position)) ?? 0).toBe(position.quantity);
    }
  };

  beforeAll(async () => {
    t = await createTestApp({
      store: storeKind,
      // The exchange blocks short-option margin for the leg beyond the position: capital for 15 brackets a user.
      env: { XT_PAPER_CAPITAL: '100000000' },
      modules: (resources) => {
        market = new FakeMarketData(resources.clock.now);
        const instruments = new FakeInstruments([call, put]);
        const auth = createAuthModule(resources);
        brokers = createBrokersModule(resources, {
          requireUser: auth.requireUser,
          marketData: market,
          instruments,
        });
        orders = createOrdersModule({
          resources,
          registry: brokers.registry,
          marketData: market,
          instruments,
          requireUser: auth.requireUser,
          priceViewOf: viewOfBroker,
        });
        return [auth, brokers, orders];
      },
    });
    for (let n = 0; n < USERS; n += 1) {
      const headers = authHeader((await createTestUser(t.app)).token);
      const info = await request(headers, 'GET', '/auth/getUserInfo');
      const id = info.json().data.user.id as string;
      expect((await request(headers, 'POST', '/broker/papertrading/start')).statusCode).toBe(200);
      users.push({ id, headers });
      entriesOf.set(id, []);
    }
    market.push('practice', { [call.tradingsymbol]: ENTRY_PRICE, [put.tradingsymbol]: ENTRY_PRICE });
  });
  afterAll(async () => {
    await t.close();
    console.log(
      `[probe] concurrency (${storeKind}): ${counts.mixedRounds} mixed rounds, ${counts.orders} orders placed by ${USERS} users`,
    );
  });

  it('gives every filled entry exactly its stop-loss and target, books every fill, and leaves nothing unsettled', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const placing = users.flatMap((user) =>
        Array.from({ length: BRACKETS_PER_USER }, () => placeBracket(user)),
      );
      await within(5000, Promise.all(placing), `placing round ${round + 1}`);
      await settle();
    }

    for (const { id: userId } of users) {
      const entries = entriesOf.get(userId) ?? [];
      expect(entries).toHaveLength(ROUNDS * BRACKETS_PER_USER);
      const atExchange = await brokers.paper.sessionFor(userId).listOrders();
      for (const entryId of entries) {
        const family = await orders.context.store.listFamily(userId, entryId);
        const byId = new Map(family.map((order) => [order.id, order]));
        expect(byId.get(entryId)?.state).toMatchObject({ status: 'complete', filledQuantity: LOT });
        expect(family.map((order) => order.id).sort()).toEqual(
          [entryId, childIds.stoploss(entryId), childIds.target(entryId)].sort(),
        );
        expect(byId.get(childIds.target(entryId))?.state).toMatchObject({
          status: 'open',
          quantity: LOT,
          price: TARGET_PRICE,
        });
        expect(byId.get(childIds.stoploss(entryId))?.state).toMatchObject({
          status: 'trigger_pending',
          quantity: LOT,
          triggerPrice: STOP_TRIGGER,
        });
        for (const legId of [childIds.target(entryId), childIds.stoploss(entryId)]) {
          expect(atExchange.filter((snap) => snap.clientOrderId === legId)).toHaveLength(1);
        }
      }
      const everyOrder = await orders.context.store.listRecent(userId, 0);
      expect(everyOrder).toHaveLength(3 * entries.length);
      expect(everyOrder.every((order) => order.brokerOrderId !== null)).toBe(true);
      await expectPositionsEqualFills(userId);
    }

    // Every target fills at once: each stop-loss is cancelled (one-cancels-other) and every position is flat.
    market.push('practice', { [call.tradingsymbol]: ENTRY_PRICE + TARGET_POINTS + 1 });
    await settle();
    for (const { id: userId } of users) {
      const everyOrder = await orders.context.store.listRecent(userId, 0);
      expect(everyOrder.filter((order) => !isFinalStatus(order.state))).toEqual([]);
      for (const entryId of entriesOf.get(userId) ?? []) {
        const family = new Map(
          (await orders.context.store.listFamily(userId, entryId)).map((order) => [order.id, order]),
        );
        expect(family.get(childIds.target(entryId))?.state.status).toBe('complete');
        expect(family.get(childIds.stoploss(entryId))?.state.status).toBe('cancelled');
      }
      expect(
        (await brokers.paper.sessionFor(userId).positions()).every((position) => position.quantity === 0),
      ).toBe(true);
      await expectPositionsEqualFills(userId);
    }
    expect(brokers.paper.persistenceFailures).toBe(0);
  });

  it('keeps every family whole when brackets, covers, follow-ups and cancels race, round after round', async () => {
    const order = (user: (typeof users)[number], body: object) =>
      request(user.headers, 'POST', '/order', {
        exchange: 'NFO',
        internalToken: call.internalToken,
        quantity: LOT,
        transactionType: 'buy',
        product: 'MIS',
        orderType: 'market',
        ...body,
      });
    const placed = async (user: (typeof users)[number], body: object) => {
      const response = await order(user, body);
      expect(response.statusCode, response.body).toBe(200);
      counts.orders += 1;
      return response.json().data.orderId as string;
    };
    const bracket = {
      orderCategory: 'oco',
      ocoOrderTarget: TARGET_POINTS,
      ocoOrderStoploss: STOPLOSS_POINTS,
    };
    const cover = { orderCategory: 'cover', ocoOrderStoploss: STOPLOSS_POINTS };
    const restingBracket = { ...bracket, orderType: 'limit', triggerPrice: ENTRY_PRICE - 20 };
    const followUp = {
      metaData: { followUp: { internalToken: put.internalToken, action: 'buy', multiplier: 1 } },
    };
    const cancel = (user: (typeof users)[number], orderId: string) =>
      t.app.inject({ method: 'DELETE', url: `/v1/options-x/order/${orderId}`, headers: user.headers });
    const expectInvariants = async (when: string) => {
      for (const user of users) {
        expect(await orderInvariantViolations(user.id, orders, brokers), `${when}, user ${user.id}`).toEqual(
          [],
        );
      }
    };
    const at = (price: number) =>
      market.push('practice', { [call.tradingsymbol]: price, [put.tradingsymbol]: price });

    for (let round = 0; round < MIXED_ROUNDS; round += 1) {
      at(ENTRY_PRICE);
      await settle();
      const work = users.flatMap((user) => [
        placed(user, bracket),
        placed(user, bracket),
        placed(user, cover),
        placed(user, cover),
        placed(user, followUp),
        placed(user, { ...followUp, ...bracket }),
        // A resting bracket cancelled while everything else is in flight: it must never get legs.
        placed(user, restingBracket).then((orderId) => cancel(user, orderId)),
        placed(user, restingBracket),
      ]);
      await within(10_000, Promise.all(work), `mixed round ${round + 1}`);
      await settle();
      await expectInvariants(`after placing in round ${round + 1}`);

      // Targets fill (stop-losses cancelled), then the covers' stops trigger: families close while others place.
      at(ENTRY_PRICE + TARGET_POINTS + 1);
      await within(10_000, Promise.all(users.map((user) => placed(user, cover))), 'covers during the rally');
      await settle();
      await expectInvariants(`after the targets in round ${round + 1}`);
      at(ENTRY_PRICE - STOPLOSS_POINTS - 1);
      await settle();
      await expectInvariants(`after the stops in round ${round + 1}`);
      counts.mixedRounds += 1;
    }
    expect(brokers.paper.persistenceFailures).toBe(0);
  });
});
