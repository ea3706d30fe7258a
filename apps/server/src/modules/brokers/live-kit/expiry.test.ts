import { istEpochMs } from '@xtrader/core/market/dates';
import { expect, it } from 'vitest';
import { nextIstHour } from './expiry';

it('is the first given IST hour strictly after the issue time', () => {
  expect(nextIstHour(istEpochMs('2026-11-24', 5, 59), 6)).toBe(istEpochMs('2026-11-24', 6));
  expect(nextIstHour(istEpochMs('2026-11-24', 6), 6)).toBe(istEpochMs('2026-11-25', 6));
  expect(nextIstHour(istEpochMs('2026-11-24', 23, 59), 0)).toBe(istEpochMs('2026-11-25', 0));
  expect(nextIstHour(istEpochMs('2026-11-24', 0), 0)).toBe(istEpochMs('2026-11-25', 0));
});
