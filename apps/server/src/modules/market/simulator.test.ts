import { istEpochMs } from '@xtrader/core/market/dates';
import { timeToExpiryYears } from '@xtrader/core/market/expiry';
import { INDEX_TABLE } from '@xtrader/core/market/indices';
import { isOnTickGrid } from '@xtrader/core/orders/price-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InstrumentCatalog } from '../instruments/catalog';
import { generateInstruments } from '../instruments/generate';
import type { RawTick } from './contract';
import { MARKET_RATE, modelPrice, toTradablePrice } from './option-model';
import { SimulatorFeed } from './simulator';

// Monday 23 Nov 2026, 10:00 IST (market open).
const NOW = istEpochMs('2026-11-23', 10, 0);
const catalog = new InstrumentCatalog();
catalog.replace(generateInstruments({ now: NOW }));
const options = [...catalog.all()].filter(
  (row) => row.instrument_type === 'CE' || row.instrument_type === 'PE',
);

/** Runs `cycles` cycles 100 ms apart and returns copies of every tick emitted. */
function run(feed: SimulatorFeed, cycles: number, start = NOW): RawTick[] {
  const seen: RawTick[] = [];
  feed.onTicks((ticks) => seen.push(...ticks.map((tick) => ({ ...tick }))));
  for (let i = 1; i <= cycles; i += 1) feed.runCycle(start + i * 100);
  return seen;
}

const simulator = (seed: number, extra: Partial<ConstructorParameters<typeof SimulatorFeed>[0]> = {}) =>
  new SimulatorFeed({ directory: catalog, clock: { now: () => NOW }, seed, ...extra });

describe('market simulator', () => {
  it('prices every tick on the 0.05 grid and never below 0.05', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.subarray(options, { minLength: 1, maxLength: 12 }),
        (seed, picked) => {
          const feed = simulator(seed);
          feed.subscribe(['NIFTY 50', 'SENSEX', ...picked.map((row) => row.tradingsymbol)]);
          for (const tick of run(feed, 30)) {
            expect(isOnTickGrid(tick.price), `${tick.symbol} ${tick.price}`).toBe(true);
            expect(tick.price).toBeGreaterThanOrEqual(0.05);
            expect(isOnTickGrid(tick.close!)).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps calls and puts in put-call parity within rounding, with call delta in [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...options.filter((row) => row.instrument_type === 'CE')),
        fc.double({ min: 0.9, max: 1.1, noNaN: true }),
        fc.integer({ min: 0, max: 6 * 3_600_000 }),
        (call, move, later) => {
          const now = NOW + later;
          const put = catalog.option(call.name, call.expiry!, 'PE', call.strike)!;
          const info = INDEX_TABLE[call.name as keyof typeof INDEX_TABLE];
          const spot = info.referenceSpot * move;
          const c = modelPrice(call, spot, info.annualVol, now);
          const p = modelPrice(put, spot, info.annualVol, now);
          const discountedStrike =
            call.strike * Math.exp(-MARKET_RATE * timeToExpiryYears(call.expiry!, now, call.exchange));
          // Exact in the model; each traded price is rounded to 0.05 and floored at 0.05.
          expect(Math.abs(c.value - p.value - (spot - discountedStrike))).toBeLessThan(1e-6 * spot);
          const traded = toTradablePrice(c.value) - toTradablePrice(p.value);
          expect(Math.abs(traded - (spot - discountedStrike))).toBeLessThanOrEqual(0.1 + 1e-9);
          expect(c.delta).toBeGreaterThanOrEqual(0);
          expect(c.delta).toBeLessThanOrEqual(1);
          expect(p.delta).toBeGreaterThanOrEqual(-1);
          expect(p.delta).toBeLessThanOrEqual(0);
          expect(c.delta! - p.delta!).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('prices futures at fair value and skews the smile towards low strikes', () => {
    const future = catalog.future('NIFTY', '2026-12-29')!;
    const years = timeToExpiryYears('2026-12-29', NOW, 'NFO');
    expect(modelPrice(future, 26_000, 0.13, NOW).value).toBeCloseTo(
      26_000 * Math.exp(MARKET_RATE * years),
      6,
    );
    const low = modelPrice(catalog.option('NIFTY', '2026-12-29', 'PE', 25_000)!, 26_000, 0.13, NOW).vol!;
    const atm = modelPrice(catalog.option('NIFTY', '2026-12-29', 'PE', 26_000)!, 26_000, 0.13, NOW).vol!;
    expect(low).toBeGreaterThan(atm);
  });

  it('is deterministic for a seed and a sequence of cycles', () => {
    const symbols = ['NIFTY 50', 'NIFTY26NOV26000CE', 'NIFTY26NOV26000PE', 'BANKNIFTY26NOVFUT'];
    const a = simulator(42);
    const b = simulator(42);
    a.subscribe(symbols);
    b.subscribe(symbols);
    expect(run(a, 50)).toEqual(run(b, 50));
    const c = simulator(43);
    const d = simulator(42);
    c.subscribe(symbols);
    d.subscribe(symbols);
    expect(run(c, 50)).not.toEqual(run(d, 50));
  });

  it('ticks only subscribed symbols, irregularly at about the configured rate', () => {
    const feed = simulator(7, { ticksPerSecond: 3 });
    feed.subscribe(['NIFTY 50', 'NIFTY26NOV26000CE']);
    const ticks = run(feed, 600); // 60 s
    expect(new Set(ticks.map((tick) => tick.symbol))).toEqual(new Set(['NIFTY 50', 'NIFTY26NOV26000CE']));
    const niftyTicks = ticks.filter((tick) => tick.symbol === 'NIFTY 50').length;
    expect(niftyTicks).toBeGreaterThan(120);
    expect(niftyTicks).toBeLessThan(240);
    feed.unsubscribe(['NIFTY26NOV26000CE']);
    const after: RawTick[] = [];
    feed.onTicks((batch) => after.push(...batch));
    for (let i = 1; i <= 50; i += 1) feed.runCycle(NOW + 60_000 + i * 100);
    expect(after.every((tick) => tick.symbol === 'NIFTY 50')).toBe(true);
  });

  it('moves the index with its intraday volatility', () => {
    const feed = simulator(11);
    feed.subscribe(['NIFTY 50']);
    const ticks = run(feed, 36_000); // one hour
    const returns = ticks.slice(1).map((tick, i) => Math.log(tick.price / ticks[i]!.price));
    const hourlyVol = Math.sqrt(returns.reduce((sum, r) => sum + r * r, 0));
    // 13% a year over 252 days of 6.25 hours: about 0.33% an hour.
    expect(hourlyVol).toBeGreaterThan(0.002);
    expect(hourlyVol).toBeLessThan(0.005);
  });

  it('following exchange hours, stays still when the market is shut (after one first tick)', () => {
    const sunday = istEpochMs('2026-11-22', 11, 0);
    const feed = simulator(5, { marketHours: true });
    feed.subscribe(['NIFTY 50', 'NIFTY26NOV26000CE']);
    const ticks = run(feed, 100, sunday);
    expect(ticks.map((tick) => tick.symbol).sort()).toEqual(['NIFTY 50', 'NIFTY26NOV26000CE']);
    const atAnyHour = simulator(5);
    atAnyHour.subscribe(['NIFTY 50']);
    expect(run(atAnyHour, 100, sunday).length).toBeGreaterThan(10);
  });

  it('tells what a contract nobody subscribed cost a few seconds ago, from the index level then', () => {
    const feed = simulator(21);
    const ce = catalog.bySymbol('NIFTY26NOV26000CE')!;
    const vol = INDEX_TABLE.NIFTY.annualVol;
    const levels: number[] = [];
    for (let i = 1; i <= 100; i += 1) {
      feed.runCycle(NOW + i * 100);
      levels.push(feed.spotOf('NIFTY'));
    }
    const fiveSecondsAgo = NOW + 5000; // cycle 50
    const expected = toTradablePrice(modelPrice(ce, levels[49]!, vol, fiveSecondsAgo).value);
    expect(feed.priceAsOf(ce.tradingsymbol, fiveSecondsAgo)).toMatchObject({
      symbol: ce.tradingsymbol,
      price: expected,
      ts: fiveSecondsAgo,
    });
    // Between two cycles the level of the earlier one holds.
    expect(feed.priceAsOf(ce.tradingsymbol, fiveSecondsAgo + 60)?.price).toBe(expected);
    expect(feed.priceAsOf('NIFTY 50', fiveSecondsAgo)?.price).toBe(toTradablePrice(levels[49]!));
    // Before the simulator started, the index stood at its starting level.
    expect(feed.priceAsOf('NIFTY 50', NOW - 60_000)?.price).toBe(INDEX_TABLE.NIFTY.referenceSpot);
    expect(feed.priceAsOf('NOT A SYMBOL', fiveSecondsAgo)).toBeUndefined();
  });

  it('resolves symbols the master lists only later', () => {
    const empty = new InstrumentCatalog();
    const feed = new SimulatorFeed({ directory: empty, clock: { now: () => NOW }, seed: 1 });
    feed.subscribe(['NIFTY26NOV26000CE']);
    expect(run(feed, 5)).toEqual([]);
    empty.replace(generateInstruments({ now: NOW }));
    const later: RawTick[] = [];
    feed.onTicks((batch) => later.push(...batch));
    feed.runCycle(NOW + 10_000);
    expect(later.map((tick) => tick.symbol)).toEqual(['NIFTY26NOV26000CE']);
  });
});
