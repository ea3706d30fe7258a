import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareIsoDates, fromDayNumber, istDateOf, istEpochMs, toDayNumber, weekdayOf } from './dates';
import {
  expiryKindOf,
  isExpiryLive,
  listExpiries,
  monthlyExpiry,
  nearestExpiry,
  timeToExpiryYears,
} from './expiry';
import { isTradingDay } from './holidays';
import { INDEX_NAMES, INDEX_TABLE } from './indices';

const SUNDAY_NOON = istEpochMs('2026-11-22', 12, 0);
const brief = (now: number, name: (typeof INDEX_NAMES)[number]) =>
  listExpiries(name, now).map((e) => `${e.date} ${e.kind[0]}`);

describe('monthly expiries shift back over holidays', () => {
  it.each([
    ['NIFTY', 2026, 3, '2026-03-31', '2026-03-30'],
    ['BANKNIFTY', 2026, 3, '2026-03-31', '2026-03-30'],
    ['SENSEX', 2026, 3, '2026-03-26', '2026-03-25'],
    ['BANKEX', 2026, 3, '2026-03-26', '2026-03-25'],
    ['NIFTY', 2026, 11, '2026-11-24', '2026-11-23'],
    ['FINNIFTY', 2026, 10, '2026-10-27', '2026-10-27'],
    ['SENSEX', 2026, 12, '2026-12-31', '2026-12-31'],
    ['NIFTY', 2027, 1, '2027-01-26', '2027-01-25'],
  ] as const)('%s %i-%i: scheduled %s, expires %s', (name, year, month, scheduled, actual) => {
    expect(monthlyExpiry(name, year, month)).toEqual({
      date: actual,
      kind: 'monthly',
      scheduledDate: scheduled,
    });
  });
});

describe('listed expiries on Sunday 2026-11-22', () => {
  const NSE_MONTHLY = ['2026-11-23 m', '2026-12-29 m', '2027-01-25 m'];
  const BSE_MONTHLY = ['2026-11-26 m', '2026-12-31 m', '2027-01-28 m'];
  it.each([
    [
      'NIFTY',
      [
        '2026-11-23 m',
        '2026-12-01 w',
        '2026-12-08 w',
        '2026-12-15 w',
        '2026-12-22 w',
        '2026-12-29 m',
        '2027-01-25 m',
      ],
    ],
    [
      'SENSEX',
      [
        '2026-11-26 m',
        '2026-12-03 w',
        '2026-12-10 w',
        '2026-12-17 w',
        '2026-12-24 w',
        '2026-12-31 m',
        '2027-01-28 m',
      ],
    ],
    ['BANKNIFTY', NSE_MONTHLY],
    ['FINNIFTY', NSE_MONTHLY],
    ['MIDCPNIFTY', NSE_MONTHLY],
    ['NIFTYNXT50', NSE_MONTHLY],
    ['BANKEX', BSE_MONTHLY],
  ] as const)('%s', (name, expected) => {
    expect(brief(SUNDAY_NOON, name)).toEqual(expected);
  });

  it('keeps the scheduled date of a shifted expiry', () => {
    expect(nearestExpiry('NIFTY', SUNDAY_NOON)).toEqual({
      date: '2026-11-23',
      kind: 'monthly',
      scheduledDate: '2026-11-24',
    });
  });
});

describe('weekly expiries', () => {
  it('moves the holiday weekly of 2026-11-10 to Monday 2026-11-09', () => {
    const expiries = listExpiries('NIFTY', istEpochMs('2026-11-02', 10, 0));
    expect(expiries[0]).toEqual({ date: '2026-11-03', kind: 'weekly', scheduledDate: '2026-11-03' });
    expect(expiries[1]).toEqual({ date: '2026-11-09', kind: 'weekly', scheduledDate: '2026-11-10' });
    expect(expiries.filter((e) => e.kind === 'weekly').map((e) => e.date)).toEqual([
      '2026-11-03',
      '2026-11-09',
      '2026-11-17',
      '2026-12-01',
    ]);
  });

  it("lists today's expiry until 15:30 IST, then drops it", () => {
    expect(nearestExpiry('NIFTY', istEpochMs('2026-11-09', 15, 29, 59)).date).toBe('2026-11-09');
    expect(nearestExpiry('NIFTY', istEpochMs('2026-11-09', 15, 30)).date).toBe('2026-11-17');
    // On the holiday itself the shifted contract has already gone.
    expect(nearestExpiry('NIFTY', istEpochMs('2026-11-10', 9, 30)).date).toBe('2026-11-17');
    expect(isExpiryLive('2026-11-23', istEpochMs('2026-11-23', 15, 29), 'NFO')).toBe(true);
    expect(isExpiryLive('2026-11-23', istEpochMs('2026-11-23', 15, 30), 'NFO')).toBe(false);
  });

  it('classifies actual expiry dates', () => {
    expect(expiryKindOf('NIFTY', '2026-11-23')).toBe('monthly');
    expect(expiryKindOf('NIFTY', '2026-11-09')).toBe('weekly');
    expect(expiryKindOf('NIFTY', '2026-11-17')).toBe('weekly');
    expect(expiryKindOf('NIFTY', '2026-11-10')).toBeUndefined();
    expect(expiryKindOf('NIFTY', '2026-11-18')).toBeUndefined();
    expect(expiryKindOf('BANKNIFTY', '2026-11-17')).toBeUndefined();
    expect(expiryKindOf('BANKNIFTY', '2026-11-23')).toBe('monthly');
    expect(expiryKindOf('SENSEX', '2026-03-25')).toBe('monthly');
  });

  it('measures time to the 15:30 close in 365-day years', () => {
    expect(timeToExpiryYears('2026-11-23', istEpochMs('2026-11-22', 15, 30), 'NFO')).toBeCloseTo(1 / 365, 12);
    expect(timeToExpiryYears('2026-11-23', istEpochMs('2026-11-24', 0, 0), 'NFO')).toBe(0);
  });
});

describe('calendar invariants (property)', () => {
  const instant = fc
    .integer({ min: toDayNumber('2026-01-01'), max: toDayNumber('2028-12-31') })
    .chain((day) =>
      fc.integer({ min: 0, max: 86_399 }).map((s) => istEpochMs(fromDayNumber(day)) + s * 1000),
    );

  it('lists the contract counts, sorted, live, on trading days and on or before the scheduled weekday', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...INDEX_NAMES), (now, name) => {
        const { exchange, expiry } = INDEX_TABLE[name];
        const expiries = listExpiries(name, now);
        expect(expiries.filter((e) => e.kind === 'monthly')).toHaveLength(expiry.monthlyContracts);
        expect(expiries.filter((e) => e.kind === 'weekly')).toHaveLength(expiry.weeklyContracts);
        for (let i = 0; i < expiries.length; i += 1) {
          const e = expiries[i]!;
          if (i > 0) expect(compareIsoDates(expiries[i - 1]!.date, e.date)).toBeLessThan(0);
          expect(isTradingDay(e.date, exchange)).toBe(true);
          expect(isExpiryLive(e.date, now, exchange)).toBe(true);
          expect(compareIsoDates(e.date, istDateOf(now))).toBeGreaterThanOrEqual(0);
          expect(weekdayOf(e.scheduledDate)).toBe(expiry.weekday);
          expect(toDayNumber(e.scheduledDate) - toDayNumber(e.date)).toBeGreaterThanOrEqual(0);
          expect(toDayNumber(e.scheduledDate) - toDayNumber(e.date)).toBeLessThan(7);
          expect(expiryKindOf(name, e.date)).toBe(e.kind);
        }
      }),
      { numRuns: 300 },
    );
  });
});
