import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateTicks, bucketStart, CandleRing, mergeTick, type PriceTick } from './candles';

const tick = (ts: number, price: number): PriceTick => ({ ts, price });

describe('candles', () => {
  it('buckets ticks into OHLC candles aligned on the interval', () => {
    const candles = aggregateTicks(
      [tick(60_500, 100), tick(61_000, 103), tick(119_999, 99), tick(120_000, 101), tick(185_000, 102)],
      60_000,
    );
    expect(candles).toEqual([
      { time: 60_000, open: 100, high: 103, low: 99, close: 99 },
      { time: 120_000, open: 101, high: 101, low: 101, close: 101 },
      { time: 180_000, open: 102, high: 102, low: 102, close: 102 },
    ]);
  });

  it('merges a live tick into the last candle, starts a new one, and drops a late or bad tick', () => {
    const last = { time: 5_000, open: 10, high: 12, low: 9, close: 11 };
    expect(mergeTick(last, tick(5_900, 13), 1_000)).toEqual({
      kind: 'update',
      candle: { time: 5_000, open: 10, high: 13, low: 9, close: 13 },
    });
    expect(mergeTick(last, tick(6_000, 8), 1_000)).toEqual({
      kind: 'append',
      candle: { time: 6_000, open: 8, high: 8, low: 8, close: 8 },
    });
    expect(mergeTick(last, tick(4_999, 50), 1_000)).toEqual({ kind: 'ignore' });
    expect(mergeTick(last, tick(5_100, Number.NaN), 1_000)).toEqual({ kind: 'ignore' });
    expect(mergeTick(last, tick(5_100, 0), 1_000)).toEqual({ kind: 'ignore' });
  });

  it('keeps OHLC invariants for any ticks in time order', () => {
    const ticks = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 5_000 }), fc.double({ min: 0.05, max: 1e5, noNaN: true })), {
        maxLength: 200,
      })
      .map((pairs) => {
        let ts = 1_000_000;
        return pairs.map(([gap, price]) => {
          ts += gap;
          return tick(ts, price);
        });
      });
    fc.assert(
      fc.property(ticks, fc.constantFrom(1_000, 60_000), (series, interval) => {
        const candles = aggregateTicks(series, interval);
        // Every tick lands in exactly one candle, one candle per distinct bucket, buckets strictly rising.
        const buckets = new Set(series.map((t) => bucketStart(t.ts, interval)));
        expect(candles.map((c) => c.time)).toEqual([...buckets]);
        for (const candle of candles) {
          const inside = series
            .filter((t) => bucketStart(t.ts, interval) === candle.time)
            .map((t) => t.price);
          expect(candle.open).toBe(inside[0]);
          expect(candle.close).toBe(inside.at(-1));
          expect(candle.high).toBe(Math.max(...inside));
          expect(candle.low).toBe(Math.min(...inside));
        }
      }),
    );
  });

  it('a ring keeps the newest candles and answers from a time, bounded by a limit', () => {
    const ring = new CandleRing(1_000, 3);
    for (let s = 0; s < 5; s += 1) ring.add(tick(s * 1_000 + 10, 100 + s));
    expect(ring.size).toBe(3);
    expect(ring.since(0, 10).map((c) => c.time)).toEqual([2_000, 3_000, 4_000]);
    expect(ring.since(3_000, 10).map((c) => c.time)).toEqual([3_000, 4_000]);
    expect(ring.since(0, 2).map((c) => c.time)).toEqual([3_000, 4_000]);
    expect(ring.add(tick(1_000, 1))).toBe(false);
    expect(() => new CandleRing(1_000, 0)).toThrow(RangeError);
  });

  it('a ring agrees with aggregating the same ticks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -500, max: 3_000 }), fc.integer({ min: 1, max: 1_000 })), {
          maxLength: 100,
        }),
        fc.integer({ min: 1, max: 20 }),
        (steps, capacity) => {
          let ts = 10_000;
          const series = steps.map(([gap, price]) => {
            ts = Math.max(0, ts + gap);
            return tick(ts, price);
          });
          const ring = new CandleRing(1_000, capacity);
          for (const t of series) ring.add(t);
          expect(ring.since(0, capacity)).toEqual(aggregateTicks(series, 1_000).slice(-capacity));
        },
      ),
    );
  });
});
