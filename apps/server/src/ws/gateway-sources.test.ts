import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestResources, type TestResources } from '../../test/helpers/test-app';
import { buildApp } from '../http/app';
import type { ApiApp } from '../http/types';
import { InstrumentCatalog } from '../modules/instruments/catalog';
import { generateInstruments } from '../modules/instruments/generate';
import { ManualFeed } from '../modules/market/manual-feed';
import { createMarketData } from '../modules/market/market-data';
import { createPriceSources, type PriceSources } from '../modules/market/price-sources';
import { createLiveGateway } from './gateway';

// Two users, one with a broker stream of their own: each socket sees only its own source, through the gateway.

const NOW = istEpochMs('2026-11-23', 10, 0);
const tokens: Record<string, { userId: string; sessionId: string }> = {
  'token-a': { userId: 'user-a', sessionId: 's-a' },
  'token-b': { userId: 'user-b', sessionId: 's-b' },
};
/** Active brokers: user-a trades live at Zerodha, user-b has no broker. */
const active: Record<string, string | null> = { 'user-a': ZERODHA_BROKER_ID, 'user-b': null };

type Frame = { channel: string; data?: { symbol: string; LastPrice: number; source?: string }[] };

describe('WebSocket gateway with per-user price sources', () => {
  let resources: TestResources;
  let app: ApiApp;
  let shared: ManualFeed;
  let own: ManualFeed;
  let sources: PriceSources;
  let url: string;
  let symbol: string;

  beforeEach(async () => {
    resources = await createTestResources({
      env: { XT_PRACTICE_DELAY_MS: '0' },
      clock: { now: () => Date.now(), advance: () => {}, set: () => {} },
    });
    const catalog = new InstrumentCatalog();
    const instruments = generateInstruments({ now: NOW });
    catalog.replace(instruments);
    symbol = instruments.find((i) => i.instrument_type === 'CE')!.tradingsymbol;
    shared = new ManualFeed();
    own = new ManualFeed();
    sources = createPriceSources(resources, createMarketData(resources, shared, catalog), catalog);
    const gateway = createLiveGateway(resources, {
      marketData: sources.shared.data,
      directory: catalog,
      verifyAccessToken: async (token) => tokens[token] ?? null,
      viewOf: async () => 'live',
      sources: {
        feedOf: async (userId) => ({
          source: sources.sourceFor(userId, active[userId] ?? null),
          view: 'live',
        }),
        onChange: sources.onChange,
      },
    });
    app = await buildApp(resources, [
      { name: 'market', start: () => sources.start(), close: () => sources.stop() },
      gateway,
    ]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/options-x/websocket`;
  });
  afterEach(async () => {
    await app.close();
    await resources.close();
  });

  async function connect(token: string) {
    const socket = new WebSocket(`${url}?token=${token}`);
    const frames: Frame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    const prices = (channel = 'ltp') =>
      frames.filter((f) => f.channel === channel).flatMap((f) => (f.data ?? []).map((d) => d.LastPrice));
    return { socket, frames, prices, send: (message: unknown) => socket.send(JSON.stringify(message)) };
  }

  const openStream = () =>
    sources.open({
      userId: 'user-a',
      brokerId: ZERODHA_BROKER_ID,
      key: 'zerodha',
      feed: own,
      tokenExpiresAt: null,
    });

  it("sends each user only their own source's prices, and moves a socket when its user's stream opens", async () => {
    const a = await connect('token-a');
    const b = await connect('token-b');
    a.send({ action: 'subscribe', symbols: [symbol] });
    b.send({ action: 'subscribe', symbols: [symbol] });
    await expect.poll(() => shared.subscribed.has(symbol)).toBe(true);
    // No stream yet: user-a is on the shared simulated source like everyone.
    shared.emit({ [symbol]: 10 }, Date.now());
    await expect.poll(() => a.prices()).toEqual([10]);
    await expect.poll(() => b.prices()).toEqual([10]);

    openStream();
    sources.setState('user-a', 'zerodha', 'connected');
    // user-a's subscription now lives at their own source, upstream too.
    await expect.poll(() => own.subscribed.has(symbol)).toBe(true);
    own.emit({ [symbol]: 123.45 }, Date.now());
    shared.emit({ [symbol]: 11 }, Date.now());
    await expect.poll(() => a.prices()).toEqual([10, 123.45]);
    await expect.poll(() => b.prices()).toEqual([10, 11]);
    // user-b never sees the broker's price; user-a never sees the simulator's again.
    own.emit({ [symbol]: 124 }, Date.now());
    shared.emit({ [symbol]: 12 }, Date.now());
    await expect.poll(() => a.prices()).toEqual([10, 123.45, 124]);
    await expect.poll(() => b.prices()).toEqual([10, 11, 12]);
    a.socket.close();
    b.socket.close();
  });

  it('serves instrument_data: the full quote and contract, labelled with its source', async () => {
    openStream();
    const a = await connect('token-a');
    const b = await connect('token-b');
    a.send({ action: 'subscribe', channel: 'instrument_data', symbols: [symbol] });
    b.send({ action: 'subscribe', channel: 'instrument_data', symbols: [symbol] });
    await expect.poll(() => own.subscribed.has(symbol) && shared.subscribed.has(symbol)).toBe(true);
    own.emit({ [symbol]: 120 }, Date.now(), 100);
    shared.emit({ [symbol]: 55 }, Date.now(), 50);
    await expect.poll(() => a.prices('instrument_data'), { timeout: 3000 }).toEqual([120]);
    await expect.poll(() => b.prices('instrument_data'), { timeout: 3000 }).toEqual([55]);
    const [data] = a.frames.find((f) => f.channel === 'instrument_data')!.data!;
    expect(data).toMatchObject({
      symbol,
      LastPrice: 120,
      NetChange: 20,
      OHLC: { open: 120, high: 120, low: 120, close: 100 },
      source: 'broker',
      instrumentType: 'CE',
    });
    expect(b.frames.find((f) => f.channel === 'instrument_data')!.data![0]).toMatchObject({
      source: 'simulated',
    });
    expect(a.frames.some((f) => f.channel === 'ltp')).toBe(false);
    a.socket.close();
    b.socket.close();
  });
});
