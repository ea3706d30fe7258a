import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampMarketProtection,
  defaultStopLossTrigger,
  fromPaise,
  isOnTickGrid,
  isValidOrderPrice,
  marketProtectionFraction,
  marketProtectionPrice,
  normalizeModifyStep,
  orderTypeFor,
  otrBand,
  roundMoney,
  roundToHalf,
  roundToTick,
  stepPrice,
  toPaise,
  withinOtrBand,
} from './price-rules';

describe('tick rounding', () => {
  it.each([
    [12.34, 12.35],
    [12.32, 12.3],
    [12.325, 12.35], // a half rounds up
    [12.3249, 12.3],
    [0.025, 0.05],
    [0.024, 0],
    [100, 100],
    [1.005, 1],
    [0.1 + 0.2, 0.3],
    [-12.325, -12.35],
    [25999.975, 26000],
  ])('roundToTick(%d) = %d', (price, expected) => {
    expect(roundToTick(price)).toBe(expected);
  });

  it('rounds to other ticks', () => {
    expect(roundToTick(12.34, 0.1)).toBe(12.3);
    expect(roundToTick(12.35, 0.1)).toBe(12.4);
  });

  it.each([
    [12.24, 12],
    [12.25, 12.5],
    [12.74, 12.5],
    [12.75, 13],
    [0.2, 0],
  ])('roundToHalf(%d) = %d', (price, expected) => {
    expect(roundToHalf(price)).toBe(expected);
  });

  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1234.5649, 1234.56],
    [-0.005, -0.01],
  ])('roundMoney(%d) = %d', (amount, expected) => {
    expect(roundMoney(amount)).toBe(expected);
  });

  it('passes NaN through rather than inventing a price', () => {
    expect(Number.isNaN(roundToTick(Number.NaN))).toBe(true);
    expect(() => roundToTick(1, 0)).toThrow(RangeError);
  });

  it('lands exactly on the two-decimal grid (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (price) => {
        const rounded = roundToTick(price);
        expect(isOnTickGrid(rounded)).toBe(true);
        expect(rounded).toBe(Number(rounded.toFixed(2)));
        expect(Math.abs(rounded - price)).toBeLessThanOrEqual(0.025 + 1e-9);
        expect(roundToTick(rounded)).toBe(rounded);
      }),
    );
  });

  it('checks the grid and converts paise', () => {
    expect(isOnTickGrid(12.35)).toBe(true);
    expect(isOnTickGrid(12.36)).toBe(false);
    expect(isOnTickGrid(Number.POSITIVE_INFINITY)).toBe(false);
    expect(toPaise(12.35)).toBe(1235);
    expect(fromPaise(1235)).toBe(12.35);
  });
});

describe('order prices', () => {
  it.each([
    [0.05, true],
    [0.04, false],
    [0, false],
    [-1, false],
    [Number.NaN, false],
    [150.5, true],
  ])('isValidOrderPrice(%d) is %s', (price, expected) => {
    expect(isValidOrderPrice(price)).toBe(expected);
  });

  it.each([
    [100, 0.05, 'up', 100.05],
    [100, 0.05, 'down', 99.95],
    [100, 0.5, 'up', 100.5],
    [100, 0.01, 'up', 100.05], // step never below 0.05
    [0.05, 0.05, 'down', 0],
    [0.03, 0.05, 'down', 0], // never below 0
    [12.3, 0.07, 'up', 12.35], // step snapped to the grid first
  ] as const)('stepPrice(%d, %d, %s) = %d', (price, step, direction, expected) => {
    expect(stepPrice(price, step, direction)).toBe(expected);
  });

  it('normalises the modify step', () => {
    expect(normalizeModifyStep(0)).toBe(0.05);
    expect(normalizeModifyStep(0.26)).toBe(0.25);
    expect(normalizeModifyStep(Number.NaN)).toBe(0.05);
  });

  it.each([
    [100, 'buy', 10, 110],
    [100, 'sell', 10, 90],
    [12.37, 'buy', 3, 12.75],
    [12.34, 'buy', 5, 12.95],
    [0.05, 'sell', 10, 0.05], // never below 0.05
    [0.3, 'sell', 100, 0.05],
    [245.6, 'buy', 0, 245.6],
  ] as const)('marketProtectionPrice(%d, %s, %d%%) = %d', (ltp, side, percent, expected) => {
    expect(marketProtectionPrice(ltp, side, percent)).toBe(expected);
  });

  it.each([
    [5, 5],
    [-5, 5],
    [12, 10],
    [10, 10],
    [2.345, 2.35],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 10],
  ])('clampMarketProtection(%d) = %d', (value, expected) => {
    expect(clampMarketProtection(value)).toBe(expected);
  });

  it('sends market protection as a fraction', () => {
    expect(marketProtectionFraction({ enabled: true, percentage: 10 })).toBe(0.1);
    expect(marketProtectionFraction({ enabled: true, percentage: 25 })).toBe(0.1);
    expect(marketProtectionFraction({ enabled: false, percentage: 10 })).toBe(0);
  });

  it.each([
    [100, 'buy', 25, 125],
    [100, 'sell', 25, 75],
    [20, 'sell', 25, 0.05],
    [100.02, 'buy', 25, 125],
    [100.03, 'sell', 0.5, 99.55],
  ] as const)('defaultStopLossTrigger(%d, %s, %d) = %d', (ltp, side, points, expected) => {
    expect(defaultStopLossTrigger(ltp, side, points)).toBe(expected);
  });

  it.each([
    [{ marketProtection: false }, 'market'],
    [{ marketProtection: true }, 'limit'],
    [{ marketProtection: false, triggerPrice: 120 }, 'limit'],
    [{ marketProtection: false, triggerPrice: null }, 'market'],
  ])('orderTypeFor(%j) = %s', (input, expected) => {
    expect(orderTypeFor(input)).toBe(expected);
  });
});

describe('order-to-trade-ratio band', () => {
  it('is 40% of the last price either side, or Rs 20 when that is wider', () => {
    expect(otrBand(200)).toEqual({ low: 120, high: 280 });
    expect(otrBand(30)).toEqual({ low: 10, high: 50 });
    expect(otrBand(8)).toEqual({ low: 0, high: 28 });
    expect(withinOtrBand(120, 200)).toBe(true);
    expect(withinOtrBand(119.95, 200)).toBe(false);
    expect(withinOtrBand(280.05, 200)).toBe(false);
    expect(withinOtrBand(1, 8)).toBe(true);
  });
});
