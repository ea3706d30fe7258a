import { describe, expect, it } from 'vitest';
import type { RawTick } from './contract';
import { parseReplayCsv, ReplayFeed } from './replay';

const FILE = `time,symbol,price
2026-11-23T09:15:00.000+05:30,NIFTY 50,26000
2026-11-23T09:15:01.000+05:30,NIFTY 50,26001.27
1795405501500,NIFTY26NOV26000CE,120.02
2026-11-23T09:15:02.000+05:30,NIFTY 50,oops
2026-11-23T09:15:03.000+05:30,NIFTY 50,26003
`;

describe('replay feed', () => {
  it('reads time,symbol,price rows (ISO or epoch), reporting bad ones', () => {
    const { ticks, errors } = parseReplayCsv(FILE);
    expect(ticks.map((t) => [t.symbol, t.price])).toEqual([
      ['NIFTY 50', 26000],
      ['NIFTY 50', 26001.27],
      ['NIFTY26NOV26000CE', 120.02],
      ['NIFTY 50', 26003],
    ]);
    expect(errors).toEqual(['row 5: expected time,symbol,price with a positive price']);
  });

  it('plays subscribed symbols at the given speed, on the tick grid, then loops', async () => {
    let now = 1_000_000;
    const feed = new ReplayFeed({ ticks: parseReplayCsv(FILE).ticks, clock: { now: () => now }, speed: 2 });
    const seen: RawTick[] = [];
    feed.onTicks((batch) => seen.push(...batch.map((t) => ({ ...t }))));
    feed.subscribe(['NIFTY 50']);
    await feed.start();
    await feed.stop();
    feed.advance(now);
    expect(seen).toEqual([{ symbol: 'NIFTY 50', price: 26000, ts: now }]);
    now += 499;
    feed.advance(now);
    expect(seen).toHaveLength(1);
    now += 1;
    feed.advance(now); // recorded +1 s at 2x
    expect(seen[1]).toEqual({ symbol: 'NIFTY 50', price: 26001.25, ts: now });
    now += 1000; // recorded +3 s: the unsubscribed option is skipped
    feed.advance(now);
    expect(seen.map((t) => t.price)).toEqual([26000, 26001.25, 26003]);
    // A later subscriber gets the last price at once.
    feed.subscribe(['NIFTY26NOV26000CE']);
    expect(seen[3]).toMatchObject({ symbol: 'NIFTY26NOV26000CE', price: 120 });
    // The file spans 3 s plus one average gap (1 s): at 2x the second loop starts 2 s in.
    now = 1_000_000 + 1999;
    feed.advance(now);
    expect(seen).toHaveLength(4);
    now += 1;
    feed.advance(now);
    expect(seen[4]).toEqual({ symbol: 'NIFTY 50', price: 26000, ts: now });
  });

  it('tells what a symbol played a few seconds ago, subscribed or not', () => {
    let now = 1_000_000;
    const feed = new ReplayFeed({ ticks: parseReplayCsv(FILE).ticks, clock: { now: () => now }, speed: 1 });
    feed.advance(now);
    now += 1500;
    feed.advance(now); // the option plays at +1.5 s, unsubscribed
    now += 1500;
    feed.advance(now);
    expect(feed.priceAsOf('NIFTY26NOV26000CE', now - 1000)).toEqual({
      symbol: 'NIFTY26NOV26000CE',
      price: 120,
      ts: 1_001_500,
    });
    // Prices carry the time they were played.
    expect(feed.priceAsOf('NIFTY 50', 1_001_499)?.price).toBe(26000);
    expect(feed.priceAsOf('NIFTY 50', 1_001_500)?.price).toBe(26001.25);
    // Nothing played that long ago: no price rather than a newer one.
    expect(feed.priceAsOf('NIFTY26NOV26000CE', 1_001_000)).toBeUndefined();
  });
});
