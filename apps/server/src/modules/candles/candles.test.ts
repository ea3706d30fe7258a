import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { silentLogger } from '../../logger';
import { ManualFeed } from '../market/manual-feed';
import { CandleBook } from './candle-book';
import { createCandlesModule } from './index';

const NOW = istEpochMs('2026-11-20', 10, 0);

describe('CandleBook', () => {
  const quote = (symbol: string, lastPrice: number, ts: number) =>
    ({ symbol, lastPrice, ts, netChange: 0, open: 0, high: 0, low: 0, close: 0 }) as const;

  it('keeps each source and view apart and drops the series quiet the longest past its limit', () => {
    const book = new CandleBook({ secondCandles: 5, minuteCandles: 5, maxSeries: 2 });
    book.record('sim', 'live', [quote('A', 10, 1_000), quote('A', 12, 1_500)]);
    book.record('sim', 'practice', [quote('A', 9, 1_000)]);
    expect(book.read('sim', 'live', 'A', '1s', 0, 10)).toEqual([
      { time: 1_000, open: 10, high: 12, low: 10, close: 12 },
    ]);
    expect(book.read('sim', 'practice', 'A', '1m', 0, 10)).toEqual([
      { time: 0, open: 9, high: 9, low: 9, close: 9 },
    ]);
    expect(book.read('zerodha:u1', 'live', 'A', '1s', 0, 10)).toEqual([]);
    // A ticks in a new second after the practice series did: the practice series is the one dropped for B.
    book.record('sim', 'live', [quote('A', 11, 2_000)]);
    book.record('sim', 'live', [quote('B', 1, 2_000)]);
    expect(book.size).toBe(2);
    expect(book.read('sim', 'practice', 'A', '1s', 0, 10)).toEqual([]);
    expect(book.read('sim', 'live', 'A', '1s', 0, 10)).toHaveLength(2);
    book.record('sim', 'live', [quote('C', 1, 3_000)]);
    expect(book.read('sim', 'live', 'A', '1s', 0, 10)).toEqual([]);
    expect(book.read('sim', 'live', 'B', '1s', 0, 10)).toHaveLength(1);
  });
});

describe('history from the recorded day', () => {
  const quote = (symbol: string, lastPrice: number, ts: number) =>
    ({ symbol, lastPrice, ts, netChange: 0, open: 0, high: 0, low: 0, close: 0 }) as const;

  it('puts the recorded ticks before the live candles, never over them, and seeds contracts not ticking yet', () => {
    const book = new CandleBook({ secondCandles: 10, minuteCandles: 10, maxSeries: 3 });
    book.record('sim', 'live', [quote('A', 20, 125_000), quote('A', 21, 126_500)]);
    book.backfill('sim', 'live', [
      { symbol: 'A', price: 10, time: 60_500 },
      { symbol: 'B', price: 5, time: 61_000 },
      { symbol: 'A', price: 11, time: 124_200 },
      // Recorded in the live series' own seconds and minute: the live candles stand.
      { symbol: 'A', price: 99, time: 125_400 },
      { symbol: 'A', price: 98, time: 126_100 },
    ]);
    expect(book.read('sim', 'live', 'A', '1s', 0, 10)).toEqual([
      { time: 60_000, open: 10, high: 10, low: 10, close: 10 },
      { time: 124_000, open: 11, high: 11, low: 11, close: 11 },
      { time: 125_000, open: 20, high: 20, low: 20, close: 20 },
      { time: 126_000, open: 21, high: 21, low: 21, close: 21 },
    ]);
    // 124.2 s falls in the live series' first minute: that candle is the live one, as it was.
    expect(book.read('sim', 'live', 'A', '1m', 0, 10)).toEqual([
      { time: 60_000, open: 10, high: 10, low: 10, close: 10 },
      { time: 120_000, open: 20, high: 21, low: 20, close: 21 },
    ]);
    expect(book.read('sim', 'live', 'B', '1m', 0, 10)).toEqual([
      { time: 60_000, open: 5, high: 5, low: 5, close: 5 },
    ]);
    // Live ticks go on merging after the history.
    book.record('sim', 'live', [quote('A', 22, 126_900), quote('B', 6, 127_000)]);
    expect(book.read('sim', 'live', 'A', '1s', 126_000, 10)).toEqual([
      { time: 126_000, open: 21, high: 22, low: 21, close: 22 },
    ]);
    expect(book.read('sim', 'live', 'B', '1m', 0, 10).map((c) => c.close)).toEqual([5, 6]);
  });

  it("the module reads today's recorded days at start (not other days) into both views", async () => {
    const days = [
      { source: 'sim', day: '2026-11-20', origin: { kind: 'simulated' }, ticks: 1, firstTs: 0, lastTs: 0 },
      { source: 'sim', day: '2026-11-19', origin: { kind: 'simulated' }, ticks: 1, firstTs: 0, lastTs: 0 },
    ] as const;
    const loaded: string[] = [];
    const module = createCandlesModule({
      prices: { onQuotes: () => () => undefined },
      pricesOf: async () => {
        throw new Error('not asked');
      },
      requireUser: async () => undefined,
      history: {
        recordings: {
          listDays: async () => [...days],
          loadDay: async (source, day) => {
            loaded.push(`${source} ${day}`);
            return [{ symbol: 'A', price: 7, time: NOW - 60_000 }];
          },
        },
        now: () => NOW,
        logger: silentLogger(),
      },
    });
    await module.start?.();
    await module.backfilled;
    expect(loaded).toEqual(['sim 2026-11-20']);
    for (const view of ['live', 'practice'] as const)
      expect(module.book.read('sim', view, 'A', '1m', 0, 5)).toEqual([
        { time: NOW - 60_000, open: 7, high: 7, low: 7, close: 7 },
      ]);
    await module.close?.();
  });

  it('a history-only contract makes room first, and history never evicts a live series', () => {
    const book = new CandleBook({ secondCandles: 5, minuteCandles: 5, maxSeries: 2 });
    book.record('sim', 'live', [quote('A', 1, 1_000)]);
    book.backfill('sim', 'live', [{ symbol: 'H', price: 2, time: 500 }]);
    book.backfill('sim', 'live', [{ symbol: 'I', price: 3, time: 500 }]);
    expect(book.read('sim', 'live', 'I', '1s', 0, 5)).toEqual([]);
    book.record('sim', 'live', [quote('B', 1, 2_000)]);
    expect(book.read('sim', 'live', 'H', '1s', 0, 5)).toEqual([]);
    expect(book.read('sim', 'live', 'A', '1s', 0, 5)).toHaveLength(1);
    expect(book.read('sim', 'live', 'B', '1s', 0, 5)).toHaveLength(1);
  });
});

describe('GET /market/candles', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the candles built from the caller source ticks, from a time, and names a bad parameter', async () => {
    const feed = new ManualFeed();
    const clock = createFakeClock(NOW);
    t = await createTestApp({ clock, overrides: { priceFeed: feed } });
    const { token } = await createTestUser(t.app);
    const get = (query: Record<string, string>) =>
      t!.app.inject({
        method: 'GET',
        url: '/v1/options-x/market/candles',
        query,
        headers: authHeader(token),
      });

    feed.emit({ 'NIFTY 50': 26_000 }, NOW + 100);
    feed.emit({ 'NIFTY 50': 26_010 }, NOW + 900);
    feed.emit({ 'NIFTY 50': 25_990 }, NOW + 1_200);
    feed.emit({ 'NIFTY 50': 26_005 }, NOW + 61_000);

    const seconds = await get({ symbol: 'NIFTY 50', interval: '1s' });
    expect(seconds.statusCode).toBe(200);
    expect(seconds.json().data).toEqual({
      symbol: 'NIFTY 50',
      interval: '1s',
      candles: [
        { time: NOW, open: 26_000, high: 26_010, low: 26_000, close: 26_010 },
        { time: NOW + 1_000, open: 25_990, high: 25_990, low: 25_990, close: 25_990 },
        { time: NOW + 61_000, open: 26_005, high: 26_005, low: 26_005, close: 26_005 },
      ],
    });
    const minutes = await get({ symbol: 'NIFTY 50', interval: '1m', from: String(NOW + 60_000) });
    expect(minutes.json().data.candles).toEqual([
      { time: NOW + 60_000, open: 26_005, high: 26_005, low: 26_005, close: 26_005 },
    ]);
    const limited = await get({ symbol: 'NIFTY 50', interval: '1s', limit: '1' });
    expect(limited.json().data.candles).toHaveLength(1);
    expect((await get({ symbol: 'NOPE', interval: '1m' })).json().data.candles).toEqual([]);

    for (const [query, message] of [
      [{ symbol: 'NIFTY 50', interval: '5m' }, 'interval'],
      [{ interval: '1s' }, 'symbol'],
      [{ symbol: 'NIFTY 50', interval: '1s', from: 'yesterday' }, 'from'],
      [{ symbol: 'NIFTY 50', interval: '1s', limit: '5000' }, 'limit'],
    ] as const) {
      const refused = await get(query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/v1/options-x/market/candles?symbol=NIFTY%2050&interval=1s',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
