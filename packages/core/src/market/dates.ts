// Calendar-date arithmetic on ISO `YYYY-MM-DD` strings. Every computation goes through UTC day numbers, so the
// result never depends on the host time zone; Indian market dates are IST calendar dates.

/** An ISO calendar date, `YYYY-MM-DD` (an IST date when it names a trading day). */
export type IsoDate = string;

/** 0 = Sunday ... 6 = Saturday, as `Date#getUTCDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const MS_PER_DAY = 86_400_000;
/** India has no daylight saving: IST is always UTC+05:30. */
export const IST_OFFSET_MS = 5.5 * 3_600_000;

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a well-formed, existing calendar date (rejects `2026-02-30`). */
export const isIsoDate = (value: unknown): value is IsoDate => {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};

const parts = (date: IsoDate): [number, number, number] => {
  if (!isIsoDate(date)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${String(date)}`);
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
};

/** Days since 1970-01-01 for a calendar date. */
export const toDayNumber = (date: IsoDate): number => {
  const [year, month, day] = parts(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
};

/** Calendar date of a day number (inverse of `toDayNumber`). */
export const fromDayNumber = (dayNumber: number): IsoDate =>
  new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);

/** Builds a date from numeric parts; month is 1-12. */
export const isoDate = (year: number, month: number, day: number): IsoDate =>
  fromDayNumber(Date.UTC(year, month - 1, day) / MS_PER_DAY);

export const yearOf = (date: IsoDate): number => parts(date)[0];
/** Month 1-12. */
export const monthOf = (date: IsoDate): number => parts(date)[1];
export const dayOf = (date: IsoDate): number => parts(date)[2];

export const addDays = (date: IsoDate, days: number): IsoDate => fromDayNumber(toDayNumber(date) + days);

export const weekdayOf = (date: IsoDate): Weekday =>
  new Date(toDayNumber(date) * MS_PER_DAY).getUTCDay() as Weekday;

export const isWeekend = (date: IsoDate): boolean => {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
};

/** Month is 1-12. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The last given weekday of a month (e.g. the last Tuesday). Month is 1-12. */
export const lastWeekdayOfMonth = (year: number, month: number, weekday: Weekday): IsoDate => {
  const last = isoDate(year, month, daysInMonth(year, month));
  const back = (weekdayOf(last) - weekday + 7) % 7;
  return addDays(last, -back);
};

/** First day of the month `offset` months after the month of `date` (offset may be negative). */
export const addMonths = (date: IsoDate, offset: number): IsoDate => {
  const [year, month] = parts(date);
  return isoDate(year, month + offset, 1);
};

/** Negative when a < b, 0 when equal, positive when a > b (ISO dates sort lexically). */
export const compareIsoDates = (a: IsoDate, b: IsoDate): number => (a < b ? -1 : a > b ? 1 : 0);

/** The IST calendar date at an instant. */
export const istDateOf = (epochMs: number): IsoDate =>
  new Date(epochMs + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Minutes after IST midnight at an instant (0-1439). */
export const istMinutesOfDay = (epochMs: number): number => {
  const msIntoDay = (((epochMs + IST_OFFSET_MS) % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  return Math.floor(msIntoDay / 60_000);
};

/** The instant of an IST wall-clock time on a calendar date. */
export const istEpochMs = (date: IsoDate, hour = 0, minute = 0, second = 0): number =>
  toDayNumber(date) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 - IST_OFFSET_MS;
