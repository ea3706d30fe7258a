import type { Order, OrdersResponse } from '@xtrader/core/api/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InstrumentRecord } from '../../src/modules/instruments/contract';
import { eventually } from '../fakes/kite';
import { authHeader, createTestUser } from '../helpers/auth';
import type { FakeClock } from '../helpers/fake-clock';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { allOrders } from './support/family-invariants';
import { faultProblems } from './support/fault-problems';
import { FaultProxy, orderCommand, orderRead } from './support/fault-proxy';
import { type AppCall, FAULT_TARGETS, type FaultTarget } from './support/fault-targets';

// Broker faults on every fake broker (Kite, IIFL and the seven plugin brokers), through a proxy that breaks the
// network the same way for each: answers lost after the broker took the order, connections dropped before it
// did, 429 storms, 502s, streams cut while an entry fills, updates replayed late, the session expiring mid-
// workflow. After each: no order twice at the broker (a lost answer is looked up by our tag, never resent
// blind), none there unknown to us, none of ours left pending, and each of ours in the broker's state.

const SETTLE_MS = 15_000;
/** The repair list tries after 5 s and then 10 s more. */
const REPAIR_SETTLE_MS = 25_000;

/** The wall clock, in the shape the test app takes (nothing here moves it by hand). */
function realClock(): FakeClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
    set: (epochMs) => {
      offset = epochMs - Date.now();
    },
  };
}
let scenarios = 0;
// A scenario waits for its faults to pass and then for the settle: more than the suite-wide 20 s on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

afterAll(() => {
  console.log(
    `[probe] broker faults: ${scenarios} fault scenarios passed over ${FAULT_TARGETS.length} brokers`,
  );
});

describe.each(FAULT_TARGETS)('$name under faults', ({ start }) => {
  let target: FaultTarget;
  let proxy: FaultProxy;
  let t: TestApp;
  let headers: { authorization: string };
  let contract: InstrumentRecord;

  const call: AppCall = async (method, url, payload) => {
    const response = await t.app.inject({
      method,
      url: `/v1/options-x${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    return { statusCode: response.statusCode, body: response.body, data: response.json().data };
  };
  const ourOrders = async (): Promise<Order[]> => {
    const answer = await call('GET', '/portfolio/orders');
    return allOrders(answer.data as OrdersResponse);
  };
  const settled = (within = SETTLE_MS) =>
    eventually(async () => expect(faultProblems(await ourOrders(), target.orders())).toEqual([]), within);
  const order = (extra: object) => ({
    exchange: contract.exchange,
    internalToken: contract.internalToken,
    quantity: contract.lot_size,
    product: 'MIS',
    ...extra,
  });
  const stopLoss = (trigger: number) =>
    order({ transactionType: 'sell', orderType: 'stoploss', triggerPrice: trigger });
  const bracket = () =>
    order({
      transactionType: 'buy',
      orderType: 'market',
      orderCategory: 'oco',
      ocoOrderStoploss: 10,
      ocoOrderTarget: 10,
    });
  const place = async (body: object) => {
    const answer = await call('POST', '/order', body);
    return answer.statusCode === 200 ? (answer.data as { orderId: string }).orderId : undefined;
  };
  const atBroker = (tag: string) => target.orders().filter((o) => o.tag === tag);
  /** Ids of one scenario: the orders stored by it (answered or not) are the ones after `before`. */
  const newIds = async (before: Set<string>) =>
    (await ourOrders()).map((o) => o.orderId).filter((id) => !before.has(id));
  const idsNow = async () => new Set((await ourOrders()).map((o) => o.orderId));
  const done = () => {
    scenarios += 1;
  };

  beforeAll(async () => {
    target = await start();
    proxy = await FaultProxy.start(target.fakeUrl);
    t = await createTestApp({
      // The fakes stamp their orders with the real time, and sessions expire by it: the app runs on it too.
      clock: realClock(),
      env: target.env(proxy.url),
      overrides: { liveBrokers: { pluginPollMs: 50 } },
    });
    headers = authHeader((await createTestUser(t.app)).token);
    expect(
      (await call('POST', '/zohoSubscriptions/createZohoSubscription', { plan_code: 'freeTrial' }))
        .statusCode,
    ).toBe(200);
    contract = (
      (await call('GET', '/instruments/fetchLatestOptionOfIndex?name=NIFTY')).data as {
        call: InstrumentRecord;
      }
    ).call;
    target.listContract(contract);
    await target.login(call);
    // Streams open after the login answered: a placement before then would miss its first update.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  });
  // A fault a scenario planned but did not use up never leaks into the next one.
  afterEach(() => proxy?.clearPlans());
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await target?.close();
  });

  it('a placement whose answer is lost after the broker took it is found by its tag, not sent again', async () => {
    proxy.plan('lose-answer');
    const before = await idsNow();
    await place(stopLoss(50));
    const [id] = await newIds(before);
    expect(id).toBeDefined();
    await settled();
    expect(atBroker(id as string)).toHaveLength(1);
    done();
  });

  it('a lost answer whose tag lookups fail too is left for reconciliation, never booked as refused', {
    timeout: 40_000,
  }, async () => {
    proxy.plan('lose-answer');
    proxy.plan('drop', orderRead, 2);
    const before = await idsNow();
    await place(stopLoss(51));
    const [id] = await newIds(before);
    // Where only a repair reads the book again (a stream broker), its first read (after 5 s) may be dropped too.
    await settled(REPAIR_SETTLE_MS);
    expect(atBroker(id as string)).toHaveLength(1);
    done();
  });

  it('a placement dropped before the broker heard of it is not at the broker and reads as refused', async () => {
    proxy.plan('drop');
    const before = await idsNow();
    await place(stopLoss(52));
    const [id] = await newIds(before);
    await settled();
    expect(atBroker(id as string).length).toBeLessThanOrEqual(1);
    done();
  });

  it('a 429 storm and 502s over parallel placements double nothing and leave nothing pending', async () => {
    proxy.plan('rate-limit', orderCommand, 4);
    proxy.plan('bad-gateway', orderCommand, 2);
    await Promise.all([53, 54, 55, 56].map((trigger) => place(stopLoss(trigger))));
    await settled();
    done();
  });

  it('a cancel whose answer is lost ends cancelled on both sides', async () => {
    const id = (await place(stopLoss(57))) as string;
    await settled();
    proxy.plan('lose-answer');
    await call('DELETE', `/order/${id}`);
    await settled();
    expect((await ourOrders()).find((o) => o.orderId === id)?.status).toBe('cancelled');
    done();
  });

  it('a modify whose answer is lost ends with the broker trigger and nothing pending', async () => {
    const id = (await place(stopLoss(58))) as string;
    await settled();
    proxy.plan('lose-answer');
    await call('PUT', `/order/${id}`, { triggerPrice: 48 });
    await settled();
    const ours = (await ourOrders()).find((o) => o.orderId === id);
    await eventually(async () => {
      const now = (await ourOrders()).find((o) => o.orderId === id);
      expect(now?.price).toBe(atBroker(id)[0]?.triggerPrice);
    }, SETTLE_MS);
    expect(ours).toBeDefined();
    done();
  });

  const entryAtBroker = async (id: string) => {
    await eventually(() => expect(atBroker(id)).toHaveLength(1), SETTLE_MS);
    await settled();
    return atBroker(id)[0]!.brokerOrderId;
  };
  /**
   * The filled entry is covered: its stop-loss leg works at the broker, or (the broker refused the legs, e.g. with
   * the session expired) the server holds the family's protective stop `<root>P`. Each leg reached the broker at
   * most once.
   */
  const familyCovered = async (id: string) => {
    await eventually(async () => {
      const ours = new Map((await ourOrders()).map((o) => [o.orderId, o]));
      expect(ours.get(id)?.status).toBe('complete');
      const stop = ours.get(`${id}S`)?.status;
      const held = ours.get(`${id}P`)?.status;
      expect(stop === 'trigger_pending' || held === 'trigger_pending', `stop ${stop}, held ${held}`).toBe(
        true,
      );
      expect(atBroker(`${id}T`).length).toBeLessThanOrEqual(1);
      expect(atBroker(`${id}S`).length).toBeLessThanOrEqual(1);
    }, SETTLE_MS);
    await settled();
  };

  it('streams cut while a bracket entry fills: the fill still arrives and the legs go out once', async () => {
    const id = (await place(bracket())) as string;
    const brokerId = await entryAtBroker(id);
    proxy.dropStreams();
    target.fill(brokerId, 100, contract.lot_size);
    await familyCovered(id);
    done();
  });

  it('late, repeated order-book answers after a fill move nothing back and double no leg', async () => {
    const id = (await place(bracket())) as string;
    const brokerId = await entryAtBroker(id);
    proxy.forgetAnswers();
    await new Promise((resolve) => setTimeout(resolve, 300));
    target.fill(brokerId, 100, contract.lot_size);
    // Where the fill's push is a doorbell for a book read (Dhan, Rupeezy), the stale answers are read again.
    proxy.plan('stale', orderRead, 5);
    await familyCovered(id);
    done();
  });

  it('the session expires mid-bracket: after the next login the family is whole and nothing is doubled', async () => {
    const id = (await place(bracket())) as string;
    const brokerId = await entryAtBroker(id);
    target.expireSessions();
    target.fill(brokerId, 100, contract.lot_size);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await target.login(call);
    await familyCovered(id);
    done();
  });
});
