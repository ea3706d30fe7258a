import { openBus } from './bus/open-bus';
import { systemClock } from './clock';
import { openLeaseStore } from './cluster/open-lease-store';
import { openOwnership } from './cluster/open-ownership';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './http/app';
import { createLogger } from './logger';
import { assertProductionReady } from './production-guard';
import type { Resources } from './resources';
import { loadMasterKey } from './secrets';
import { openStore } from './store/open-store';

// Composition root: read config, open store and bus, build the app, listen; close everything on a signal.

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  assertProductionReady(config);
  const logger = createLogger(config);
  const masterKey = await loadMasterKey(config);
  const store = await openStore(config);
  const bus = await openBus(config, logger);
  const leases = openLeaseStore(store.dialect, store.db, systemClock);
  const ownership = await openOwnership({ ...config, ...store, bus, leases, logger });
  const resources: Resources = {
    config,
    logger,
    clock: systemClock,
    db: store.db,
    dialect: store.dialect,
    bus,
    leases,
    ownership,
    masterKey,
  };
  const app = await buildApp(resources);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Drain first: /ready turns 503, leases are handed over and sockets told to reconnect elsewhere.
    await app.drain();
    await app.close().catch((error: unknown) => logger.error({ err: error }, 'closing HTTP failed'));
    await bus.close().catch((error: unknown) => logger.error({ err: error }, 'closing bus failed'));
    await store.close().catch((error: unknown) => logger.error({ err: error }, 'closing store failed'));
    logger.flush();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    { store: store.dialect, bus: bus.kind, dataDir: config.dataDir, instanceId: config.instanceId },
    `X-Trader listening on http://localhost:${port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('X-Trader failed to start:', error);
  process.exit(1);
});
