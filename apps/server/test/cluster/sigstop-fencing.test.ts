import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTestServices } from '../../src/config';
import { type ClusterRun, logLines, startCluster } from './cluster-run';

// An owner frozen past its lease (SIGSTOP, as a long GC pause or a frozen VM would) while the other instance takes
// its user over, then resumed (SIGCONT): the write it attempts on waking is refused by the fencing epoch, the
// store keeps only the new owner's outcome, and the old owner gives the user up.
//
// Which comes first on waking, the stale write or the renewal that tells the instance it lost the lease, is a race.
// The test makes the worst case certain: it holds a row lock on the paused instance's presence lease, so that
// instance's renewal round (presence first, then its user leases) cannot finish until the test lets it, and the
// stale write meets nothing but the fence.
const services = loadTestServices();
const runs = services.databaseUrl && services.redisUrl ? describe : describe.skip;

const A = 2; // the owner that is paused (node-1, started first, leads the price stream)
const B = 1; // the instance that takes the user over
const TTL_MS = 3000;

interface Api {
  call(method: string, url: string, body?: unknown): Promise<{ status: number; body: { data?: unknown } }>;
}

function apiOf(base: string, token?: string): Api {
  return {
    async call(method, url, body) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: token } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as { data?: unknown } };
    },
  };
}

runs('an owner paused past its lease (SIGSTOP, then SIGCONT)', () => {
  let cluster: ClusterRun | undefined;
  let paused: number | undefined;
  let db: pg.Client | undefined;
  let lock: pg.Client | undefined;

  afterAll(async () => {
    // A stopped process ignores SIGTERM until continued, and its drain waits for the locked renewal.
    if (paused !== undefined) process.kill(paused, 'SIGCONT');
    await lock?.query('rollback').catch(() => undefined);
    await lock?.end();
    await db?.end();
    await cluster?.stop();
  }, 60_000);

  it('has its late write refused by the fencing epoch, leaving only the new owner’s fill', async () => {
    cluster = await startCluster(services.databaseUrl as string, services.redisUrl as string, 2, {
      NODE_ENV: 'test', // JSON log lines
      LOG_LEVEL: 'warn',
      XT_DEV_TOOLS: '1', // POST /dev/market/price, pinned per instance
      XT_LEASE_TTL_MS: String(TTL_MS),
      XT_REBALANCE_USERS: '0', // the user stays where the takeover puts them
    });
    const run = cluster;
    db = new pg.Client({ connectionString: run.databaseUrl });
    await db.connect();
    const reader = db;
    const rows = async (query: string, values: unknown[]) => (await reader.query(query, values)).rows;

    const login = await apiOf(run.api(A)).call('POST', '/auth/login', {
      username: 'demo@x-trader.local',
      passcode: 'demo1234',
    });
    expect(login.status).toBe(200);
    const token = (login.body.data as { accessToken: string }).accessToken;
    const onA = apiOf(run.api(A), token);
    const onB = apiOf(run.api(B), token);

    // The user's first engine request goes straight to A: A takes the user's lease.
    expect((await onA.call('POST', '/broker/papertrading/start')).status).toBe(200);
    const [lease] = await rows(`select name, holder, epoch from leases where name like 'user:%'`, []);
    expect(lease?.holder).toBe(`node-${A}`);
    const userId = String(lease.name).slice('user:'.length);
    const firstEpoch = Number(lease.epoch);

    // A resting order on A: a buy limit far below the market.
    const latest = await onA.call('GET', '/instruments/fetchLatestOptionOfIndex?name=NIFTY&segment=indices');
    const call = (
      latest.body.data as { call: { internalToken: string; tradingsymbol: string; lot_size: number } }
    ).call;
    const placed = await onA.call('POST', '/order', {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: call.lot_size,
      product: 'MIS',
      transactionType: 'buy',
      orderType: 'limit',
      triggerPrice: 1,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const paperOrder = async () =>
      (await rows('select id, status, filled_quantity from paper_orders where user_id = $1', [userId]))[0];
    await expect.poll(async () => (await paperOrder())?.status, { timeout: 10_000 }).toBe('open');

    // Hold A's renewal round back (see above), then freeze A.
    lock = new pg.Client({ connectionString: run.databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query(`select 1 from leases where name = $1 for update`, [`instance:node-${A}`]);
    paused = run.pid(A);
    process.kill(paused, 'SIGSTOP');

    // Past the lease time B's sweep takes the user with a higher epoch and loads the resting order.
    const userLease = async () =>
      (await rows('select holder, epoch from leases where name = $1', [`user:${userId}`]))[0];
    await expect
      .poll(async () => (await userLease())?.holder, { timeout: 5 * TTL_MS, interval: 100 })
      .toBe(`node-${B}`);
    const newEpoch = Number((await userLease())?.epoch);
    expect(newEpoch).toBeGreaterThan(firstEpoch);

    // B fills the order: its price is pinned below the limit (B matches it once it has loaded the order).
    expect(
      (await onB.call('POST', '/dev/market/price', { symbol: call.tradingsymbol, price: 0.5 })).status,
    ).toBe(200);
    await expect.poll(async () => (await paperOrder())?.status, { timeout: 15_000 }).toBe('complete');
    const stored = async () => ({
      orders: await rows('select * from paper_orders where user_id = $1 order by id', [userId]),
      trades: await rows('select * from paper_trades where user_id = $1 order by seq', [userId]),
      positions: await rows('select * from paper_positions where user_id = $1', [userId]),
    });
    const afterB = await stored();
    expect(afterB.trades).toHaveLength(1);

    // A still has the order open in memory. A price reaching it while A sleeps is queued in A's socket; on SIGCONT
    // A matches the order and tries to write the fill under its old epoch.
    const stale = onA.call('POST', '/dev/market/price', { symbol: call.tradingsymbol, price: 0.6 });
    process.kill(paused, 'SIGCONT');
    paused = undefined;
    expect((await stale).status).toBe(200);

    // The paper exchange's write queue reports the refused change once its transaction is over.
    const refusedChanges = () => logLines(run.output(), A, 'paper change refused');
    await expect.poll(() => refusedChanges().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(refusedChanges()[0]).toMatchObject({ userIds: [userId] });
    // The fence names the epoch A wrote under and the newer one stored.
    expect(logLines(run.output(), A, 'engine write refused')[0]).toMatchObject({
      userId,
      epoch: firstEpoch,
      storedEpoch: newEpoch,
      holder: `node-${B}`,
    });
    // Nothing of A's write landed: one fill, B's.
    expect(await stored()).toEqual(afterB);

    // Let A's renewal run: it finds the lease taken and stops the user's engine on A.
    await lock.query('commit');
    await expect
      .poll(() => logLines(run.output(), A, 'engine lease lost').map((line) => [line.userId, line.why]), {
        timeout: 10_000,
      })
      .toContainEqual([userId, 'taken by another instance']);
    // A no longer acts for the user: its requests for them are forwarded to B, the owner.
    const viaA = await onA.call('GET', '/portfolio/orders');
    expect(viaA.status).toBe(200);
    const finalLease = await userLease();
    expect([finalLease?.holder, Number(finalLease?.epoch)]).toEqual([`node-${B}`, newEpoch]);
    expect(await stored()).toEqual(afterB);
  }, 120_000);
});
