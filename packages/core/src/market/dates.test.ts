import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysInMonth,
  fromDayNumber,
  isIsoDate,
  isoDate,
  istDateOf,
  istEpochMs,
  istMinutesOfDay,
  lastWeekdayOfMonth,
  toDayNumber,
  weekdayOf,
} from './dates';

describe('calendar dates', () => {
  it.each([
    ['2026-11-22', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['22-11-2026', false],
    [20261122, false],
  ])('isIsoDate(%s) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it.each([
    ['2026-11-22', 0],
    ['2026-11-24', 2],
    ['2026-03-31', 2],
    ['2026-03-26', 4],
    ['2027-01-26', 2],
  ] as const)('weekdayOf(%s) is %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('adds months from the first of the month', () => {
    expect(addMonths('2026-11-22', 2)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
  });

  it('finds the last weekday of a month', () => {
    expect(lastWeekdayOfMonth(2026, 11, 2)).toBe('2026-11-24');
    expect(lastWeekdayOfMonth(2026, 3, 4)).toBe('2026-03-26');
    expect(lastWeekdayOfMonth(2026, 12, 4)).toBe('2026-12-31');
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(isoDate(2026, 13, 1)).toBe('2027-01-01');
  });

  it('converts instants to IST dates and minutes', () => {
    // 2026-11-22T18:30:00Z is midnight IST of the 23rd.
    expect(istDateOf(Date.UTC(2026, 10, 22, 18, 29, 59))).toBe('2026-11-22');
    expect(istDateOf(Date.UTC(2026, 10, 22, 18, 30))).toBe('2026-11-23');
    expect(istEpochMs('2026-11-23', 15, 30)).toBe(Date.UTC(2026, 10, 23, 10, 0));
    expect(istMinutesOfDay(istEpochMs('2026-11-23', 9, 15))).toBe(555);
  });

  it('round-trips day numbers and keeps weekday cycles (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: -400, max: 400 }), (day, delta) => {
        const date = fromDayNumber(day);
        expect(isIsoDate(date)).toBe(true);
        expect(toDayNumber(date)).toBe(day);
        expect(toDayNumber(addDays(date, delta)) - day).toBe(delta);
        expect(weekdayOf(addDays(date, 7 * delta))).toBe(weekdayOf(date));
      }),
    );
  });

  it('refuses malformed dates loudly (a bug, not user input)', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});
