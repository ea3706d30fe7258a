import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyCostBeyondFunds,
  FOLLOW_UP_MULTIPLIER_OPTIONS,
  followUpQuantity,
  icebergLegs,
  maxQuantityPerOrder,
  maxQuantityPerRequest,
  QUANTITY_MULTIPLIER_OPTIONS,
  roundQuantityToLots,
  sliceByFreeze,
  stepQuantity,
} from './quantity-rules';

describe('lot rounding', () => {
  it.each([
    [10000, 65, 1, 10010], // 153.8 lots -> 154
    [97, 65, 1, 65],
    [98, 65, 1, 130],
    [0, 65, 1, 65], // at least one lot
    [-100, 65, 1, 65],
    [130, 65, 3, 390],
    [100, undefined, 1, 75], // fallback lot 75
    [150, 0, 2, 300],
    [10000, 30, 1, 9990], // 333.3 lots -> 333
    [Number.NaN, 20, 1, 20],
  ])('roundQuantityToLots(%d, %s, x%d) = %d', (qty, lot, multiplier, expected) => {
    expect(roundQuantityToLots(qty, lot, multiplier)).toBe(expected);
  });

  it('always yields a positive lot multiple (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 20 }),
        (q, lot, m) => {
          const result = roundQuantityToLots(q, lot, m);
          expect(result % (lot * m)).toBe(0);
          expect(result).toBeGreaterThanOrEqual(lot * m);
        },
      ),
    );
  });

  it.each([
    [130, 65, 'up', 195],
    [130, 65, 'down', 65],
    [65, 65, 'down', 0],
    [50, 65, 'down', 50], // minus ignored below 0
  ] as const)('stepQuantity(%d, %d, %s) = %d', (qty, lot, direction, expected) => {
    expect(stepQuantity(qty, lot, direction)).toBe(expected);
  });
});

describe('follow-up quantity', () => {
  it.each([
    [650, 65, 30, 1, 300], // 10 lots of NIFTY -> 10 lots of BANKNIFTY
    [650, 65, 30, 0.3, 90], // exactly 3 lots, not 2.9999
    [650, 65, 30, 0.7, 210],
    [650, 65, 30, 0.05, 0], // floored to whole lots, min 0
    [195, 65, 30, 0.5, 30], // 1.5 lots -> 1
    [650, 65, 30, 2.5, 750],
    [300, 75, 65, 1.1, 260], // 4 lots x 1.1 = 4.4 -> 4 lots
    [0, 65, 30, 1, 0],
    [650, 65, 30, -1, 0],
    [150, undefined, 20, 1, 40], // fallback base lot 75
  ])('followUpQuantity(%d, lot %s, follow lot %s, x%d) = %d', (base, baseLot, followLot, mult, expected) => {
    expect(followUpQuantity(base, baseLot, followLot, mult)).toBe(expected);
  });

  it('never exceeds the scaled lots and is a follow-lot multiple (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 1, max: 150 }),
        fc.constantFrom(...FOLLOW_UP_MULTIPLIER_OPTIONS),
        (lots, baseLot, followLot, multiplier) => {
          const qty = followUpQuantity(lots * baseLot, baseLot, followLot, multiplier);
          expect(qty % followLot).toBe(0);
          const followLots = qty / followLot;
          expect(followLots).toBeLessThanOrEqual(lots * multiplier + 1e-9);
          expect(followLots + 1).toBeGreaterThan(lots * multiplier - 1e-9);
        },
      ),
    );
  });
});

describe('freeze slicing', () => {
  it.each([
    [65, 1800, 1755],
    [30, 600, 600],
    [120, 2800, 2760],
    [20, 1000, 1000],
    [30, 900, 900],
    [60, 1800, 1800],
    [25, 600, 600],
    [100, 50, 100], // freeze under a lot: one lot per order
  ])('maxQuantityPerOrder(lot %d, freeze %d) = %d', (lot, freeze, expected) => {
    expect(maxQuantityPerOrder(lot, freeze)).toBe(expected);
  });

  it.each([
    [65, 1800, 35_100],
    [30, 600, 12_000],
    [120, 2800, 55_200],
  ])('maxQuantityPerRequest(lot %d, freeze %d) = 20 whole-lot slices = %d', (lot, freeze, expected) => {
    expect(maxQuantityPerRequest(lot, freeze)).toBe(expected);
    expect(sliceByFreeze(expected, lot, freeze)).toHaveLength(20);
  });

  it.each([
    [10010, 65, 1800, [1755, 1755, 1755, 1755, 1755, 1235]],
    [1755, 65, 1800, [1755]],
    [1820, 65, 1800, [1755, 65]],
    [65, 65, 1800, [65]],
    [0, 65, 1800, []],
    [1250, 30, 600, [600, 600, 50]], // not a lot multiple: the remainder rides in the last leg
  ])('sliceByFreeze(%d, %d, %d)', (qty, lot, freeze, expected) => {
    expect(sliceByFreeze(qty, lot, freeze)).toEqual(expected);
  });

  it('slices into whole-lot legs within the freeze that sum to the quantity (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 2000 }),
        (lot, freezeFactor, lots) => {
          const freeze = lot + freezeFactor;
          const legs = sliceByFreeze(lots * lot, lot, freeze);
          expect(legs.reduce((a, b) => a + b, 0)).toBe(lots * lot);
          for (const leg of legs) {
            expect(leg).toBeGreaterThan(0);
            expect(leg).toBeLessThanOrEqual(freeze);
            expect(leg % lot).toBe(0);
          }
        },
      ),
    );
  });
});

describe('iceberg legs', () => {
  it.each([
    [650, 65, 2, [325, 325]],
    [455, 65, 2, [260, 195]], // 7 lots: the first leg takes the extra lot
    [600, 30, 3, [210, 210, 180]], // 20 lots in 3: 7, 7, 6
    [130, 65, 2, [65, 65]],
  ])('icebergLegs(%d, %d, %d)', (qty, lot, legs, expected) => {
    expect(icebergLegs(qty, lot, legs)).toEqual({ ok: true, legs: expected });
  });

  it.each([
    [650, 65, 1, 'invalid_iceberg_legs'],
    [650, 65, 51, 'invalid_iceberg_legs'],
    [650, 65, 2.5, 'invalid_iceberg_legs'],
    [100, 65, 2, 'quantity_not_lot_multiple'],
    [0, 65, 2, 'quantity_not_lot_multiple'],
    [130, 65, 3, 'too_few_lots'],
  ])('icebergLegs(%d, %d, %d) fails with %s', (qty, lot, legs, code) => {
    const result = icebergLegs(qty, lot, legs);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it('splits into near-equal whole-lot legs, larger first (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 0, max: 500 }),
        (lot, legs, more) => {
          const totalLots = legs + more;
          const result = icebergLegs(totalLots * lot, lot, legs);
          if (!result.ok) throw new Error(result.error.message);
          expect(result.legs).toHaveLength(legs);
          expect(result.legs.reduce((a, b) => a + b, 0)).toBe(totalLots * lot);
          expect(Math.max(...result.legs) - Math.min(...result.legs)).toBeLessThanOrEqual(lot);
          for (let i = 1; i < legs; i += 1) expect(result.legs[i]!).toBeLessThanOrEqual(result.legs[i - 1]!);
        },
      ),
    );
  });
});

describe('multiplier options', () => {
  it('offers 1..20 for quantity', () => {
    expect(QUANTITY_MULTIPLIER_OPTIONS).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('offers 0.1..10.0 in exact 0.1 steps for follow-ups', () => {
    expect(FOLLOW_UP_MULTIPLIER_OPTIONS).toHaveLength(100);
    expect(FOLLOW_UP_MULTIPLIER_OPTIONS[0]).toBe(0.1);
    expect(FOLLOW_UP_MULTIPLIER_OPTIONS[2]).toBe(0.3);
    expect(FOLLOW_UP_MULTIPLIER_OPTIONS[99]).toBe(10);
    for (const option of FOLLOW_UP_MULTIPLIER_OPTIONS) expect(option).toBe(Number(option.toFixed(1)));
  });
});

describe('a buy beyond the available funds', () => {
  it.each([
    [10_010, 120, 1_000_000, 1_201_200],
    [65, 120, 1_000_000, undefined],
    [65, 100, 6_500, undefined],
    [65, 100.05, 6_500, 6_503.25],
    [65, undefined, 1_000, undefined],
    [65, 100, undefined, undefined],
  ])('%d at %s with %s available -> %s', (quantity, price, available, expected) => {
    expect(buyCostBeyondFunds(quantity, price, available)).toBe(expected);
  });
});
