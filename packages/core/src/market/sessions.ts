import { compareIsoDates, type IsoDate } from './dates';
import type { Exchange } from './exchanges';

/** An IST wall-clock time, `HH:MM` (24-hour). */
export type IstClock = `${number}:${number}`;

/** A window of IST wall-clock times, start inclusive, end exclusive. */
export interface IstWindow {
  start: IstClock;
  end: IstClock;
}

/** The session times an exchange keeps from a date on, until a later entry of the same exchange takes over. */
export interface SessionEntry {
  exchange: Exchange;
  /** First IST date these times apply to (inclusive). */
  from: IsoDate;
  /** Normal market open. */
  open: IstClock;
  /** Normal market close; derivatives expire at the close of their expiry day. */
  close: IstClock;
  /** Cash-segment closing auction (the closing price is discovered there), null where there is none. */
  closingAuction: IstWindow | null;
  /** Intraday (MIS) square-off the paper broker applies by default; brokers set their own, around this time. */
  misSquareOff: IstClock;
}

// Session times as data, one list for every exchange: a change of hours is a new entry with its effective date,
// so dates before it keep the old times (expiry instants, back-data, tests). An entry holds until the next entry
// of the same exchange; a date before an exchange's first entry uses that first entry (no older hours recorded).
//
// 09:15-15:30 IST is the normal market of NSE and BSE, cash and F&O, as in force when this table was written.
// The paper broker squares MIS off 10 minutes before the close (brokers use 15:15-15:25 today).
const BASE_FROM: IsoDate = '2025-01-01';
const NORMAL = { open: '09:15', close: '15:30', closingAuction: null, misSquareOff: '15:20' } as const;

export const SESSION_TABLE: readonly SessionEntry[] = [
  { exchange: 'NSE', from: BASE_FROM, ...NORMAL },
  { exchange: 'NFO', from: BASE_FROM, ...NORMAL },
  { exchange: 'BSE', from: BASE_FROM, ...NORMAL },
  { exchange: 'BFO', from: BASE_FROM, ...NORMAL },

  // DISABLED until the exchanges' own circular texts are on file (see docs/market-data.md, "Session times").
  // Reported (press, and summaries of the circulars, not the exchanges' own texts): from Mon 3 Aug 2026 the
  // cash segment runs a closing auction session 15:15-15:35 (NSE/CMTR/74466 of 29 May 2026) and the equity
  // derivatives normal market closes at 15:40 instead of 15:30, open and pre-open unchanged (NSE/FAOP/74467
  // of 29 May 2026). BSE's notices of 12 Jun 2026 and 1 Aug 2026 are reported to make the same change for
  // BFO and its cash segment. Missing before enabling: the circular PDFs themselves (NSE: FAOP74467,
  // CMTR74466; BSE: the Equity Derivatives trading-timings notice), to confirm times and date; then uncomment.
  //
  // { exchange: 'NSE', from: '2026-08-03', ...NORMAL, closingAuction: { start: '15:15', end: '15:35' } },
  // { exchange: 'NFO', from: '2026-08-03', ...NORMAL, close: '15:40', misSquareOff: '15:30' },
  // { exchange: 'BSE', from: '2026-08-03', ...NORMAL, closingAuction: { start: '15:15', end: '15:35' } },
  // { exchange: 'BFO', from: '2026-08-03', ...NORMAL, close: '15:40', misSquareOff: '15:30' },
];

/** The times in force for an exchange on an IST date. Throws when the table has no entry for the exchange. */
export const sessionOn = (
  exchange: Exchange,
  date: IsoDate,
  table: readonly SessionEntry[] = SESSION_TABLE,
): SessionEntry => {
  let first: SessionEntry | undefined;
  let current: SessionEntry | undefined;
  for (const entry of table) {
    if (entry.exchange !== exchange) continue;
    if (!first || compareIsoDates(entry.from, first.from) < 0) first = entry;
    if (compareIsoDates(entry.from, date) > 0) continue;
    if (!current || compareIsoDates(entry.from, current.from) >= 0) current = entry;
  }
  const found = current ?? first;
  if (!found) throw new Error(`No session times for exchange ${exchange}`);
  return found;
};

/** Minutes after IST midnight of an `HH:MM` time. */
export const clockMinutes = (time: IstClock): number => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Not an HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
};
