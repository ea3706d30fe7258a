import { describe, expect, it } from 'vitest';
import { isWeekend } from './dates';
import {
  holidayOn,
  holidaysFor,
  isTradingDay,
  nextTradingDay,
  previousTradingDay,
  TRADING_HOLIDAYS,
  tradingDayOnOrBefore,
} from './holidays';

const NSE_2026 = [
  '2026-01-26',
  '2026-03-03',
  '2026-03-26',
  '2026-03-31',
  '2026-04-03',
  '2026-04-14',
  '2026-05-01',
  '2026-05-28',
  '2026-06-26',
  '2026-09-14',
  '2026-10-02',
  '2026-10-20',
  '2026-11-10',
  '2026-11-24',
  '2026-12-25',
];

describe('2026 trading holidays', () => {
  it('lists exactly the published NSE weekday holidays, all on weekdays', () => {
    expect(TRADING_HOLIDAYS.NSE[2026]!.map((h) => h.date)).toEqual(NSE_2026);
    for (const date of NSE_2026) expect(isWeekend(date)).toBe(false);
  });

  it('uses the same list for BSE', () => {
    expect(TRADING_HOLIDAYS.BSE[2026]!.map((h) => h.date)).toEqual(NSE_2026);
  });

  it.each(NSE_2026)('%s is not a trading day on any exchange or segment', (date) => {
    for (const exchange of ['NSE', 'NFO', 'BSE', 'BFO'] as const)
      expect(isTradingDay(date, exchange)).toBe(false);
  });

  it.each([
    ['2026-11-22', false], // Sunday
    ['2026-11-21', false], // Saturday
    ['2026-11-23', true],
    ['2026-11-25', true],
    ['2026-11-08', false], // Muhurat Sunday is not a regular session
  ])('isTradingDay(%s, NFO) is %s', (date, expected) => {
    expect(isTradingDay(date, 'NFO')).toBe(expected);
  });

  it('names the holiday', () => {
    expect(holidayOn('2026-12-25', 'BFO')?.name).toBe('Christmas');
    expect(holidayOn('2026-12-24', 'BFO')).toBeUndefined();
  });

  it('walks to neighbouring trading days', () => {
    expect(tradingDayOnOrBefore('2026-11-24', 'NFO')).toBe('2026-11-23');
    expect(tradingDayOnOrBefore('2026-11-23', 'NFO')).toBe('2026-11-23');
    expect(previousTradingDay('2026-11-23', 'NFO')).toBe('2026-11-20');
    expect(nextTradingDay('2026-11-23', 'NFO')).toBe('2026-11-25');
    expect(previousTradingDay('2026-04-06', 'NSE')).toBe('2026-04-02'); // over Good Friday
  });

  it('assumes the fixed-date national holidays for unpublished years, skipping weekends', () => {
    const dates = holidaysFor('NSE', 2027).map((h) => h.date);
    // 2027: May 1, Oct 2 and Dec 25 fall on Saturdays and Aug 15 on a Sunday.
    expect(dates).toEqual(['2027-01-26']);
    expect(holidaysFor('BSE', 2028).map((h) => h.date)).toEqual([
      '2028-01-26',
      '2028-05-01',
      '2028-08-15',
      '2028-10-02',
      '2028-12-25',
    ]);
    expect(isTradingDay('2027-01-26', 'NFO')).toBe(false);
    expect(isTradingDay('2027-01-25', 'NFO')).toBe(true);
  });
});
