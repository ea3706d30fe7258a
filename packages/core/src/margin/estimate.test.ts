import { describe, expect, it } from 'vitest';
import { openingMarginPaise, otmAmount, shortOptionCharge } from './estimate';

describe('paper margin estimate', () => {
  it('blocks the full premium to buy an option', () => {
    expect(openingMarginPaise({ kind: 'CE', strike: 26000, spot: 26000 }, 'buy', 120.35, 65)).toBe(782_275);
  });

  it.each([
    { kind: 'CE', strike: 26000, spot: 26000, otm: 0 },
    { kind: 'CE', strike: 26500, spot: 26000, otm: 500 },
    { kind: 'CE', strike: 25500, spot: 26000, otm: 0 },
    { kind: 'PE', strike: 25500, spot: 26000, otm: 500 },
    { kind: 'PE', strike: 26500, spot: 26000, otm: 0 },
  ] as const)('OTM amount of a $kind $strike at $spot is $otm', ({ kind, strike, spot, otm }) => {
    expect(otmAmount(kind, strike, spot)).toBe(otm);
  });

  it('charges 12% of the underlying less half the OTM amount, floored at 5%', () => {
    expect(shortOptionCharge('CE', 26000, 26000)).toBeCloseTo(3120, 6);
    expect(shortOptionCharge('CE', 26500, 26000)).toBeCloseTo(2870, 6);
    // Far OTM: 3120 - 3000/2 = 1620 is above the 1300 floor; 4000 away hits the floor.
    expect(shortOptionCharge('CE', 29000, 26000)).toBeCloseTo(1620, 6);
    expect(shortOptionCharge('CE', 30000, 26000)).toBeCloseTo(1300, 6);
  });

  it('adds the premium to the charge for a short option, per unit', () => {
    expect(openingMarginPaise({ kind: 'CE', strike: 26000, spot: 26000 }, 'sell', 100, 65)).toBe(
      (3120 + 100) * 65 * 100,
    );
  });

  it('uses the strike as the spot when the underlying has no price', () => {
    expect(openingMarginPaise({ kind: 'PE', strike: 26000, spot: undefined }, 'sell', 50, 1)).toBe(317_000);
  });

  it('blocks 12% of the contract value for futures either side', () => {
    const fut = { kind: 'FUT', strike: 0, spot: 26000 } as const;
    expect(openingMarginPaise(fut, 'buy', 26050.5, 65)).toBe(20_319_390);
    expect(openingMarginPaise(fut, 'sell', 26050.5, 65)).toBe(20_319_390);
  });

  it('needs nothing for no opening quantity', () => {
    expect(openingMarginPaise({ kind: 'CE', strike: 1, spot: 1 }, 'sell', 10, 0)).toBe(0);
  });
});
