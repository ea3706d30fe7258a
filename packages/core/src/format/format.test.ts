import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capitalizeMessage,
  formatIndianInteger,
  formatIntegerInput,
  formatNumber,
  formatOrdinalDate,
  formatRupee,
  formatShortDate,
  formatTime12h,
  ordinal,
  parseIntegerInput,
} from './format';

const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe('numbers', () => {
  it.each([
    [1234567.891, '12,34,567.89'],
    [1000, '1,000'],
    [100000, '1,00,000'],
    [-2500.5, '-2,500.5'],
    [0.005, '0.01'],
    [-0, '0'],
    [Number.NaN, '-'],
    [Number.POSITIVE_INFINITY, '-'],
  ])('formatNumber(%d) = %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it.each([
    [1234567.5, '₹12,34,567.5'],
    [-1234, '-₹1,234'],
    [15000, '₹15,000'],
    [0.456, '₹0.46'],
  ])('formatRupee(%d) = %s', (value, expected) => {
    expect(formatRupee(value)).toBe(expected);
  });
});

describe('times and dates', () => {
  it.each([
    [ist('2026-11-22T15:05:09'), '03:05:09 PM'],
    [ist('2026-11-22T00:00:00'), '12:00:00 AM'],
    [ist('2026-11-22T12:30:00'), '12:30:00 PM'],
    [ist('2026-11-22T09:15:00'), '09:15:00 AM'],
    ['2026-11-22T04:00:00Z', '09:30:00 AM'],
    [new Date(ist('2026-11-22T23:59:59')), '11:59:59 PM'],
    ['not a time', '-'],
  ])('formatTime12h(%s) = %s', (instant, expected) => {
    expect(formatTime12h(instant)).toBe(expected);
  });

  it('can leave out seconds', () => {
    expect(formatTime12h(ist('2026-11-22T15:05:09'), { seconds: false })).toBe('03:05 PM');
  });

  it.each([
    ['2026-11-22', '22 Nov 26'],
    ['2026-09-01', '01 Sep 26'],
    [ist('2026-11-22T00:10:00'), '22 Nov 26'], // still the 21st in UTC
    ['2030-01-05T10:00:00Z', '05 Jan 30'],
    ['garbage', '-'],
  ])('formatShortDate(%s) = %s', (value, expected) => {
    expect(formatShortDate(value)).toBe(expected);
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
  ])('ordinal(%i) = %s', (day, expected) => {
    expect(ordinal(day)).toBe(expected);
  });

  it.each([
    ['2026-11-24', '24th Nov 2026'],
    ['2026-12-01', '1st Dec 2026'],
    ['2027-03-22', '22nd Mar 2027'],
    ['2026-09-13', '13th Sep 2026'],
    ['2026-12-05T20:00:00Z', '6th Dec 2026'], // 01:30 IST on the 6th
    ['not a date', ''],
  ])('formatOrdinalDate(%s) = %s', (value, expected) => {
    expect(formatOrdinalDate(value)).toBe(expected);
  });
});

describe('messages', () => {
  it.each([
    ['INSUFFICIENT FUNDS', 'Insufficient funds'],
    ['order not found', 'Order not found'],
    ['Invalid OTP', 'Invalid OTP'],
    ['IIFL login failed, try again', 'IIFL login failed, try again'],
    ['log in with IIFL to leave Practice Mode', 'Log in with IIFL to leave Practice Mode'],
    ['SL trigger must be below the LTP', 'SL trigger must be below the LTP'],
    ['MTM target reached', 'MTM target reached'],
    ['ORDER REJECTED: NRML NOT ALLOWED FOR MIS ATM OTP', 'Order rejected: NRML not allowed for MIS ATM OTP'],
    ['Markets are Closed', 'Markets are Closed'],
    ['', ''],
  ])('capitalizeMessage(%s) = %s', (message, expected) => {
    expect(capitalizeMessage(message)).toBe(expected);
  });
});

describe('integer MTM inputs', () => {
  it.each([
    ['5000', 5000],
    ['-5000', -5000],
    ['1,00,000', 100000],
    ['-12,345', -12345],
    [' 42 ', 42],
    ['-0', 0],
    ['12.5', undefined],
    ['-', undefined],
    ['', undefined],
    ['1e3', undefined],
    ['abc', undefined],
    ['99999999999999999999', undefined],
  ])('parseIntegerInput(%s) = %s', (text, expected) => {
    expect(parseIntegerInput(text)).toBe(expected);
  });

  it.each([
    [1234567, '12,34,567'],
    [-1234567, '-12,34,567'],
    [999, '999'],
    [1234.6, '1,235'],
  ])('formatIndianInteger(%d) = %s', (value, expected) => {
    expect(formatIndianInteger(value)).toBe(expected);
  });

  it.each([
    ['-', '-'],
    ['-1234', '-1,234'],
    ['12a34', '1,234'],
    ['0012', '12'],
    ['1,00,0000', '10,00,000'],
    ['1500000.5', '15,00,000'],
    ['-12.99', '-12'],
    ['15,00,000.', '15,00,000'],
    ['', ''],
    ['-0', '0'],
  ])('formatIntegerInput(%s) = %s', (text, expected) => {
    expect(formatIntegerInput(text)).toBe(expected);
  });

  it('round-trips grouping and parsing (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(parseIntegerInput(formatIndianInteger(value))).toBe(value);
        expect(parseIntegerInput(formatIntegerInput(String(value)))).toBe(value);
      }),
    );
  });
});
