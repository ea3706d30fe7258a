import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMemoryBus } from '../../apps/server/src/bus/memory-bus';
import { systemClock } from '../../apps/server/src/clock';
import { createMemoryLeaseStore } from '../../apps/server/src/cluster/memory-lease-store';
import { createSoloOwnership } from '../../apps/server/src/cluster/ownership';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/http/app';
import { silentLogger } from '../../apps/server/src/logger';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import type { Resources } from '../../apps/server/src/resources';
import { deriveKey } from '../../apps/server/src/secrets';
import { openStore } from '../../apps/server/src/store/open-store';
import { benchSymbols } from '../ws-fanout/symbols';
import type { ServerEvent, TradedContract } from './protocol';

// The server half of the load benchmark, forked with IPC: the whole app as the composition root builds it (every
// module, the simulator feed, the WebSocket gateway, the audit trail) on a temp SQLite store, with users created
// in the store as bench/order-path does, signed in and switched to Practice Mode through the API. Answers `stats`
// with its memory (heap after a full GC: run with --expose-gc) and CPU.

const USERS = Number(process.argv[2] ?? 250);
const SYMBOLS = Number(process.argv[3] ?? 200);
const CONTRACTS = 20;
const PASSWORD = 'bench-password';
const send = (event: ServerEvent) => process.send?.(event);
// How late the event loop ran a 1 ms timer between two `stats`: a synchronous stall (a slow SQLite commit or fsync,
// a GC pause, the OS giving the core to another process) shows here whatever request it held up.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const lateMs = (nanos: number) => Math.max(0, nanos / 1e6 - 1);

async function createUsers(resources: Resources): Promise<{ email: string }[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: randomUUID(),
    email: `load${i}@example.com`,
    phone: `71000${String(i).padStart(5, '0')}`,
  }));
  const now = Date.now();
  for (const user of users) {
    await resources.db
      .insertInto('users')
      .values({
        ...user,
        name: 'Load',
        passwordHash,
        referralCode: user.id.slice(0, 10),
        referredBy: null,
        activeBroker: null,
        clientId: null,
        settings: '{}',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  return users;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-load-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    XT_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    XT_WEB_DIST: '/nonexistent',
    XT_PAPER_CAPITAL: '1000000000',
  });
  const store = await openStore({ databaseUrl: undefined, dataDir });
  const logger = silentLogger();
  const resources: Resources = {
    config,
    logger,
    clock: systemClock,
    db: store.db,
    dialect: store.dialect,
    bus: createMemoryBus(logger),
    masterKey: deriveKey(randomBytes(32), 'bench'),
    leases: createMemoryLeaseStore(systemClock),
    ownership: createSoloOwnership(config.instanceId),
  };
  const app = await buildApp(resources);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const users = await createUsers(resources);
  const tokens: string[] = [];
  for (const [i, user] of users.entries()) {
    // Spread over addresses: the login limiter counts per address, and these are many traders, not one.
    const remoteAddress = `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const login = await app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/login',
      payload: { username: user.email, passcode: PASSWORD },
      remoteAddress,
    });
    const token = login.json().data?.accessToken as string | undefined;
    if (!token) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const practice = await app.inject({
      method: 'POST',
      url: '/v1/options-x/broker/papertrading/start',
      headers: { authorization: token },
      remoteAddress,
    });
    if (practice.statusCode !== 200)
      throw new Error(`Practice Mode: ${practice.statusCode} ${practice.body}`);
    tokens.push(token);
  }
  // The server generates its master from the date, as this does: the same contracts and tokens.
  const { catalog, symbols } = benchSymbols(SYMBOLS);
  const contracts: TradedContract[] = symbols
    .map((symbol) => catalog.bySymbol(symbol))
    .filter((row) => row !== undefined && (row.instrument_type === 'CE' || row.instrument_type === 'PE'))
    .slice(0, CONTRACTS)
    .map((row) => ({
      exchange: row?.exchange as string,
      internalToken: row?.internalToken as string,
      lotSize: row?.lot_size as number,
    }));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'stats') return;
    gc?.();
    const { user, system } = process.cpuUsage();
    const { rss, heapUsed, external } = process.memoryUsage();
    const loopLateMs = { p99: lateMs(loopDelay.percentile(99)), max: lateMs(loopDelay.max) };
    loopDelay.reset();
    send({
      type: 'stats',
      memory: { rssBytes: rss, heapUsedBytes: heapUsed, externalBytes: external },
      cpuMicros: user + system,
      loopLateMs,
    });
  });
  send({ type: 'ready', port, tokens, symbols, contracts });
  const stop = async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
