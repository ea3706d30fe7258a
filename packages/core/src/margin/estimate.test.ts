import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MarginInputs, openingMarginPaise } from './estimate';
import { groupMarginPaise, type HeldContract } from './portfolio';
import { exposureMargin, priceScanRate, spanMargin, worstExpiryPayout } from './span';

// NIFTY at 26,000, a week to expiry, 12% implied volatility: the price scan range is the 9.3% floor (2,418 points).
const nifty = (kind: 'CE' | 'PE', strike: number): MarginInputs => ({
  kind,
  strike,
  spot: 26_000,
  timeYears: 7 / 365,
  vol: 0.12,
});

describe('paper margin estimate (per contract)', () => {
  it('blocks the full premium to buy an option', () => {
    expect(openingMarginPaise(nifty('CE', 26_000), 'buy', 100, 65)).toBe(650_000);
  });

  it('blocks SPAN and 2% exposure for a naked short ATM call: about 1.8 lakh for 65', () => {
    const paise = openingMarginPaise(nifty('CE', 26_000), 'sell', 180, 65);
    const exposure = 0.02 * 26_000 * 65; // 33,800
    expect(paise / 100).toBeGreaterThan(exposure + 140_000);
    expect(paise / 100).toBeLessThan(exposure + 165_000);
  });

  it('asks less of a far OTM short than of an ATM one, never less than exposure plus premium', () => {
    const atm = openingMarginPaise(nifty('CE', 26_000), 'sell', 180, 65);
    const otm = openingMarginPaise(nifty('CE', 27_500), 'sell', 3, 65);
    expect(otm).toBeLessThan(atm);
    expect(otm / 100).toBeGreaterThanOrEqual(0.02 * 26_000 * 65 + 3 * 65);
  });

  it('blocks the scan range plus exposure for a future either side (about 11.3% of its value)', () => {
    const fut: MarginInputs = { kind: 'FUT', strike: 0, spot: 26_000, timeYears: 7 / 365 };
    const long = openingMarginPaise(fut, 'buy', 26_000, 65);
    expect(long).toBe(openingMarginPaise(fut, 'sell', 26_000, 65));
    expect(long / 100 / (26_000 * 65)).toBeCloseTo(0.093 + 0.02, 3);
  });

  it('adds 2% exposure on short options on their expiry day', () => {
    const normal = openingMarginPaise(nifty('PE', 26_000), 'sell', 60, 65);
    const expiry = openingMarginPaise({ ...nifty('PE', 26_000), expiryDay: true }, 'sell', 60, 65);
    expect(expiry - normal).toBeGreaterThanOrEqual(0.02 * 26_000 * 65 * 100 - 1);
  });

  it('uses the strike as the spot when the underlying has no price, and needs nothing for no quantity', () => {
    const noSpot = { ...nifty('CE', 26_000), spot: undefined };
    expect(openingMarginPaise(noSpot, 'sell', 180, 65)).toBe(
      openingMarginPaise(nifty('CE', 26_000), 'sell', 180, 65),
    );
    expect(openingMarginPaise(nifty('CE', 26_000), 'sell', 180, 0)).toBe(0);
  });

  it('scan range grows with volatility above the floor', () => {
    expect(priceScanRate(0.12)).toBe(0.093);
    expect(priceScanRate(0.3)).toBeCloseTo((6 * Math.SQRT2 * 0.3) / Math.sqrt(252), 10);
  });
});

describe('hedged groups', () => {
  const held = (inputs: MarginInputs, netQuantity: number, mark: number): HeldContract => ({
    inputs,
    netQuantity,
    mark,
    openCostPaise: netQuantity > 0 ? Math.round(mark * 100) * netQuantity : 0,
  });

  it('a bear call spread 26,000/26,200 blocks its width, not the naked short', () => {
    const short = held(nifty('CE', 26_000), -65, 180);
    const long = held(nifty('CE', 26_200), 65, 100);
    const spread = groupMarginPaise([short, long]);
    const naked = groupMarginPaise([short]) + groupMarginPaise([long]);
    // At most the width 200 x 65 = 13,000 (the payout at worst), plus exposure on the short (33,800), plus the
    // long's 6,500 premium.
    expect(spread).toBeLessThanOrEqual((13_000 + 33_800 + 6_500) * 100);
    expect(spread).toBeGreaterThan((33_800 + 6_500) * 100);
    expect(spread).toBeLessThan(naked / 3);
  });

  it('a short straddle is not capped (its loss at expiry is unbounded)', () => {
    const legs = [
      { kind: 'CE' as const, strike: 26_000, quantity: -65, price: 180 },
      { kind: 'PE' as const, strike: 26_000, quantity: -65, price: 170 },
    ];
    expect(worstExpiryPayout(legs)).toBeUndefined();
    expect(exposureMargin(legs, { spot: 26_000, timeYears: 0.02 })).toBeCloseTo(2 * 33_800, 6);
  });

  const legArb = fc.record({
    kind: fc.constantFrom('CE' as const, 'PE' as const),
    strike: fc.integer({ min: 480, max: 560 }).map((n) => n * 50),
    price: fc.integer({ min: 1, max: 8_000 }).map((n) => n / 20),
    lots: fc.integer({ min: 1, max: 5 }),
  });
  const market = { spot: 26_000, timeYears: 7 / 365, vol: 0.12 };

  it('hedged <= naked: a group never blocks more than its legs alone (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(legArb, fc.boolean()), { minLength: 1, maxLength: 4 }), (raw) => {
        const contracts = raw.map(([leg, short]) =>
          held({ ...nifty(leg.kind, leg.strike) }, (short ? -1 : 1) * leg.lots * 65, leg.price),
        );
        const together = groupMarginPaise(contracts);
        const alone = contracts.reduce((sum, c) => sum + groupMarginPaise([c]), 0);
        expect(together).toBeLessThanOrEqual(alone + contracts.length);
      }),
    );
  });

  it('a naked short blocks at least its premium plus exposure, and more quantity never blocks less (property)', () => {
    fc.assert(
      fc.property(legArb, fc.integer({ min: 1, max: 10 }), (leg, extra) => {
        const inputs = nifty(leg.kind, leg.strike);
        const units = leg.lots * 65;
        const margin = openingMarginPaise(inputs, 'sell', leg.price, units);
        expect(margin / 100).toBeGreaterThanOrEqual(leg.price * units + 0.02 * market.spot * units - 0.01);
        expect(openingMarginPaise(inputs, 'sell', leg.price, units + extra * 65)).toBeGreaterThanOrEqual(
          margin,
        );
      }),
    );
  });

  it('a long-only group blocks exactly its premium (property)', () => {
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 3 }), (legs) => {
        const contracts = legs.map((leg) => held(nifty(leg.kind, leg.strike), leg.lots * 65, leg.price));
        expect(groupMarginPaise(contracts)).toBe(contracts.reduce((s, c) => s + c.openCostPaise, 0));
        expect(
          spanMargin(
            contracts.map((c) => ({
              kind: c.inputs.kind,
              strike: c.inputs.strike,
              quantity: c.netQuantity,
              price: c.mark,
            })),
            market,
          ),
        ).toBe(0);
      }),
    );
  });
});
