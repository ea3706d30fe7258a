import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ManualFeed } from '../market/manual-feed';
import { CandleBook } from './candle-book';

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
