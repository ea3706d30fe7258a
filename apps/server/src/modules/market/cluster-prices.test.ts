import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestUser } from '../../../test/helpers/auth';
import { createTestStore } from '../../../test/helpers/test-store';
import type { Bus } from '../../bus/bus';
import { createMemoryBus } from '../../bus/memory-bus';
import { createRedisBus } from '../../bus/redis-bus';
import { systemClock } from '../../clock';
import { openLeaseStore } from '../../cluster/open-lease-store';
import { openOwnership } from '../../cluster/open-ownership';
import { loadConfig, loadTestServices } from '../../config';
import { buildApp } from '../../http/app';
import type { ApiApp } from '../../http/types';
import { silentLogger } from '../../logger';
import type { Resources } from '../../resources';
import { deriveKey } from '../../secrets';
import type { Store } from '../../store/open-store';
import { createModules } from '../index';
import { ManualFeed } from './manual-feed';

const services = loadTestServices();
/** In-process (SQLite, memory bus) always; PostgreSQL + Redis, as a real cluster runs, when both are set. */
const setups: ('local' | 'shared')[] =
  services.databaseUrl && services.redisUrl ? ['local', 'shared'] : ['local'];

interface Instance {
  app: ApiApp;
  feed: ManualFeed;
  url: string;
  bus: Bus;
  dataDir: string;
}

for (const setup of setups) {
  describe(`one price stream for two instances [${setup}]`, () => {
    let store: Store;
    const instances: Instance[] = [];
    let sharedBus: Bus | undefined;
    const prefix = `xt-test:${randomBytes(6).toString('hex')}:`;

    afterEach(async () => {
      for (const each of instances.splice(0)) {
        await each.app.close();
        if (each.bus !== sharedBus) await each.bus.close();
        rmSync(each.dataDir, { recursive: true, force: true });
      }
      await sharedBus?.close();
      sharedBus = undefined;
      await store.close();
    });

    const busFor = async (): Promise<Bus> => {
      if (setup === 'shared')
        return createRedisBus({ url: services.redisUrl!, channelPrefix: prefix }, silentLogger());
      sharedBus ??= createMemoryBus(silentLogger());
      return sharedBus;
    };

    const start = async (id: string, leases: Resources['leases']): Promise<Instance> => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-cluster-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        XT_DATA_DIR: dataDir,
        XT_INSTANCE_ID: id,
        XT_LEASE_TTL_MS: '3000',
      });
      const bus = await busFor();
      const logger = silentLogger();
      const ownership = await openOwnership({
        ...config,
        dialect: store.dialect,
        db: store.db,
        bus,
        leases,
        logger,
      });
      const resources: Resources = {
        config,
        logger,
        clock: systemClock,
        db: store.db,
        dialect: store.dialect,
        bus,
        leases,
        ownership,
        masterKey: deriveKey(new Uint8Array(32).fill(7), 'test-master'),
      };
      const feed = new ManualFeed();
      const app = await buildApp(
        resources,
        createModules(resources, { priceFeed: feed, clusterPrices: true }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const instance = { app, feed, url: `ws://127.0.0.1:${port}/v1/options-x/websocket`, bus, dataDir };
      instances.push(instance);
      return instance;
    };

    const watch = async (instance: Instance, token: string, symbol: string) => {
      const socket = new WebSocket(`${instance.url}?token=${token}`);
      const prices: number[] = [];
      let closed: { code: number; reason: string } | undefined;
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as {
          channel: string;
          data: { symbol: string; LastPrice: number }[];
        };
        if (frame.channel !== 'ltp') return;
        for (const quote of frame.data) if (quote.symbol === symbol) prices.push(quote.LastPrice);
      });
      socket.on('close', (code, reason) => {
        closed = { code, reason: String(reason) };
      });
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ action: 'subscribe', symbols: [symbol] }));
      return { socket, prices, closed: () => closed };
    };

    it('shows the same quote through both instances, and moves the stream when the leader drains', async () => {
      store = await createTestStore(setup === 'shared' ? 'postgres' : 'sqlite');
      // One lease store for both, as both would share PostgreSQL's.
      const leases = openLeaseStore(store.dialect, store.db, systemClock);
      const a = await start('a', leases);
      const b = await start('b', leases);
      // Only the leader's feed runs.
      expect(a.feed.subscribed.has('NIFTY BANK')).toBe(true);
      expect(b.feed.subscribed.size).toBe(0);

      const { token } = await createTestUser(a.app);
      const onA = await watch(a, token, 'NIFTY BANK');
      const onB = await watch(b, token, 'NIFTY BANK');
      await new Promise((resolve) => setTimeout(resolve, 100));
      a.feed.emit({ 'NIFTY BANK': 59_001.5 }, Date.now());
      b.feed.emit({ 'NIFTY BANK': 1 }, Date.now());
      await expect.poll(() => onB.prices.at(-1)).toBe(59_001.5);
      expect(onA.prices.at(-1)).toBe(59_001.5);

      // Drain (SIGTERM): A hands the lease over at once, and tells its sockets to reconnect.
      const before = await a.app.inject({ method: 'GET', url: '/v1/options-x/ready' });
      expect(before.json()).toMatchObject({
        success: true,
        data: { state: 'ready', store: true, bus: true },
      });
      await a.app.drain();
      await expect.poll(() => onA.closed()).toEqual({ code: 1012, reason: 'Server restarting: reconnect' });
      await expect.poll(() => b.feed.subscribed.has('NIFTY BANK'), { timeout: 3000 }).toBe(true);
      const ready = await a.app.inject({ method: 'GET', url: '/v1/options-x/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ success: false, message: 'not ready: draining' });
      b.feed.emit({ 'NIFTY BANK': 59_002 }, Date.now());
      await expect.poll(() => onB.prices.at(-1)).toBe(59_002);
      onB.socket.close();
    });
  });
}
