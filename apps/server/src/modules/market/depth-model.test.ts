import { istEpochMs } from '@xtrader/core/market/dates';
import { INDEX_TABLE } from '@xtrader/core/market/indices';
import { isOnTickGrid, toPaise } from '@xtrader/core/orders/price-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InstrumentCatalog } from '../instruments/catalog';
import { generateInstruments } from '../instruments/generate';
import type { RawTick } from './contract';
import { type DepthInputs, simulatedDepth, spreadTicks } from './depth-model';
import { modelPrice, toTradablePrice } from './option-model';
import { createRandom } from './rng';
import { SimulatorFeed } from './simulator';

// Monday 23 Nov 2026, 10:00 IST (market open).
const NOW = istEpochMs('2026-11-23', 10, 0);
const catalog = new InstrumentCatalog();
catalog.replace(generateInstruments({ now: NOW }));
const tradables = [...catalog.all()].filter((row) => row.instrument_type !== 'INDEX');
const SPOT = INDEX_TABLE.NIFTY.referenceSpot;
const VOL = INDEX_TABLE.NIFTY.annualVol;

const inputsFor = (symbol: string, now = NOW, speed = 1, spot = SPOT): DepthInputs => {
  const instrument = catalog.bySymbol(symbol)!;
  return { instrument, fair: modelPrice(instrument, spot, VOL, now).value, spot, atmVol: VOL, now, speed };
};

describe('simulated order book', () => {
  it('is a sane book: on the grid, whole lots, bid below ask around the last price, levels moving away', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tradables),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.double({ min: 0.8, max: 1.2, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        (instrument, seed, move, speed) => {
          const info = INDEX_TABLE[instrument.name as keyof typeof INDEX_TABLE];
          const spot = info.referenceSpot * move;
          const fair = modelPrice(instrument, spot, info.annualVol, NOW).value;
          const depth = simulatedDepth(
            { instrument, fair, spot, atmVol: info.annualVol, now: NOW, speed },
            createRandom(seed),
          );
          const last = toTradablePrice(fair);
          expect(depth.sell).toHaveLength(5);
          expect(depth.buy.length).toBeGreaterThanOrEqual(1);
          expect(toPaise(depth.buy[0]!.price)).toBeLessThanOrEqual(toPaise(last));
          expect(toPaise(depth.sell[0]!.price)).toBeGreaterThanOrEqual(toPaise(last));
          expect(toPaise(depth.buy[0]!.price)).toBeLessThan(toPaise(depth.sell[0]!.price));
          for (const side of [depth.buy, depth.sell]) {
            for (const level of side) {
              expect(isOnTickGrid(level.price)).toBe(true);
              expect(level.price).toBeGreaterThanOrEqual(0.05);
              expect(level.quantity % instrument.lot_size).toBe(0);
              expect(level.quantity).toBeGreaterThan(0);
            }
          }
          for (let i = 1; i < depth.buy.length; i++)
            expect(depth.buy[i]!.price).toBeLessThan(depth.buy[i - 1]!.price);
          for (let i = 1; i < 5; i++) expect(depth.sell[i]!.price).toBeGreaterThan(depth.sell[i - 1]!.price);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('quotes an at-the-money option one or two ticks wide and widens for far strikes', () => {
    const atm = spreadTicks(inputsFor('NIFTY26NOV26000CE'));
    expect(atm).toBeGreaterThanOrEqual(1);
    expect(atm).toBeLessThanOrEqual(2);
    // The same premium on a strike far from the money quotes wider.
    const near = inputsFor('NIFTY26NOV26000CE');
    const far = { ...inputsFor('NIFTY26NOV25000PE'), fair: near.fair };
    expect(spreadTicks(far)).toBeGreaterThan(spreadTicks(near));
    // A nearly worthless option still quotes one tick wide, not a tenth of nothing.
    expect(spreadTicks({ ...far, fair: 0.04 })).toBe(1);
  });

  it('widens in the last day before expiry and in fast moves, and thins the size', () => {
    const calm = { ...inputsFor('NIFTY26NOV26500CE', istEpochMs('2026-11-20', 10, 0)), fair: 60 };
    const expiryDay = { ...inputsFor('NIFTY26NOV26500CE', istEpochMs('2026-11-24', 14, 0)), fair: 60 };
    const fast = { ...calm, speed: 3 };
    expect(spreadTicks(expiryDay)).toBeGreaterThan(spreadTicks(calm));
    expect(spreadTicks(fast)).toBeGreaterThan(spreadTicks(calm));
    const size = (inputs: DepthInputs) =>
      simulatedDepth(inputs, createRandom(7)).sell.reduce((sum, level) => sum + level.quantity, 0);
    expect(size(fast)).toBeLessThan(size(calm));
  });
});

describe('simulator ticks with depth', () => {
  it('carries a fresh book on every tradable tick and none on an index', () => {
    const feed = new SimulatorFeed({ directory: catalog, clock: { now: () => NOW }, seed: 3 });
    const seen: RawTick[] = [];
    feed.onTicks((ticks) => seen.push(...ticks.map((tick) => ({ ...tick }))));
    feed.subscribe(['NIFTY 50', 'NIFTY26NOV26000CE', 'NIFTY26NOVFUT']);
    for (let i = 1; i <= 20; i++) feed.runCycle(NOW + i * 100);
    const option = seen.filter((tick) => tick.symbol === 'NIFTY26NOV26000CE');
    expect(option.length).toBeGreaterThan(2);
    for (const tick of option) {
      expect(tick.depth!.buy[0]!.price).toBeLessThanOrEqual(tick.price);
      expect(tick.depth!.sell[0]!.price).toBeGreaterThanOrEqual(tick.price);
    }
    expect(new Set(option.map((tick) => tick.depth)).size).toBe(option.length);
    expect(seen.find((tick) => tick.symbol === 'NIFTY26NOVFUT')?.depth?.sell).toHaveLength(5);
    expect(seen.filter((tick) => tick.symbol === 'NIFTY 50').every((tick) => tick.depth === undefined)).toBe(
      true,
    );
    expect(feed.priceAsOf('NIFTY26NOV26000CE', NOW + 1000)?.depth?.buy.length).toBeGreaterThan(0);
  });
});
