import type { Notification } from '@xtrader/core/api/notifications';
import { istEpochMs } from '@xtrader/core/market/dates';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestResources, type TestResources } from '../../test/helpers/test-app';
import { buildApp } from '../http/app';
import type { ApiApp } from '../http/types';
import { InstrumentCatalog } from '../modules/instruments/catalog';
import { generateInstruments } from '../modules/instruments/generate';
import type { PriceView } from '../modules/market/contract';
import { ManualFeed } from '../modules/market/manual-feed';
import { createMarketData, type MarketDataService } from '../modules/market/market-data';
import { CLOSE_UNAUTHORIZED, createLiveGateway, type GatewayOptions } from './gateway';

const NOW = istEpochMs('2026-11-23', 10, 0);
const users: Record<string, { userId: string; sessionId: string; view: PriceView }> = {
  'token-a': { userId: 'user-a', sessionId: 's-a', view: 'live' },
  'token-a2': { userId: 'user-a', sessionId: 's-a2', view: 'live' },
  'token-b': { userId: 'user-b', sessionId: 's-b', view: 'live' },
  'token-p': { userId: 'user-p', sessionId: 's-p', view: 'practice' },
};

interface Client {
  socket: WebSocket;
  frames: { channel: string; data?: unknown; message?: string }[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once `count` frames have arrived in total. */
  next(count?: number): Promise<void>;
  send(message: unknown): void;
}

describe('WebSocket gateway', () => {
  let resources: TestResources;
  let app: ApiApp;
  let feed: ManualFeed;
  let market: MarketDataService;
  let url: string;

  let gateway: ReturnType<typeof createLiveGateway>;
  let symbols: string[];
  /** Every log line the app wrote (level, msg, err). */
  let logs: { level: number; msg: string; err?: { stack?: string } }[];

  async function startApp(options: Partial<GatewayOptions> = {}) {
    // The delay line waits on real timers, so the clock must be the real one too.
    const realClock = { now: () => Date.now(), advance: () => {}, set: () => {} };
    resources = await createTestResources({
      env: { XT_PRACTICE_DELAY_MS: '200', XT_HTTP_REQUEST_TIMEOUT_MS: '300' },
      clock: realClock,
    });
    logs = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const catalog = new InstrumentCatalog();
    const instruments = generateInstruments({ now: NOW });
    catalog.replace(instruments);
    symbols = instruments.filter((i) => i.instrument_type === 'CE').map((i) => i.tradingsymbol);
    feed = new ManualFeed();
    const logged = { ...resources, logger };
    market = createMarketData(logged, feed, catalog);
    gateway = createLiveGateway(logged, {
      marketData: market,
      directory: catalog,
      verifyAccessToken: async (token) => users[token] ?? null,
      viewOf: async (userId) => Object.values(users).find((u) => u.userId === userId)!.view,
      options: { heartbeatMs: 150, ...options },
    });
    app = await buildApp(logged, [
      { name: 'market', start: () => market.start(), close: () => market.stop() },
      gateway,
    ]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/options-x/websocket`;
  }
  async function stopApp() {
    await app.close();
    await resources.close();
  }
  /** Starts the app again with other gateway options. */
  async function restartWith(options: Partial<GatewayOptions>) {
    await stopApp();
    await startApp(options);
  }

  beforeEach(() => startApp());
  afterEach(() => stopApp());

  function connect(token?: string, autoPong = true): Promise<Client> {
    const socket = new WebSocket(token === undefined ? url : `${url}?token=${token}`, { autoPong });
    const frames: Client['frames'] = [];
    const waiters: { count: number; resolve: () => void }[] = [];
    socket.on('message', (data) => {
      frames.push(JSON.parse(String(data)));
      for (const waiter of waiters.filter((w) => frames.length >= w.count)) waiter.resolve();
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const client: Client = {
      socket,
      frames,
      closed,
      next: (count = frames.length + 1) =>
        new Promise((resolve, reject) => {
          if (frames.length >= count) return resolve();
          const timer = setTimeout(
            () => reject(new Error(`waited for frame ${count}, got ${frames.length}`)),
            // A bound on waiting, not a timing check: generous, so a busy machine does not fail the run.
            10_000,
          );
          waiters.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        }),
      send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    };
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** Lets the server process what the client sent (a round trip through an error frame). */
  async function settle(client: Client) {
    const count = client.frames.length + 1;
    client.send({ action: 'noop' });
    await client.next(count);
    client.frames.pop();
  }

  it('closes with 4401 without a token or with a bad one', async () => {
    for (const token of [undefined, 'forged']) {
      const client = await connect(token);
      expect(await client.closed).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'Unauthorized' });
    }
  });

  it('sends a snapshot on subscribe, then batched updates, and nothing after unsubscribe', async () => {
    const now = Date.now();
    feed.emit({ 'NIFTY 50': 26_000 }, now, 25_900);
    const client = await connect('token-a');
    client.send({ action: 'subscribe', symbols: ['NIFTY 50', 'NIFTY26NOV26000CE'] });
    await client.next(1);
    expect(client.frames[0]).toEqual({
      channel: 'ltp',
      data: [{ symbol: 'NIFTY 50', LastPrice: 26_000, NetChange: 100, OHLC: { close: 25_900 }, ts: now }],
    });
    expect(feed.subscribed).toEqual(new Set(['NIFTY 50', 'NIFTY26NOV26000CE']));

    // Two feed batches in one turn of the event loop: one frame, the latest price of each symbol.
    feed.emit({ 'NIFTY 50': 26_001, NIFTY26NOV26000CE: 120 }, now);
    feed.emit({ 'NIFTY 50': 26_002.5, SENSEX: 85_000 }, now);
    await client.next(2);
    expect(client.frames[1]).toMatchObject({
      channel: 'ltp',
      data: [
        { symbol: 'NIFTY 50', LastPrice: 26_002.5 },
        { symbol: 'NIFTY26NOV26000CE', LastPrice: 120 },
      ],
    });

    client.send({ action: 'unsubscribe', symbols: ['NIFTY26NOV26000CE'] });
    await settle(client);
    expect(feed.subscribed).toEqual(new Set(['NIFTY 50']));
    feed.emit({ NIFTY26NOV26000CE: 121, 'NIFTY 50': 26_003 }, now);
    await client.next(3);
    expect(client.frames[2]).toMatchObject({ data: [{ symbol: 'NIFTY 50', LastPrice: 26_003 }] });
    client.socket.close();
    await client.closed;
    await expect.poll(() => feed.subscribed.size).toBe(0);
  });

  it('answers malformed or unknown messages with an error frame and stays connected', async () => {
    const client = await connect('token-a');
    const cases: [unknown, string][] = [
      ['{not json', 'Malformed message: expected JSON'],
      [{ action: 'dance', symbols: [] }, 'Invalid message: action'],
      [{ action: 'subscribe' }, 'Invalid message: symbols'],
      [{ action: 'subscribe', symbols: ['NIFTY 50', 'GOLDM'] }, 'Unknown symbols: GOLDM'],
    ];
    for (const [message, error] of cases) {
      const count = client.frames.length + 1;
      client.send(message);
      await client.next(count);
      expect(client.frames.at(-1)).toMatchObject({ channel: 'error' });
      expect(client.frames.at(-1)?.message).toContain(error);
    }
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(feed.subscribed).toEqual(new Set(['NIFTY 50']));
  });

  it('routes a notification to every socket of its user and to no one else', async () => {
    const a1 = await connect('token-a');
    const a2 = await connect('token-a2');
    const b = await connect('token-b');
    await Promise.all([settle(a1), settle(a2), settle(b)]);
    const notification: Notification = {
      notificationType: 'order_executed',
      timestamp: '2026-11-23T04:30:00.000Z',
      identifier: 'NIFTY 23 NOV 26000 CE',
      transactionType: 'buy',
      quantity: 65,
      averagePrice: 120.5,
      status: 'COMPLETE',
      statusMessage: null,
    };
    await resources.bus.publish('notification', { userId: 'user-a', notification });
    await Promise.all([a1.next(1), a2.next(1)]);
    expect(a1.frames).toEqual([{ channel: 'notifications', data: notification }]);
    expect(a2.frames).toEqual([{ channel: 'notifications', data: notification }]);
    await settle(b);
    expect(b.frames).toEqual([]);
  });

  it("sends an order update to every socket of the order's user and to no one else", async () => {
    const a1 = await connect('token-a');
    const a2 = await connect('token-a2');
    const b = await connect('token-b');
    await Promise.all([settle(a1), settle(a2), settle(b)]);
    await resources.bus.publish('order.updated', { userId: 'user-a', orderId: 'XT-1' });
    await Promise.all([a1.next(1), a2.next(1)]);
    expect(a1.frames).toEqual([{ channel: 'orders', data: { orderId: 'XT-1' } }]);
    expect(a2.frames).toEqual([{ channel: 'orders', data: { orderId: 'XT-1' } }]);
    await settle(b);
    expect(b.frames).toEqual([]);
  });

  it('serves a Practice Mode user the delayed view', async () => {
    const live = await connect('token-a');
    const practice = await connect('token-p');
    for (const client of [live, practice]) client.send({ action: 'subscribe', symbols: ['SENSEX'] });
    await Promise.all([settle(live), settle(practice)]);
    const sent = Date.now();
    feed.emit({ SENSEX: 85_100 }, sent);
    await live.next(1);
    expect(practice.frames).toEqual([]);
    await practice.next(1);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(190);
    expect(practice.frames[0]).toMatchObject({ data: [{ symbol: 'SENSEX', LastPrice: 85_100, ts: sent }] });
  });

  it('gives a Practice Mode user a contract nobody watched at once, at its price of one delay ago', async () => {
    const practice = await connect('token-p');
    const now = Date.now();
    feed.recordPast('NIFTY26NOV26000CE', 118.5, now - 1000);
    feed.recordPast('NIFTY26NOV26000CE', 119, now - 100);
    practice.send({ action: 'subscribe', symbols: ['NIFTY26NOV26000CE'] });
    await practice.next(1);
    expect(practice.frames[0]).toMatchObject({
      data: [{ symbol: 'NIFTY26NOV26000CE', LastPrice: 118.5, ts: now - 1000 }],
    });
    await settle(practice);
    expect(practice.frames).toHaveLength(1);
  });

  it('keeps a socket open past the HTTP request timeout', async () => {
    const client = await connect('token-a');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await settle(client);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes the sockets of a revoked session with 4401', async () => {
    const a1 = await connect('token-a');
    const a2 = await connect('token-a2');
    await Promise.all([settle(a1), settle(a2)]);
    await resources.bus.publish('session.revoked', { userId: 'user-a', sessionIds: ['s-a'] });
    expect(await a1.closed).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'Session ended' });
    expect(a2.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('terminates a connection that stops answering pings, and keeps the ones that answer', async () => {
    const dead = await connect('token-a', false);
    const alive = await connect('token-b');
    const closed = await dead.closed;
    expect(closed.code).toBe(1006);
    await settle(alive);
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
  });

  describe('limits', () => {
    it('names how many symbols were unknown and at most a few of them, each cut short', async () => {
      const client = await connect('token-a');
      const names = Array.from(
        { length: 500 },
        (_, i) => `UNKNOWN${String(i).padStart(3, '0')}${'X'.repeat(54)}`,
      );
      client.send({ action: 'subscribe', symbols: names });
      await client.next(1);
      const message = client.frames[0]?.message ?? '';
      expect(message).toMatch(/^500 unknown symbols: UNKNOWN000X+…, UNKNOWN001X+…, /);
      expect(message).toContain('and 495 more');
      expect(message.length).toBeLessThan(300);
    });

    it('drops a socket that stops reading once its queued replies pass the cap', async () => {
      // No heartbeat in the way: a paused client cannot answer pings either.
      await restartWith({ dropAboveBytes: 256 * 1024, maxMessagesPerSecond: 100_000, heartbeatMs: 60_000 });
      const watched = symbols.slice(0, 500);
      feed.emit(Object.fromEntries(watched.map((symbol) => [symbol, 100])), Date.now());
      const client = await connect('token-a');
      client.socket.pause();
      // Each subscribe answers with a ~45 KB snapshot the client never reads.
      const round = [
        JSON.stringify({ action: 'subscribe', symbols: watched }),
        JSON.stringify({ action: 'unsubscribe', symbols: watched }),
      ];
      for (let i = 0; i < 400 && gateway.stats().connections > 0; i += 1) {
        for (const message of round) client.socket.send(message);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await expect.poll(() => gateway.stats().connections).toBe(0);
    });

    it('closes a socket that sends more messages per second than allowed', async () => {
      await restartWith({ maxMessagesPerSecond: 20 });
      const client = await connect('token-a');
      for (let i = 0; i < 40; i += 1) client.send({ action: 'unsubscribe', symbols: ['NIFTY 50'] });
      expect(await client.closed).toEqual({
        code: 1008,
        reason: 'Too many messages (at most 20 per second)',
      });
    });

    it('stops reading from a flooding client that does not read either, and lets it go soon', async () => {
      // No heartbeat in the way: a paused client cannot answer pings either.
      await restartWith({ maxMessagesPerSecond: 20, heartbeatMs: 60_000 });
      const client = await connect('token-a');
      client.socket.pause();
      const flood = setInterval(() => {
        for (let i = 0; i < 20; i += 1) client.send({ action: 'unsubscribe', symbols: ['NIFTY 50'] });
      }, 10);
      try {
        await expect.poll(() => gateway.stats().connections, { timeout: 5000 }).toBe(0);
      } finally {
        clearInterval(flood);
      }
    });

    it("refuses a user's socket beyond the per-user cap and keeps the others", async () => {
      await restartWith({ maxSocketsPerUser: 2 });
      const a1 = await connect('token-a');
      const a2 = await connect('token-a2');
      await Promise.all([settle(a1), settle(a2)]);
      const a3 = await connect('token-a');
      expect(await a3.closed).toEqual({ code: 1008, reason: 'Too many connections (at most 2 per user)' });
      const b = await connect('token-b');
      await settle(b);
      expect([a1, a2, b].map((c) => c.socket.readyState)).toEqual([
        WebSocket.OPEN,
        WebSocket.OPEN,
        WebSocket.OPEN,
      ]);
    });

    it('closes an oversize message with 1009 and logs it as a warning without a stack', async () => {
      await restartWith({ maxPayloadBytes: 1024 });
      const client = await connect('token-a');
      client.send({ action: 'subscribe', symbols: ['X'.repeat(2048)] });
      expect((await client.closed).code).toBe(1009);
      await expect.poll(() => logs.filter((line) => line.level === 40).length).toBe(1);
      const warning = logs.find((line) => line.level === 40);
      expect(warning?.msg).toContain('Max payload size exceeded');
      expect(JSON.stringify(warning)).not.toContain('    at ');
      expect(logs.filter((line) => line.level >= 50)).toEqual([]);
    });
  });
});
