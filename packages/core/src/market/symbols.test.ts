import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atmStrike, futureSymbol, optionIdentifier, optionSymbol, strikesAround } from './symbols';

describe('Kite trading symbols', () => {
  it.each([
    ['NIFTY', '2026-11-17', 'weekly', 26000, 'CE', 'NIFTY26N1726000CE'],
    ['NIFTY', '2025-12-09', 'weekly', 26000, 'CE', 'NIFTY25D0926000CE'],
    ['NIFTY', '2026-01-13', 'weekly', 26200, 'CE', 'NIFTY2611326200CE'],
    ['SENSEX', '2026-04-23', 'weekly', 79100, 'PE', 'SENSEX2642379100PE'],
    ['SENSEX', '2026-10-08', 'weekly', 82000, 'PE', 'SENSEX26O0882000PE'],
    ['NIFTY', '2026-11-09', 'weekly', 25950, 'PE', 'NIFTY26N0925950PE'],
    ['NIFTY', '2026-11-23', 'monthly', 26000, 'CE', 'NIFTY26NOV26000CE'],
    ['NIFTY', '2025-12-30', 'monthly', 26000, 'CE', 'NIFTY25DEC26000CE'],
    ['SENSEX', '2026-10-29', 'monthly', 82000, 'CE', 'SENSEX26OCT82000CE'],
    ['BANKNIFTY', '2026-08-25', 'monthly', 55000, 'PE', 'BANKNIFTY26AUG55000PE'],
    ['MIDCPNIFTY', '2026-09-29', 'monthly', 13525, 'CE', 'MIDCPNIFTY26SEP13525CE'],
  ] as const)('%s %s %s %i %s -> %s', (name, date, kind, strike, optionType, symbol) => {
    expect(optionSymbol({ name, expiry: { date, kind }, strike, optionType })).toBe(symbol);
  });

  it('builds future symbols from the month', () => {
    expect(futureSymbol('NIFTY', '2026-10-27')).toBe('NIFTY26OCTFUT');
    expect(futureSymbol('SENSEX', '2026-10-29')).toBe('SENSEX26OCTFUT');
  });

  it('labels contracts for people', () => {
    const input = { name: 'NIFTY', expiry: { date: '2026-11-23', kind: 'monthly' }, strike: 26000 } as const;
    expect(optionIdentifier({ ...input, optionType: 'CE' })).toBe('NIFTY 23 NOV 26000 CE');
  });

  it('refuses nonsense strikes', () => {
    expect(() =>
      optionSymbol({
        name: 'NIFTY',
        expiry: { date: '2026-11-23', kind: 'monthly' },
        strike: 0,
        optionType: 'CE',
      }),
    ).toThrow(RangeError);
  });
});

describe('strikes', () => {
  it.each([
    [26012, 50, 26000],
    [26025, 50, 26050], // tie rounds up
    [26024.99, 50, 26000],
    [59049.9, 100, 59000],
    [59050, 100, 59100],
    [13512.5, 25, 13525],
    [13512.4, 25, 13500],
  ])('atmStrike(%d, %d) = %d', (spot, step, expected) => {
    expect(atmStrike(spot, step)).toBe(expected);
  });

  it('atm is the nearest grid strike (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 200_000, noNaN: true }),
        fc.constantFrom(25, 50, 100),
        (spot, step) => {
          const atm = atmStrike(spot, step);
          expect(atm % step).toBe(0);
          expect(Math.abs(atm - spot)).toBeLessThanOrEqual(step / 2 + 1e-9);
        },
      ),
    );
  });

  it('lists strikes around the money', () => {
    expect(strikesAround(26000, 50, 2)).toEqual([25900, 25950, 26000, 26050, 26100]);
    expect(strikesAround(100, 100, 2)).toEqual([100, 200, 300]);
    expect(strikesAround(26000, 50, 0)).toEqual([26000]);
  });
});
