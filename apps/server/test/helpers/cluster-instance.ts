import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { sql } from 'kysely';
import { createRedisBus } from '../../src/bus/redis-bus';
import { openLeaseStore } from '../../src/cluster/open-lease-store';
import { openOwnership } from '../../src/cluster/open-ownership';
import { loadConfig, loadTestServices } from '../../src/config';
import { buildApp } from '../../src/http/app';
import type { ApiApp } from '../../src/http/types';
import { silentLogger } from '../../src/logger';
import { createAuthModule } from '../../src/modules/auth/index';
import { type BrokersModule, createBrokersModule } from '../../src/modules/brokers/index';
import { createLiveBrokersModule, type LiveBrokersModule } from '../../src/modules/brokers/live/module';
import { viewOfActiveBroker, viewOfBroker } from '../../src/modules/market/index';
import { singleSource } from '../../src/modules/market/sourced-prices';
import { createOrdersModule, type OrdersModule } from '../../src/modules/orders/index';
import { createPortfolioModule } from '../../src/modules/portfolio/index';
import {
  busOrderActivity,
  createRiskModule,
  orderManagerExits,
  type RiskModule,
  registryPositions,
} from '../../src/modules/risk/index';
import { wireUserEngines } from '../../src/modules/user-engines';
import type { Resources } from '../../src/resources';
import { deriveKey } from '../../src/secrets';
import { openStore, type Store } from '../../src/store/open-store';
import type { FakeClock } from './fake-clock';
import { FakeInstruments } from './fake-instruments';
import { FakeMarketData } from './fake-market-data';
import type { paperInstruments } from './paper';

const services = loadTestServices();

/** Cluster tests need both shared services; without them they skip, as other PostgreSQL suites do. */
export const clusterServices =
  services.databaseUrl && services.redisUrl
    ? { databaseUrl: services.databaseUrl, redisUrl: services.redisUrl }
    : undefined;

/** One shared database schema and bus channel prefix: what several instances of one deployment share. */
export interface ClusterSpace {
  schema: string;
  channelPrefix: string;
  drop(): Promise<void>;
}

export function createClusterSpace(): ClusterSpace {
  const suffix = randomBytes(4).toString('hex');
  // Named like the test stores' schemas, so a crashed run's schema is dropped by later runs.
  const schema = `xt_test_${Math.floor(Date.now() / 1000)}_c${suffix}`;
  return {
    schema,
    channelPrefix: `xt-test-cluster:${suffix}:`,
    async drop() {
      if (!clusterServices) return;
      // Opened on the schema being dropped: opening the database's default schema would migrate it, leaving
      // whatever migrations this checkout has recorded there for every later checkout to trip over.
      const store = await openStore({
        databaseUrl: clusterServices.databaseUrl,
        dataDir: tmpdir(),
        pgSchema: schema,
      });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db).catch(() => undefined);
      await store.close();
    },
  };
}

/** One server instance of the cluster: Practice Mode trading (auth, paper exchange, orders, profit protection, portfolio). */
export interface ClusterInstance {
  id: string;
  app: ApiApp;
  resources: Resources;
  store: Store;
  market: FakeMarketData;
  brokers: BrokersModule;
  orders: OrdersModule;
  risk: RiskModule;
  /** The live brokers (logins, update channels, postbacks), when the instance was started with them. */
  liveBrokers: LiveBrokersModule | undefined;
  /** Graceful stop: leases released, engines stopped, connections closed. */
  close(): Promise<void>;
  /**
   * Abrupt stop, as kill -9 looks from the others: no more renewals, no more bus traffic, nothing released. The
   * process itself (its memory, its database pool) lingers, as a paused or partitioned instance would.
   */
  crash(): Promise<void>;
}

export async function startClusterInstance(
  space: ClusterSpace,
  id: string,
  clock: FakeClock,
  /** The contracts every instance lists (one set: their tokens must agree). */
  contracts: ReturnType<typeof paperInstruments>,
  env: Record<string, string> = {},
  options: { liveBrokers?: boolean } = {},
): Promise<ClusterInstance> {
  if (!clusterServices) throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are not both set');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-cluster-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    XT_DATA_DIR: dataDir,
    XT_INSTANCE_ID: id,
    XT_SIM_MARKET_HOURS: 'true',
    ...env,
  });
  const logger = silentLogger();
  const store = await openStore({
    databaseUrl: clusterServices.databaseUrl,
    dataDir,
    pgSchema: space.schema,
  });
  const bus = await createRedisBus(
    { url: clusterServices.redisUrl, channelPrefix: space.channelPrefix },
    logger,
  );
  const leases = openLeaseStore(store.dialect, store.db, clock);
  const ownership = await openOwnership({ ...config, ...store, bus, leases, logger });
  const resources: Resources = {
    config,
    logger,
    clock,
    db: store.db,
    dialect: store.dialect,
    bus,
    leases,
    ownership,
    masterKey: deriveKey(new Uint8Array(32).fill(7), 'test-master'),
  };
  const instruments = new FakeInstruments(Object.values(contracts));
  const market = new FakeMarketData(clock.now);
  const auth = createAuthModule(resources);
  const liveBrokers = options.liveBrokers
    ? createLiveBrokersModule(resources, { requireUser: auth.requireUser, directory: instruments })
    : undefined;
  const brokers = createBrokersModule(resources, {
    requireUser: auth.requireUser,
    marketData: market,
    instruments,
    ...(liveBrokers ? { adapters: liveBrokers.adapters } : {}),
  });
  const orders = createOrdersModule({
    resources,
    registry: brokers.registry,
    marketData: market,
    instruments,
    requireUser: auth.requireUser,
    priceViewOf: viewOfBroker,
  });
  brokers.practiceMode.onFundsReset((userId) =>
    orders.service.forgetBrokerOrders(userId, PRACTICE_BROKER_ID),
  );
  const portfolio = createPortfolioModule({
    requireUser: auth.requireUser,
    registry: brokers.registry,
    marketData: market,
    instruments,
    viewOf: viewOfActiveBroker(brokers.links.activeBrokerOf),
  });
  // Profit protection on the Practice Mode view of the shared prices, squaring off through the order manager.
  const risk = createRiskModule(resources, {
    requireUser: auth.requireUser,
    marketData: market,
    prices: singleSource(market),
    positions: registryPositions(brokers.registry),
    pricesOf: async () => ({ source: 'sim', view: 'practice' }),
    activity: busOrderActivity(bus),
    exits: orderManagerExits(orders.service),
    loggedIn: auth.isLoggedIn,
    owns: ownership.owns,
  });
  wireUserEngines(ownership, {
    paper: brokers.paper,
    orders,
    risk: risk.monitor,
    ...(liveBrokers ? { live: liveBrokers } : {}),
  });
  const app = await buildApp(resources, [
    auth,
    ...(liveBrokers ? [liveBrokers] : []),
    brokers,
    orders,
    risk,
    portfolio,
  ]);
  await app.ready();
  let closed = false;
  return {
    id,
    app,
    resources,
    store,
    market,
    brokers,
    orders,
    risk,
    liveBrokers,
    async crash() {
      await ownership.stop();
      await bus.close();
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await bus.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
