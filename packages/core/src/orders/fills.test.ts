import { describe, expect, it } from 'vitest';
import { cumulativeValuePaise, fillIncrement } from './fills';

describe('fillIncrement', () => {
  it('books the first report whole, at its average', () => {
    expect(
      fillIncrement({ filledQuantity: 0, filledValuePaise: 0 }, { filledQuantity: 75, averagePrice: 101.5 }),
    ).toEqual({ quantity: 75, price: 101.5 });
  });

  it('prices a later increase so our average matches the broker’s', () => {
    // 75 booked at 100; the broker now says 150 at an average of 101: the new 75 filled at 102.
    const booked = { filledQuantity: 75, filledValuePaise: 75 * 10_000 };
    expect(fillIncrement(booked, { filledQuantity: 150, averagePrice: 101 })).toEqual({
      quantity: 75,
      price: 102,
    });
  });

  it('reports nothing when the broker has no more than we booked', () => {
    const booked = { filledQuantity: 75, filledValuePaise: 75 * 10_000 };
    expect(fillIncrement(booked, { filledQuantity: 75, averagePrice: 100 })).toBeUndefined();
    expect(fillIncrement(booked, { filledQuantity: 50, averagePrice: 100 })).toBeUndefined();
  });

  it('values an average with more than two decimals exactly', () => {
    expect(cumulativeValuePaise(101.2375, 4)).toBe(40_495);
  });

  it('falls back to the broker’s average when the remaining value is not positive', () => {
    const booked = { filledQuantity: 10, filledValuePaise: 10 * 20_000 };
    expect(fillIncrement(booked, { filledQuantity: 11, averagePrice: 100 })).toEqual({
      quantity: 1,
      price: 100,
    });
  });
});
