import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, createTestUser } from '../../test/helpers/auth';
import {
  type ClusterInstance,
  type ClusterSpace,
  clusterServices,
  createClusterSpace,
  startClusterInstance,
} from '../../test/helpers/cluster-instance';
import { createFakeClock } from '../../test/helpers/fake-clock';
import { paperInstruments } from '../../test/helpers/paper';
import { childIds } from '../modules/orders/model/ids';

// Two instances of the server in this process, on one PostgreSQL schema and one Redis: what a user sees does not
// depend on the instance that answers, and when the instance running a user's engine dies, another takes the user
// over, resumes their resting work and acts on the next tick, while the dead one can no longer write.

const contracts = paperInstruments();
const call = contracts.niftyCe;
const clock = createFakeClock();

describe.skipIf(!clusterServices)('two instances on one database and one Redis', () => {
  let space: ClusterSpace;
  let a: ClusterInstance;
  let b: ClusterInstance;
  let headers: { authorization: string };
  let userId: string;

  const ask = (
    on: ClusterInstance,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => on.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });
  const place = async (on: ClusterInstance, order: object) => {
    const placed = await ask(on, 'POST', '/order', {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: 65,
      product: 'MIS',
      ...order,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data.orderId as string;
  };
  const orderLists = async (on: ClusterInstance) => (await ask(on, 'GET', '/portfolio/orders')).json().data;
  const statusOf = async (on: ClusterInstance, orderId: string) => {
    const lists = await orderLists(on);
    const all = [...lists.openOrders, ...lists.executedOrders, ...(lists.cancelledOrders ?? [])];
    return all.find((o: { orderId: string }) => o.orderId === orderId)?.status as string | undefined;
  };
  const netQuantity = async (on: ClusterInstance) => {
    const positions = (await ask(on, 'GET', '/portfolio/positions')).json().data.positions.netPosition;
    return positions.find((p: { tradingSymbol: string }) => p.tradingSymbol === call.tradingsymbol)?.quantity;
  };
  const tick = (price: number, ...on: ClusterInstance[]) => {
    for (const instance of on) instance.market.push('practice', { [call.tradingsymbol]: price });
  };

  beforeAll(async () => {
    space = createClusterSpace();
    const env = { XT_FORWARD_TIMEOUT_MS: '1000' };
    a = await startClusterInstance(space, 'inst-a', clock, contracts, env);
    b = await startClusterInstance(space, 'inst-b', clock, contracts, env);
    tick(120, a, b);
    // Signing up and in works on any instance (no engine involved).
    const { token } = await createTestUser(b.app);
    headers = authHeader(token);
    userId = (await ask(b, 'GET', '/auth/getUserInfo')).json().data.user.id;
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await space?.drop();
  });

  it('runs the user on the instance that served them first; the other answers through it', async () => {
    expect((await ask(a, 'POST', '/broker/papertrading/start')).statusCode).toBe(200);
    expect(a.resources.ownership.owns(userId)).toBe(true);
    expect(b.resources.ownership.owns(userId)).toBe(false);
    const bought = await place(a, { transactionType: 'buy', orderType: 'market' });
    await vi.waitFor(async () => expect(await statusOf(a, bought)).toBe('complete'), { timeout: 5000 });
    // B's answer comes from A's engine: the position, the order and the funds are the same.
    expect(await netQuantity(b)).toBe(65);
    expect(await statusOf(b, bought)).toBe('complete');
    const fundsA = (await ask(a, 'GET', '/portfolio/funds')).json();
    expect((await ask(b, 'GET', '/portfolio/funds')).json()).toEqual(fundsA);
    // What the hop over the bus costs: the same read answered by A itself, and through B.
    const timed = async (on: ClusterInstance) => {
      const started = performance.now();
      for (let i = 0; i < 20; i += 1) await ask(on, 'GET', '/portfolio/positions');
      return (performance.now() - started) / 20;
    };
    const [local, forwarded] = [await timed(a), await timed(b)];
    console.info(`positions read: ${local.toFixed(1)} ms on the owner, ${forwarded.toFixed(1)} ms forwarded`);
  });

  it('cancels through B an order placed through A', async () => {
    const resting = await place(a, { transactionType: 'buy', orderType: 'limit', triggerPrice: 90 });
    await vi.waitFor(async () => expect(await statusOf(a, resting)).toBe('open'), { timeout: 5000 });
    const cancelled = await ask(b, 'DELETE', `/order/${resting}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await vi.waitFor(async () => expect(await statusOf(b, resting)).toBe('cancelled'), { timeout: 5000 });
    expect(a.brokers.paper.restingOrderCount).toBe(0);
  });

  it('holds an Idempotency-Key across instances: the retry through B answers with the order placed through A', async () => {
    const payload = {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: 65,
      product: 'MIS',
      transactionType: 'buy',
      orderType: 'limit',
      triggerPrice: 80,
    };
    const withKey = (on: ClusterInstance) =>
      on.app.inject({
        method: 'POST',
        url: '/v1/options-x/order',
        headers: { ...headers, 'idempotency-key': 'cluster-key-1' },
        payload,
      });
    const first = (await withKey(a)).json().data.orderId;
    expect((await withKey(b)).json().data.orderId).toBe(first);
    expect((await ask(b, 'DELETE', `/order/${first}`)).statusCode).toBe(200);
  });

  it('after A dies, B owns the user within 5 s and acts on their resting stop-loss and bracket on the next tick', async () => {
    const stop = await place(a, { transactionType: 'sell', orderType: 'stoploss', triggerPrice: 110 });
    await vi.waitFor(async () => expect(await statusOf(a, stop)).toBe('trigger_pending'), { timeout: 5000 });
    // A bracket bought at 120: its target (132) and stop-loss (114) legs rest on A's exchange.
    const entry = await place(a, {
      transactionType: 'buy',
      orderType: 'market',
      quantity: 130,
      orderCategory: 'oco',
      ocoOrderTarget: 12,
      ocoOrderStoploss: 6,
    });
    // Both legs at the exchange (they are sent together; either answer may come first).
    await vi.waitFor(
      async () => {
        expect(await statusOf(a, childIds.stoploss(entry))).toBe('trigger_pending');
        expect(await statusOf(a, childIds.target(entry))).toBe('open');
      },
      { timeout: 5000 },
    );

    const killedAt = performance.now();
    await a.crash();
    // Until A's lease lapses, B still sends A the user's requests: unanswered, they end in a 503 to try again.
    const unanswered = await ask(b, 'GET', '/portfolio/positions');
    expect(unanswered.statusCode).toBe(503);
    expect(unanswered.json().message).toMatch(/did not answer in time/);
    expect(unanswered.headers['retry-after']).toBe('1');
    await vi.waitFor(() => expect(b.resources.ownership.owns(userId)).toBe(true), {
      timeout: 5000,
      interval: 50,
    });
    const takeoverMs = performance.now() - killedAt;
    console.info(`takeover after kill: ${Math.round(takeoverMs)} ms`);
    expect(takeoverMs).toBeLessThan(5000);
    // B reloaded the resting orders from the store and matches them.
    await vi.waitFor(() => expect(b.brokers.paper.restingOrderCount).toBe(3), { timeout: 5000 });

    clock.advance(1000);
    tick(105, b);
    await vi.waitFor(async () => expect(await statusOf(b, stop)).toBe('complete'), { timeout: 5000 });
    // The bracket's stop-loss filled; B's workflow cancelled its target (one cancels the other).
    await vi.waitFor(
      async () => {
        expect(await statusOf(b, childIds.stoploss(entry))).toBe('complete');
        expect(await statusOf(b, childIds.target(entry))).toBe('cancelled');
      },
      { timeout: 5000 },
    );
    expect(await netQuantity(b)).toBe(0);
    expect(b.brokers.paper.restingOrderCount).toBe(0);
  }, 20_000);

  it('refuses every write of the old owner: its engine acts on the same tick, and nothing of it is stored', async () => {
    const trades = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from paper_trades where user_id = ${userId}`.execute(
            b.resources.db,
          )
        ).rows[0]?.n,
      );
    const before = await trades();
    const failures = a.brokers.paper.persistenceFailures;
    // A still has the stops resting in memory (it never heard it lost the user) and sees a crossing tick.
    expect(a.brokers.paper.restingOrderCount).toBe(3);
    tick(104, a);
    await a.brokers.paper.idle();
    expect(a.brokers.paper.persistenceFailures).toBeGreaterThan(failures);
    expect(await trades()).toBe(before);
    await expect(
      a.resources.db.transaction().execute((trx) => a.resources.ownership.fence(trx, userId)),
    ).rejects.toMatchObject({ code: 'engine_moved' });
    await expect(
      b.resources.db.transaction().execute((trx) => b.resources.ownership.fence(trx, userId)),
    ).resolves.toBeUndefined();
    expect(await netQuantity(b)).toBe(0);
  });
});
