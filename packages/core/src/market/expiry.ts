import {
  addDays,
  addMonths,
  compareIsoDates,
  type IsoDate,
  istDateOf,
  lastWeekdayOfMonth,
  monthOf,
  weekdayOf,
  yearOf,
} from './dates';
import type { Exchange } from './exchanges';
import { tradingDayOnOrBefore } from './holidays';
import { marketCloseMs } from './hours';
import { INDEX_TABLE, type IndexInfo, type IndexName, type IndexTable } from './indices';

export type ExpiryKind = 'weekly' | 'monthly';

/** One listed expiry of an index. */
export interface Expiry {
  /** The day the contract actually expires (moved to the previous trading day when scheduled on a holiday). */
  date: IsoDate;
  kind: ExpiryKind;
  /** The rule's date before any holiday shift (e.g. the last Tuesday of the month). */
  scheduledDate: IsoDate;
}

/** What the calendar needs to know about an index. */
export type ExpirySource = IndexName | Pick<IndexInfo, 'exchange' | 'expiry'>;

const YEAR_MS = 365 * 86_400_000;

const resolve = (source: ExpirySource, table: IndexTable): Pick<IndexInfo, 'exchange' | 'expiry'> =>
  typeof source === 'string' ? table[source] : source;

/** True until the exchange's market closes on the expiry date (the close the session table gives that day). */
export const isExpiryLive = (date: IsoDate, now: number, exchange: Exchange): boolean =>
  now < marketCloseMs(exchange, date);

/** The monthly expiry of a month (1-12): the last expiry weekday, shifted back over holidays. */
export const monthlyExpiry = (
  source: ExpirySource,
  year: number,
  month: number,
  table: IndexTable = INDEX_TABLE,
): Expiry => {
  const { exchange, expiry } = resolve(source, table);
  const scheduledDate = lastWeekdayOfMonth(year, month, expiry.weekday);
  return { date: tradingDayOnOrBefore(scheduledDate, exchange), kind: 'monthly', scheduledDate };
};

const upcomingMonthlies = (source: ExpirySource, now: number, table: IndexTable): Expiry[] => {
  const { exchange, expiry } = resolve(source, table);
  const result: Expiry[] = [];
  for (let offset = 0; result.length < expiry.monthlyContracts; offset += 1) {
    const firstOfMonth = addMonths(istDateOf(now), offset);
    const candidate = monthlyExpiry(source, yearOf(firstOfMonth), monthOf(firstOfMonth), table);
    if (isExpiryLive(candidate.date, now, exchange)) result.push(candidate);
  }
  return result;
};

const isMonthlyScheduledDate = (date: IsoDate, weekday: IndexInfo['expiry']['weekday']): boolean =>
  lastWeekdayOfMonth(yearOf(date), monthOf(date), weekday) === date;

const upcomingWeeklies = (source: ExpirySource, now: number, table: IndexTable): Expiry[] => {
  const { exchange, expiry } = resolve(source, table);
  if (!expiry.weekly) return [];
  // Start a week back: a weekly scheduled for a later holiday can be shifted back onto today or after.
  const weekAgo = addDays(istDateOf(now), -7);
  let scheduledDate = addDays(weekAgo, (expiry.weekday - weekdayOf(weekAgo) + 7) % 7);
  const result: Expiry[] = [];
  for (; result.length < expiry.weeklyContracts; scheduledDate = addDays(scheduledDate, 7)) {
    if (isMonthlyScheduledDate(scheduledDate, expiry.weekday)) continue;
    const date = tradingDayOnOrBefore(scheduledDate, exchange);
    if (isExpiryLive(date, now, exchange)) result.push({ date, kind: 'weekly', scheduledDate });
  }
  return result;
};

/**
 * The listed, not yet expired contracts of an index at `now`, soonest first: the weeklies (NIFTY and SENSEX:
 * the next four that are not a monthly) and the next monthlies (three). Today's expiry is listed until its exchange's close.
 */
export const listExpiries = (
  source: ExpirySource,
  now: number,
  table: IndexTable = INDEX_TABLE,
): Expiry[] => {
  const monthlies = upcomingMonthlies(source, now, table);
  const monthlyDates = new Set(monthlies.map((e) => e.date));
  const weeklies = upcomingWeeklies(source, now, table).filter((e) => !monthlyDates.has(e.date));
  return [...monthlies, ...weeklies].sort((a, b) => compareIsoDates(a.date, b.date));
};

/** The soonest live expiry. */
export const nearestExpiry = (source: ExpirySource, now: number, table: IndexTable = INDEX_TABLE): Expiry => {
  const [first] = listExpiries(source, now, table);
  if (!first) throw new Error('An index always lists at least one monthly expiry');
  return first;
};

/**
 * Classifies an actual expiry date of an index: monthly when it is its month's monthly expiry, weekly when it is
 * a (possibly holiday-shifted) weekly of an index that lists weeklies, otherwise undefined.
 */
export const expiryKindOf = (
  source: ExpirySource,
  date: IsoDate,
  table: IndexTable = INDEX_TABLE,
): ExpiryKind | undefined => {
  const { exchange, expiry } = resolve(source, table);
  if (monthlyExpiry(source, yearOf(date), monthOf(date), table).date === date) return 'monthly';
  if (!expiry.weekly) return undefined;
  // A shifted weekly sits at most a few days before its scheduled weekday.
  for (let back = 0; back < 7; back += 1) {
    const scheduled = addDays(date, back);
    if (weekdayOf(scheduled) === expiry.weekday) {
      return tradingDayOnOrBefore(scheduled, exchange) === date ? 'weekly' : undefined;
    }
  }
  return undefined;
};

/** Years from `now` to the close of the expiry day on the contract's exchange (365-day year), never negative. */
export const timeToExpiryYears = (date: IsoDate, now: number, exchange: Exchange): number =>
  Math.max(0, (marketCloseMs(exchange, date) - now) / YEAR_MS);
