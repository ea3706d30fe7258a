import { addDays, type IsoDate, isWeekend, yearOf } from './dates';
import { type Exchange, parentExchange, type UnderlyingExchange } from './exchanges';

/** A weekday on which the exchange is closed. */
export interface Holiday {
  date: IsoDate;
  name: string;
}

// NSE F&O trading holidays 2026 (reference C.2). BSE publishes the same weekday list for 2026 (its March monthly
// shift to 2026-03-25 for Ram Navami on 03-26 confirms the overlap). The Diwali Muhurat session (Sun 2026-11-08)
// is a special evening session, not a regular trading day, so it is not modelled.
const HOLIDAYS_2026: readonly Holiday[] = [
  { date: '2026-01-26', name: 'Republic Day' },
  { date: '2026-03-03', name: 'Holi' },
  { date: '2026-03-26', name: 'Shri Ram Navami' },
  { date: '2026-03-31', name: 'Shri Mahavir Jayanti' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
  { date: '2026-05-01', name: 'Maharashtra Day' },
  { date: '2026-05-28', name: 'Bakri Id' },
  { date: '2026-06-26', name: 'Muharram' },
  { date: '2026-09-14', name: 'Ganesh Chaturthi' },
  { date: '2026-10-02', name: 'Mahatma Gandhi Jayanti' },
  { date: '2026-10-20', name: 'Dussehra' },
  { date: '2026-11-10', name: 'Diwali Balipratipada' },
  { date: '2026-11-24', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
  { date: '2026-12-25', name: 'Christmas' },
];

/** Published holiday lists by exchange and year. */
export const TRADING_HOLIDAYS: Readonly<
  Record<UnderlyingExchange, Readonly<Record<number, readonly Holiday[]>>>
> = {
  NSE: { 2026: HOLIDAYS_2026 },
  BSE: { 2026: HOLIDAYS_2026 },
};

// For a year whose list is not published yet, only the fixed-date national holidays are certain; assuming them
// keeps generated expiries (e.g. a last Tuesday on 26 January) off days the exchanges are sure to be shut.
const FIXED_DATE_HOLIDAYS: readonly { monthDay: string; name: string }[] = [
  { monthDay: '01-26', name: 'Republic Day' },
  { monthDay: '05-01', name: 'Maharashtra Day' },
  { monthDay: '08-15', name: 'Independence Day' },
  { monthDay: '10-02', name: 'Mahatma Gandhi Jayanti' },
  { monthDay: '12-25', name: 'Christmas' },
];

/** Weekday holidays of an exchange in a year: the published list, else the fixed-date national holidays. */
export const holidaysFor = (exchange: Exchange, year: number): readonly Holiday[] => {
  const published = TRADING_HOLIDAYS[parentExchange(exchange)][year];
  if (published) return published;
  return FIXED_DATE_HOLIDAYS.map(({ monthDay, name }) => ({ date: `${year}-${monthDay}`, name })).filter(
    (holiday) => !isWeekend(holiday.date),
  );
};

/** The holiday on a date, if any (weekends are not holidays, just closed). */
export const holidayOn = (date: IsoDate, exchange: Exchange): Holiday | undefined =>
  holidaysFor(exchange, yearOf(date)).find((holiday) => holiday.date === date);

/** Weekdays that are not exchange holidays. */
export const isTradingDay = (date: IsoDate, exchange: Exchange): boolean =>
  !isWeekend(date) && holidayOn(date, exchange) === undefined;

/** The date itself when it is a trading day, else the closest earlier trading day. */
export const tradingDayOnOrBefore = (date: IsoDate, exchange: Exchange): IsoDate => {
  let day = date;
  while (!isTradingDay(day, exchange)) day = addDays(day, -1);
  return day;
};

/** The date itself when it is a trading day, else the closest later trading day. */
export const tradingDayOnOrAfter = (date: IsoDate, exchange: Exchange): IsoDate => {
  let day = date;
  while (!isTradingDay(day, exchange)) day = addDays(day, 1);
  return day;
};

/** The trading day strictly before a date. */
export const previousTradingDay = (date: IsoDate, exchange: Exchange): IsoDate =>
  tradingDayOnOrBefore(addDays(date, -1), exchange);

/** The trading day strictly after a date. */
export const nextTradingDay = (date: IsoDate, exchange: Exchange): IsoDate =>
  tradingDayOnOrAfter(addDays(date, 1), exchange);
