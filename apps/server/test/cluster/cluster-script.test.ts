import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadTestServices } from '../../src/config';

// `npm run cluster -- 2` as a user runs it: two instances (child processes) on their own PostgreSQL database and
// Redis channel prefix, behind the script's proxy.
const services = loadTestServices();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const runs = services.databaseUrl && services.redisUrl ? describe : describe.skip;

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Three consecutive free ports: the proxy's and the two instances'. */
async function freePorts(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await portFree(base)) && (await portFree(base + 1)) && (await portFree(base + 2))) return base;
  }
}

interface Watch {
  /** Every `NIFTY 50` price seen, by its source time. */
  prices: Map<number, number>;
  /** Order ids of the `orders` frames received. */
  orders: string[];
  close: () => void;
}

function watch(url: string, token: string): Promise<Watch> {
  const socket = new WebSocket(`${url}?token=${token}`);
  const prices = new Map<number, number>();
  const orders: string[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.channel === 'orders') orders.push(frame.data.orderId);
    if (frame.channel !== 'ltp') return;
    for (const quote of frame.data as { symbol: string; LastPrice: number; ts: number }[]) {
      if (quote.symbol !== 'NIFTY 50') continue;
      prices.set(quote.ts, quote.LastPrice);
    }
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ action: 'subscribe', symbols: ['NIFTY 50'] }));
      resolve({ prices, orders, close: () => socket.close() });
    });
  });
}

runs('npm run cluster -- 2', () => {
  const database = `xt_cluster_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(services.databaseUrl ?? 'postgres://x/y'), {
    pathname: `/${database}`,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-cluster-run-'));
  let cluster: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster?.once('exit', resolve));
      cluster.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: services.databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
  }, 30_000);

  it('serves both instances through the proxy with the same prices, and keeps serving when one is killed', async () => {
    const base = await freePorts();
    cluster = spawn(process.execPath, ['scripts/cluster.mjs', '2'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: services.redisUrl,
        XT_REDIS_PREFIX: `xt-test:${randomBytes(6).toString('hex')}:`,
        XT_PROXY_PORT: String(base),
        XT_CLUSTER_PORT: String(base + 1),
        XT_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    cluster.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    await expect.poll(() => output, { timeout: 45_000, interval: 200 }).toMatch(/proxy listening/);
    const pids = Object.fromEntries(
      [...output.matchAll(/\[cluster\] (node-\d) pid (\d+)/g)].map((m) => [m[1], Number(m[2])]),
    );
    const proxy = `http://127.0.0.1:${base}/v1/options-x`;

    // Log in through the proxy (the demo account of a development run).
    const login = await fetch(`${proxy}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@x-trader.local', passcode: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;

    // The same token on each instance directly, and a socket through the proxy.
    const onFirst = await watch(`ws://127.0.0.1:${base + 1}/v1/options-x/websocket`, token);
    const onSecond = await watch(`ws://127.0.0.1:${base + 2}/v1/options-x/websocket`, token);
    const viaProxy = await watch(`ws://127.0.0.1:${base}/v1/options-x/websocket`, token);
    // Same quotes: ticks stamped with the same source time carry the same price on both (one simulator).
    const common = () => [...onFirst.prices.keys()].filter((ts) => onSecond.prices.has(ts));
    await expect.poll(() => common().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    for (const ts of common()) expect(onSecond.prices.get(ts)).toBe(onFirst.prices.get(ts));
    await expect.poll(() => viaProxy.prices.size, { timeout: 5_000 }).toBeGreaterThan(0);

    // An order placed through the proxy (run by whichever instance owns the user) reaches the user's sockets on
    // both instances.
    const api = (method: string, url: string, body?: unknown) =>
      fetch(`${proxy}${url}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await api('POST', '/broker/papertrading/start')).status).toBe(200);
    const latest = await api('GET', '/instruments/fetchLatestOptionOfIndex?name=NIFTY&segment=indices');
    const call = ((await latest.json()) as { data: { call: { internalToken: string; lot_size: number } } })
      .data.call;
    const placed = await api('POST', '/order', {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: call.lot_size,
      product: 'MIS',
      transactionType: 'buy',
      orderType: 'limit',
      triggerPrice: 0.05,
    });
    const placedBody = (await placed.json()) as { data: { orderId: string } };
    expect(placed.status, JSON.stringify(placedBody)).toBe(200);
    const orderId = placedBody.data.orderId;
    await expect.poll(() => onFirst.orders.includes(orderId), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => onSecond.orders.includes(orderId), { timeout: 5_000 }).toBe(true);
    expect((await api('DELETE', `/order/${orderId}`)).status).toBe(200);

    // kill -9 of the price leader (the first instance started takes the lease).
    const killedAt = Date.now();
    process.kill(pids['node-1'] as number, 'SIGKILL');
    for (let i = 0; i < 6; i += 1) {
      const ready = await fetch(`${proxy}/ready`);
      expect(ready.status).toBe(200);
    }
    const again = await fetch(`${proxy}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@x-trader.local', passcode: 'demo1234' }),
    });
    expect(again.status).toBe(200);
    // The survivor takes the price stream over within 5 s and its socket ticks again: a tick stamped after the kill
    // can only come from the new leader (batches the old one sent before dying carry older times).
    const afterKill = () => [...onSecond.prices.keys()].filter((ts) => ts > killedAt + 50);
    await expect.poll(() => afterKill().length, { timeout: 8_000, interval: 50 }).toBeGreaterThan(0);
    const takeoverMs = Math.min(...afterKill()) - killedAt;
    console.log(`price stream back on the survivor ${takeoverMs} ms after kill -9 of the leader`);
    expect(takeoverMs).toBeLessThan(5_000);
    const reconnected = await watch(`ws://127.0.0.1:${base}/v1/options-x/websocket`, token);
    await expect.poll(() => reconnected.prices.size, { timeout: 5_000 }).toBeGreaterThan(0);
    for (const socket of [onFirst, onSecond, viaProxy, reconnected]) socket.close();

    // Ctrl-C / SIGTERM: the script drains the survivor (which exits cleanly) and stops.
    const running = cluster;
    const exitCode = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    expect(output).toMatch(/node-2 \(pid \d+\) exited: 0/);
  }, 90_000);
});
