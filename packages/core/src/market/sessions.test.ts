import { describe, expect, it } from 'vitest';
import { istEpochMs } from './dates';
import {
  derivativesSquareOffTime,
  isMarketOpen,
  marketCloseMs,
  marketOpenMs,
  marketPhase,
  misSquareOffTime,
} from './hours';
import { clockMinutes, SESSION_TABLE, type SessionEntry, sessionOn } from './sessions';

// A table with a later close from an effective date, as an hours change is entered.
const NORMAL = { open: '09:15', close: '15:30', closingAuction: null, misSquareOff: '15:20' } as const;
const WITH_CHANGE: readonly SessionEntry[] = [
  { exchange: 'NFO', from: '2025-01-01', ...NORMAL },
  { exchange: 'NFO', from: '2026-08-03', ...NORMAL, close: '15:40', misSquareOff: '15:30' },
  { exchange: 'NSE', from: '2025-01-01', ...NORMAL },
  { exchange: 'NSE', from: '2026-08-03', ...NORMAL, closingAuction: { start: '15:15', end: '15:35' } },
];

describe('sessionOn', () => {
  it('takes the entry in force on the date: before the effective date the old times, from it the new', () => {
    expect(sessionOn('NFO', '2026-07-31', WITH_CHANGE).close).toBe('15:30');
    expect(sessionOn('NFO', '2026-08-03', WITH_CHANGE).close).toBe('15:40');
    expect(sessionOn('NFO', '2027-01-05', WITH_CHANGE).close).toBe('15:40');
    expect(sessionOn('NSE', '2026-07-31', WITH_CHANGE).closingAuction).toBeNull();
    expect(sessionOn('NSE', '2026-08-03', WITH_CHANGE).closingAuction).toEqual({
      start: '15:15',
      end: '15:35',
    });
    // The cash segment keeps its own close.
    expect(sessionOn('NSE', '2026-08-03', WITH_CHANGE).close).toBe('15:30');
  });

  it('does not depend on the order of the entries', () => {
    const reversed = [...WITH_CHANGE].reverse();
    expect(sessionOn('NFO', '2026-07-31', reversed).close).toBe('15:30');
    expect(sessionOn('NFO', '2026-08-03', reversed).close).toBe('15:40');
  });

  it("uses an exchange's first entry for dates before it, and refuses an exchange with none", () => {
    expect(sessionOn('NFO', '2020-01-01', WITH_CHANGE).close).toBe('15:30');
    expect(() => sessionOn('BFO', '2026-08-03', WITH_CHANGE)).toThrow(/BFO/);
  });

  it('keeps 15:30 for every exchange in the shipped table (the 15:40 change waits for the circular text)', () => {
    for (const exchange of ['NSE', 'NFO', 'BSE', 'BFO'] as const) {
      for (const date of ['2026-07-31', '2026-08-03', '2026-11-24']) {
        const session = sessionOn(exchange, date);
        expect([session.open, session.close, session.misSquareOff]).toEqual(['09:15', '15:30', '15:20']);
      }
    }
  });

  it('has well-formed entries: HH:MM times, open < square-off < close, an auction ending after it starts', () => {
    for (const e of SESSION_TABLE) {
      expect(clockMinutes(e.open)).toBeLessThan(clockMinutes(e.misSquareOff));
      expect(clockMinutes(e.misSquareOff)).toBeLessThan(clockMinutes(e.close));
      if (e.closingAuction) {
        expect(clockMinutes(e.closingAuction.start)).toBeLessThan(clockMinutes(e.closingAuction.end));
      }
    }
    expect(() => clockMinutes('9:15')).toThrow(RangeError);
  });
});

describe('instants from the session table', () => {
  it('puts the close, and so the expiry, at the close in force that day', () => {
    expect(marketCloseMs('NFO', '2026-07-28', WITH_CHANGE)).toBe(istEpochMs('2026-07-28', 15, 30));
    expect(marketCloseMs('NFO', '2026-08-04', WITH_CHANGE)).toBe(istEpochMs('2026-08-04', 15, 40));
    expect(marketOpenMs('NFO', '2026-08-04', WITH_CHANGE)).toBe(istEpochMs('2026-08-04', 9, 15));
    expect(marketCloseMs('NFO', '2026-08-04')).toBe(istEpochMs('2026-08-04', 15, 30));
  });

  it('moves the default MIS square-off with the close', () => {
    expect(misSquareOffTime('NFO', '2026-07-31', WITH_CHANGE)).toEqual({ hour: 15, minute: 20 });
    expect(misSquareOffTime('NFO', '2026-08-03', WITH_CHANGE)).toEqual({ hour: 15, minute: 30 });
  });

  it('squares both derivatives exchanges off at the earlier of their times', () => {
    const bfo: SessionEntry = { exchange: 'BFO', from: '2025-01-01', ...NORMAL, misSquareOff: '15:25' };
    expect(derivativesSquareOffTime('2026-07-31', [...WITH_CHANGE, bfo])).toEqual({ hour: 15, minute: 20 });
    expect(derivativesSquareOffTime('2026-08-03', [...WITH_CHANGE, bfo])).toEqual({ hour: 15, minute: 25 });
    expect(derivativesSquareOffTime('2026-08-03')).toEqual({ hour: 15, minute: 20 });
  });

  it('is open from the open to the close of the day, on trading days only', () => {
    expect(isMarketOpen(istEpochMs('2026-07-31', 9, 14, 59), 'NFO', WITH_CHANGE)).toBe(false);
    expect(isMarketOpen(istEpochMs('2026-07-31', 9, 15), 'NFO', WITH_CHANGE)).toBe(true);
    expect(isMarketOpen(istEpochMs('2026-07-31', 15, 35), 'NFO', WITH_CHANGE)).toBe(false);
    expect(isMarketOpen(istEpochMs('2026-08-03', 15, 35), 'NFO', WITH_CHANGE)).toBe(true);
    expect(isMarketOpen(istEpochMs('2026-08-03', 15, 40), 'NFO', WITH_CHANGE)).toBe(false);
    expect(isMarketOpen(istEpochMs('2026-08-03', 15, 35), 'NSE', WITH_CHANGE)).toBe(false);
    // Saturday, and a holiday (Tuesday 24 Nov 2026).
    expect(isMarketOpen(istEpochMs('2026-08-01', 11, 0), 'NFO', WITH_CHANGE)).toBe(false);
    expect(isMarketOpen(istEpochMs('2026-11-24', 11, 0), 'NFO')).toBe(false);
  });

  it('gives the phase and the instant it changes, for a countdown', () => {
    expect(marketPhase(istEpochMs('2026-08-03', 15, 0), 'NFO', WITH_CHANGE)).toEqual({
      open: true,
      changesAt: istEpochMs('2026-08-03', 15, 40),
    });
    expect(marketPhase(istEpochMs('2026-07-31', 15, 0), 'NFO', WITH_CHANGE)).toEqual({
      open: true,
      changesAt: istEpochMs('2026-07-31', 15, 30),
    });
    expect(marketPhase(istEpochMs('2026-08-03', 8, 0), 'NFO', WITH_CHANGE)).toEqual({
      open: false,
      changesAt: istEpochMs('2026-08-03', 9, 15),
    });
    // Friday after the close -> Monday's open; Monday 23 Nov after the close -> Wednesday (Tuesday is a holiday).
    expect(marketPhase(istEpochMs('2026-07-31', 16, 0), 'NFO', WITH_CHANGE).changesAt).toBe(
      istEpochMs('2026-08-03', 9, 15),
    );
    expect(marketPhase(istEpochMs('2026-11-23', 15, 30), 'NFO')).toEqual({
      open: false,
      changesAt: istEpochMs('2026-11-25', 9, 15),
    });
  });
});
