import { isOnTickGrid } from '@xtrader/core/orders/price-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketProtectionParam, optionProtectionPercent, stopLimitPrice } from './order-rules';

describe('market protection', () => {
  it.each([
    [undefined, -1],
    [0, -1],
    [-3, -1],
    [Number.NaN, -1],
    [2.4, 2],
    [0.2, 1],
    [150, 100],
  ])('%s -> %s', (given, expected) => expect(marketProtectionParam(given)).toBe(expected));

  it.each([
    [5, 5],
    [10, 3],
    [99.95, 3],
    [100, 2],
    [500, 2],
    [500.05, 1],
  ])('option slab at %s is %s%%', (price, percent) => expect(optionProtectionPercent(price)).toBe(percent));
});

describe('stop-limit buffer', () => {
  it('is on the grid, at least a tick beyond the trigger, and never below 0.05', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
        (ticks, side, percent) => {
          const trigger = ticks * 0.05;
          const price = stopLimitPrice(trigger, side, percent);
          expect(isOnTickGrid(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(0.05);
          if (side === 'buy') expect(price).toBeGreaterThan(trigger);
          else if (trigger > 0.05) expect(price).toBeLessThan(trigger);
        },
      ),
    );
  });

  it('widens small prices by a tick when the percentage rounds to nothing', () => {
    expect(stopLimitPrice(0.5, 'buy', undefined)).toBe(0.55);
    expect(stopLimitPrice(0.5, 'sell', undefined)).toBe(0.45);
  });
});

describe("stop-limit at the user's trigger/limit difference", () => {
  it('puts the limit that far beyond the trigger, in the direction of the fill', () => {
    expect(stopLimitPrice(100, 'sell', 10, 1.5)).toBe(98.5);
    expect(stopLimitPrice(100, 'buy', 10, 1.5)).toBe(101.5);
    expect(stopLimitPrice(100, 'sell', undefined, 2)).toBe(98);
  });

  it("keeps it within the broker's protection: at most the protection buffer, at least a tick, never below 0.05", () => {
    expect(stopLimitPrice(100, 'sell', 10, 25)).toBe(90);
    expect(stopLimitPrice(100, 'buy', 10, 25)).toBe(110);
    expect(stopLimitPrice(100, 'sell', undefined, 25)).toBe(90);
    expect(stopLimitPrice(100, 'sell', 10, 0.01)).toBe(99.95);
    expect(stopLimitPrice(0.1, 'sell', 10, 5)).toBe(0.05);
  });
});
