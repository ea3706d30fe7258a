import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadTestServices } from '../../src/config';
import { type ClusterRun, startCluster } from './cluster-run';

// `npm run cluster -- 2` as a user runs it: two instances (child processes) on their own PostgreSQL database and
// Redis channel prefix, behind the script's proxy.
const services = loadTestServices();
const runs = services.databaseUrl && services.redisUrl ? describe : describe.skip;

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
  let cluster: ClusterRun | undefined;

  afterAll(async () => {
    await cluster?.stop();
  }, 30_000);

  it('serves both instances through the proxy with the same prices, and keeps serving when one is killed', async () => {
    cluster = await startCluster(services.databaseUrl as string, services.redisUrl as string, 2, {
      LOG_LEVEL: 'warn',
    });
    const run = cluster;
    const base = run.port;
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
    process.kill(run.pid(1), 'SIGKILL');
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
    const running = run.script;
    const exitCode = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    expect(run.output()).toMatch(/node-2 \(pid \d+\) exited: 0/);
  }, 90_000);
});
