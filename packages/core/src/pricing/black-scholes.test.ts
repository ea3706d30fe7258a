import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes, type OptionInputs, optionDelta, optionPrice } from './black-scholes';
import { impliedVolatility, priceBounds } from './implied-volatility';

const base = { spot: 100, strike: 100, timeYears: 1, vol: 0.2, rate: 0.05 };

describe('Black-Scholes', () => {
  it('matches the textbook case S=K=100, T=1, r=5%, vol=20%', () => {
    const call = blackScholes({ ...base, optionType: 'CE' });
    expect(call.price).toBeCloseTo(10.450583572185565, 12);
    expect(call.delta).toBeCloseTo(0.6368306511756191, 12);
    expect(call.gamma).toBeCloseTo(0.018762017345846895, 12);
    expect(call.vega).toBeCloseTo(37.52403469169379, 10);
    expect(call.theta).toBeCloseTo(-6.414027546438197, 10);
    const put = blackScholes({ ...base, optionType: 'PE' });
    expect(put.price).toBeCloseTo(5.573526022256971, 12);
    expect(put.delta).toBeCloseTo(0.6368306511756191 - 1, 12);
    expect(put.theta).toBeCloseTo(-1.657880423934626, 10);
    expect(put.gamma).toBe(call.gamma);
  });

  it('falls back to intrinsic value at expiry or with zero vol', () => {
    expect(blackScholes({ ...base, optionType: 'CE', spot: 110, timeYears: 0 })).toEqual({
      price: 10,
      delta: 1,
      gamma: 0,
      vega: 0,
      theta: 0,
    });
    expect(optionPrice({ ...base, optionType: 'PE', spot: 110, timeYears: 0 })).toBe(0);
    expect(optionDelta({ ...base, optionType: 'PE', spot: 90, timeYears: 0 })).toBe(-1);
    expect(optionPrice({ ...base, optionType: 'CE', vol: 0, rate: 0, spot: 105 })).toBe(5);
  });

  const inputs = fc.record({
    spot: fc.double({ min: 1_000, max: 100_000, noNaN: true }),
    moneyness: fc.double({ min: 0.7, max: 1.3, noNaN: true }),
    timeYears: fc.double({ min: 1 / 365, max: 2, noNaN: true }),
    vol: fc.double({ min: 0.03, max: 1.5, noNaN: true }),
    rate: fc.double({ min: 0, max: 0.1, noNaN: true }),
  });
  const toInputs = (r: {
    spot: number;
    moneyness: number;
    timeYears: number;
    vol: number;
    rate: number;
  }) => ({
    spot: r.spot,
    strike: r.spot * r.moneyness,
    timeYears: r.timeYears,
    vol: r.vol,
    rate: r.rate,
  });

  it('satisfies put-call parity C - P = S - K e^(-rT) (property)', () => {
    fc.assert(
      fc.property(inputs, (r) => {
        const i = toInputs(r);
        const call = optionPrice({ ...i, optionType: 'CE' });
        const put = optionPrice({ ...i, optionType: 'PE' });
        const forward = i.spot - i.strike * Math.exp(-i.rate * i.timeYears);
        expect(Math.abs(call - put - forward)).toBeLessThan(1e-9 * i.spot);
      }),
    );
  });

  it('keeps call delta in [0,1], put delta in [-1,0], gamma and vega non-negative (property)', () => {
    fc.assert(
      fc.property(inputs, (r) => {
        const i = toInputs(r);
        const call = blackScholes({ ...i, optionType: 'CE' });
        const put = blackScholes({ ...i, optionType: 'PE' });
        expect(call.delta).toBeGreaterThanOrEqual(0);
        expect(call.delta).toBeLessThanOrEqual(1);
        expect(put.delta).toBeGreaterThanOrEqual(-1);
        expect(put.delta).toBeLessThanOrEqual(0);
        expect(call.delta - put.delta).toBeCloseTo(1, 12);
        expect(call.gamma).toBeGreaterThanOrEqual(0);
        expect(call.vega).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('has delta equal to the numerical derivative of price', () => {
    const i: OptionInputs = {
      ...base,
      optionType: 'CE',
      spot: 26000,
      strike: 26100,
      timeYears: 7 / 365,
      vol: 0.13,
    };
    const h = 0.01;
    const numeric =
      (optionPrice({ ...i, spot: i.spot + h }) - optionPrice({ ...i, spot: i.spot - h })) / (2 * h);
    expect(optionDelta(i)).toBeCloseTo(numeric, 6);
  });
});

describe('implied volatility', () => {
  it('recovers the textbook vol', () => {
    expect(impliedVolatility(10.450583572185565, { ...base, optionType: 'CE' })).toBeCloseTo(0.2, 10);
    expect(impliedVolatility(5.573526022256971, { ...base, optionType: 'PE' })).toBeCloseTo(0.2, 10);
  });

  it.each([
    ['below intrinsic', 4, { ...base, spot: 110, rate: 0 }],
    ['at intrinsic', 10, { ...base, spot: 110, rate: 0 }],
    ['above the spot', 101, base],
    ['zero', 0, base],
    ['negative', -1, base],
    ['NaN', Number.NaN, base],
    ['expired', 5, { ...base, timeYears: 0 }],
  ])('is undefined for a call price %s', (_label, price, i) => {
    expect(impliedVolatility(price, { ...i, optionType: 'CE' })).toBeUndefined();
  });

  it('gives the arbitrage bounds', () => {
    expect(priceBounds({ optionType: 'PE', spot: 90, strike: 100, timeYears: 1, rate: 0 })).toEqual({
      lower: 10,
      upper: 100,
    });
  });

  it('round-trips the price of any option with meaningful vega (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('CE' as const, 'PE' as const),
        fc.double({ min: 5_000, max: 90_000, noNaN: true }),
        fc.double({ min: 0.8, max: 1.2, noNaN: true }),
        fc.double({ min: 1 / 365, max: 1, noNaN: true }),
        fc.double({ min: 0.05, max: 1.5, noNaN: true }),
        (optionType, spot, moneyness, timeYears, vol) => {
          const i = { optionType, spot, strike: spot * moneyness, timeYears, rate: 0.065 };
          const { price, vega } = blackScholes({ ...i, vol });
          const { lower } = priceBounds(i);
          // With no time value left to speak of, many vols give the same price: nothing to recover.
          fc.pre(price - lower > 1e-6 * spot && vega > 1e-4 * spot);
          const iv = impliedVolatility(price, i);
          expect(iv).toBeDefined();
          expect(Math.abs(optionPrice({ ...i, vol: iv! }) - price)).toBeLessThan(1e-7 * spot);
          expect(iv!).toBeCloseTo(vol, 5);
        },
      ),
      { numRuns: 500 },
    );
  });
});
