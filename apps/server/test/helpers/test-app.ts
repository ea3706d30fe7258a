import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Bus } from '../../src/bus/bus';
import { openLeaseStore } from '../../src/cluster/open-lease-store';
import { openOwnership } from '../../src/cluster/open-ownership';
import { loadConfig } from '../../src/config';
import { buildApp } from '../../src/http/app';
import type { ApiApp } from '../../src/http/types';
import { silentLogger } from '../../src/logger';
import { createModules, type ModuleOverrides } from '../../src/modules/index';
import type { AppModule } from '../../src/modules/module';
import type { Resources } from '../../src/resources';
import { deriveKey } from '../../src/secrets';
import type { Store, StoreDialect } from '../../src/store/open-store';
import { createFakeClock, type FakeClock } from './fake-clock';
import { type BusKind, createTestBus } from './test-bus';
import { createTestStore } from './test-store';

export interface TestResources extends Resources {
  clock: FakeClock;
  /** Deletes the store, the bus and the temp data dir. */
  close(): Promise<void>;
}

export interface TestResourcesOptions {
  store?: StoreDialect;
  bus?: BusKind;
  /** Extra environment for `loadConfig` (NODE_ENV defaults to test, XT_DATA_DIR to a temp dir). */
  env?: Record<string, string>;
  clock?: FakeClock;
}

/** The resources object of a test: temp store, own bus, fake clock, silent logger, fixed secret. */
export async function createTestResources(options: TestResourcesOptions = {}): Promise<TestResources> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-data-'));
  const config = loadConfig({ NODE_ENV: 'test', XT_DATA_DIR: dataDir, ...options.env });
  let store: Store | undefined;
  let bus: Bus | undefined;
  try {
    store = await createTestStore(options.store);
    bus = await createTestBus(options.bus);
  } catch (error) {
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const openedStore = store;
  const openedBus = bus;
  const clock = options.clock ?? createFakeClock();
  const logger = silentLogger();
  const leases = openLeaseStore(openedStore.dialect, openedStore.db, clock);
  const ownership = await openOwnership({
    ...config,
    dialect: openedStore.dialect,
    db: openedStore.db,
    bus: openedBus,
    leases,
    logger,
  });
  return {
    config,
    logger,
    clock,
    db: openedStore.db,
    dialect: openedStore.dialect,
    bus: openedBus,
    leases,
    ownership,
    masterKey: deriveKey(new Uint8Array(32).fill(7), 'test-master'),
    close: async () => {
      await openedBus.close();
      await openedStore.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: ApiApp;
  resources: TestResources;
  close(): Promise<void>;
}

/** The real app graph on test resources; `modules` defaults to every module (with `overrides`). */
export async function createTestApp(
  options: TestResourcesOptions & {
    overrides?: ModuleOverrides;
    modules?: (r: Resources) => AppModule[];
  } = {},
): Promise<TestApp> {
  const resources = await createTestResources(options);
  const modules = options.modules?.(resources) ?? createModules(resources, options.overrides);
  const app = await buildApp(resources, modules);
  await app.ready();
  return {
    app,
    resources,
    close: async () => {
      await app.close();
      await resources.close();
    },
  };
}
