import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ok } from '@xtrader/core/api/envelope';
import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { sql } from 'kysely';
import { createMemoryBus } from '../../apps/server/src/bus/memory-bus';
import { createRedisBus } from '../../apps/server/src/bus/redis-bus';
import { systemClock } from '../../apps/server/src/clock';
import { openLeaseStore } from '../../apps/server/src/cluster/open-lease-store';
import { openOwnership } from '../../apps/server/src/cluster/open-ownership';
import { createSoloOwnership } from '../../apps/server/src/cluster/ownership';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/http/app';
import { silentLogger } from '../../apps/server/src/logger';
import { createAuditModule } from '../../apps/server/src/modules/audit/index';
import { createAuthModule } from '../../apps/server/src/modules/auth/index';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { createBrokerLinks } from '../../apps/server/src/modules/brokers/links/broker-links';
import { PaperExchange } from '../../apps/server/src/modules/brokers/paper/exchange';
import { AdapterRegistry } from '../../apps/server/src/modules/brokers/registry';
import { createJournalModule } from '../../apps/server/src/modules/journal/index';
import { viewOfBroker } from '../../apps/server/src/modules/market/index';
import { singleSource } from '../../apps/server/src/modules/market/sourced-prices';
import type { AppModule } from '../../apps/server/src/modules/module';
import { createOrdersModule } from '../../apps/server/src/modules/orders/index';
import { createDisciplineModule } from '../../apps/server/src/modules/risk/discipline/index';
import { createEntitlementGuard, entitlementSources } from '../../apps/server/src/modules/risk/entitlement';
import { busOrderActivity, registryPositions } from '../../apps/server/src/modules/risk/index';
import { wireUserEngines } from '../../apps/server/src/modules/user-engines';
import type { Resources } from '../../apps/server/src/resources';
import { deriveKey } from '../../apps/server/src/secrets';
import { openStore } from '../../apps/server/src/store/open-store';
import { BENCH_INSTRUMENT, benchInstruments, steadyMarket } from './bench-market';

// The server half of the benchmark, in its own process: the real app (auth, order manager, paper exchange) on a
// temp SQLite store, plus a bare POST route. Prints one JSON line {port, tokens, internalToken} when ready.

const USERS = Number(process.argv[2] ?? 50);
const PASSWORD = 'bench-password';

// Cluster mode (index.ts with BENCH_INSTANCES=2): this process is one instance of several on one PostgreSQL schema
// and one Redis prefix, with leases, ownership and forwarding as in production. The first instance creates the
// users; the others find them.
const cluster = process.env.BENCH_CLUSTER_DB
  ? {
      databaseUrl: process.env.BENCH_CLUSTER_DB,
      redisUrl: process.env.BENCH_CLUSTER_REDIS ?? 'redis://127.0.0.1:6379',
      schema: process.env.BENCH_CLUSTER_SCHEMA ?? 'xt_bench',
      instanceId: process.env.BENCH_CLUSTER_INSTANCE ?? 'bench-a',
      first: process.env.BENCH_CLUSTER_FIRST === '1',
    }
  : undefined;

// How late the server's event loop ran a 1 ms timer: a stall of the whole process (the OS giving the core to something
// else, a GC pause) shows here whatever the request was, so it tells machine noise from code. The histogram holds
// the time between the timer's runs, so the 1 ms it waits on purpose is taken off.
const LOOP_RESOLUTION_MS = 1;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
const lateMs = (nanos: number) => Math.max(0, nanos / 1e6 - LOOP_RESOLUTION_MS);

const bareModule: AppModule = {
  name: 'bench-bare',
  registerRoutes(app) {
    app.post('/bench/bare', async () => ok({}));
    // CPU the server process used so far (µs): lets the client report CPU per order, which the load of a shared
    // machine distorts far less than wall-clock latency. Also the event loop's lateness since the last call.
    app.get('/bench/stats', async () => {
      const { user, system } = process.cpuUsage();
      const loopLateMs = { p99: lateMs(loopDelay.percentile(99)), max: lateMs(loopDelay.max) };
      loopDelay.reset();
      return ok({ micros: user + system, loopLateMs });
    });
  },
};

async function createUsers(
  resources: Resources,
  paper: PaperExchange,
): Promise<{ id: string; email: string }[]> {
  if (cluster && !cluster.first) {
    // Another instance created them (and their paper accounts) in the shared store.
    return resources.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'like', 'bench%@example.com')
      .orderBy('email')
      .execute() as Promise<{ id: string; email: string }[]>;
  }
  const passwordHash = await hashPassword(PASSWORD);
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: randomUUID(),
    email: `bench${i}@example.com`,
    phone: `70000${String(i).padStart(5, '0')}`,
  }));
  for (const user of users) {
    const now = Date.now();
    await resources.db
      .insertInto('users')
      .values({
        ...user,
        name: 'Bench',
        passwordHash,
        referralCode: user.id.slice(0, 10),
        referredBy: null,
        activeBroker: 'PAPERTRADE',
        clientId: null,
        settings: '{}',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await paper.ensureAccount(user.id);
  }
  return users;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    XT_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(cluster ? { XT_INSTANCE_ID: cluster.instanceId } : {}),
  });
  const store = cluster
    ? await openStore({ databaseUrl: cluster.databaseUrl, dataDir, pgSchema: cluster.schema })
    : await openStore({ databaseUrl: undefined, dataDir });
  if (process.env.BENCH_SYNC)
    await sql.raw(`pragma synchronous = ${process.env.BENCH_SYNC}`).execute(store.db);
  const logger = silentLogger();
  const bus = cluster
    ? await createRedisBus({ url: cluster.redisUrl, channelPrefix: `${cluster.schema}:` }, logger)
    : createMemoryBus(logger);
  const leases = openLeaseStore(store.dialect, store.db, systemClock);
  const ownership = cluster
    ? await openOwnership({ ...config, ...store, bus, leases, logger })
    : createSoloOwnership(config.instanceId);
  const resources: Resources = {
    config,
    logger,
    clock: systemClock,
    db: store.db,
    dialect: store.dialect,
    bus,
    leases,
    ownership,
    // One key for every instance of a cluster run: a token signed by one is accepted by the others.
    masterKey: deriveKey(cluster ? new Uint8Array(32).fill(3) : randomBytes(32), 'bench'),
  };
  const marketData = steadyMarket(120);
  const paper = new PaperExchange({
    db: store.db,
    clock: systemClock,
    logger,
    marketData,
    instruments: benchInstruments,
    settings: { capital: 1e12, squareOffTime: () => ({ hour: 15, minute: 20 }), followsMarketHours: false },
    ...(ownership.clustered ? { owns: ownership.owns, fence: ownership.fence } : {}),
  });
  await paper.start();
  const auth = createAuthModule(resources);
  // As the composition root: the registry resolves a session from the user's active broker (one read per order).
  const links = createBrokerLinks(store.db, systemClock);
  const registry = new AdapterRegistry({ activeBrokerOf: (userId) => links.activeBrokerOf(userId) });
  registry.register(PRACTICE_BROKER_ID, (userId) => paper.sessionFor(userId));
  // As the composition root: every order action goes to the audit trail (BENCH_NO_AUDIT=1 measures without it).
  const audit = process.env.BENCH_NO_AUDIT
    ? undefined
    : createAuditModule(resources, { requireUser: auth.requireUser });
  // As the composition root: the discipline rules guard and count every order (all off, as by default; each
  // user's rules read once, then kept until they save settings). BENCH_NO_DISCIPLINE=1 measures without them.
  const discipline = process.env.BENCH_NO_DISCIPLINE
    ? undefined
    : createDisciplineModule(resources, {
        requireUser: auth.requireUser,
        settingsOf: (userId) => auth.account.disciplineOf(userId),
        onSettingsSaved: (handler) =>
          resources.bus.subscribe('settings.saved', ({ userId }) => handler(userId)),
        positions: registryPositions(registry),
        pricesOf: async () => ({ source: 'sim', view: 'practice' }),
        prices: singleSource(marketData),
        activity: busOrderActivity(resources.bus),
      });
  // As the composition root: each order (sent with a key press time, as the web app sends it) leaves a journal line.
  // BENCH_NO_JOURNAL=1 measures without it.
  const journal = process.env.BENCH_NO_JOURNAL
    ? undefined
    : createJournalModule(resources, {
        requireUser: auth.requireUser,
        instruments: benchInstruments,
        brokeragePerOrder: 20,
      });
  const orders = createOrdersModule({
    resources,
    registry,
    marketData,
    instruments: benchInstruments,
    requireUser: auth.requireUser,
    // As the composition root does it: orders at the Practice Mode broker trade on the delayed view.
    priceViewOf: viewOfBroker,
    // As the composition root: Practice Mode orders pass the entitlement check on the session's broker alone.
    placementGuards: [
      createEntitlementGuard(
        entitlementSources({
          getStatus: () => Promise.reject(new Error('Practice Mode needs no subscription')),
        }),
      ),
      ...(discipline ? [discipline.guard] : []),
    ],
    ...(discipline ? { placementListeners: [discipline.placed] } : {}),
    ...(audit ? { audit: audit.orderHooks } : {}),
    ...(journal ? { placementTimings: journal.placementTimings, fillTimes: journal.fillTimes } : {}),
  });
  // Clustered, each user's engine (paper account, order manager) starts where their lease is taken.
  if (ownership.clustered) wireUserEngines(ownership, { paper, orders });
  const app = await buildApp(
    resources,
    audit ? [auth, audit, orders, bareModule] : [auth, orders, bareModule],
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const users = await createUsers(resources, paper);
  const tokens: string[] = [];
  for (const [i, user] of users.entries()) {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/login',
      payload: { username: user.email, passcode: PASSWORD },
      remoteAddress: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    });
    tokens.push(response.json().data.accessToken as string);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(
    `${JSON.stringify({ port, tokens, internalToken: BENCH_INSTRUMENT.internalToken })}\n`,
  );
  const stop = async () => {
    await app.close();
    await paper.close();
    await bus.close();
    // The first instance of a cluster run stops last (index.ts) and drops the shared schema.
    if (cluster?.first && !process.env.BENCH_KEEP)
      await sql`drop schema if exists ${sql.id(cluster.schema)} cascade`.execute(store.db);
    await store.close();
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
