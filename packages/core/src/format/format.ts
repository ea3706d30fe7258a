import { type IsoDate, isIsoDate } from '../market/dates';

// Display formats: Indian digit grouping, at most two decimals, rupee sign, 12-hour IST times,
// `22 Nov 26` dates. Intl gets an explicit locale and time zone so output never depends on the viewer's machine.
// Month names come from a fixed table because CLDR's en-IN abbreviates September as "Sept".

const LOCALE = 'en-IN';
const TIME_ZONE = 'Asia/Kolkata';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** What a non-finite number or an unreadable date shows. */
export const EMPTY_VALUE = '-';

const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const rupeeFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const istParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

// Intl prints -0 as "-0"; a zero P&L should read "0".
const noNegativeZero = (value: number): number => (Object.is(value, -0) ? 0 : value);

/** `1234567.891` -> `12,34,567.89`. */
export const formatNumber = (value: number): string =>
  Number.isFinite(value) ? numberFormat.format(noNegativeZero(value)) : EMPTY_VALUE;

/** `-1234.5` -> `-₹1,234.5`. */
export const formatRupee = (value: number): string =>
  Number.isFinite(value) ? rupeeFormat.format(noNegativeZero(value)) : EMPTY_VALUE;

/** An instant: epoch ms, a Date, or an ISO date-time string. */
export type Instant = number | Date | string;

interface IstParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const toIstParts = (instant: Instant): IstParts | undefined => {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts = Object.fromEntries(istParts.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
};

const dateParts = (value: Instant | IsoDate): Pick<IstParts, 'year' | 'month' | 'day'> | undefined => {
  if (typeof value === 'string' && isIsoDate(value)) {
    return {
      year: Number(value.slice(0, 4)),
      month: Number(value.slice(5, 7)),
      day: Number(value.slice(8, 10)),
    };
  }
  return toIstParts(value);
};

const pad = (value: number): string => String(value).padStart(2, '0');

/** 12-hour IST clock time: `03:05:09 PM` (or `03:05 PM` without seconds). */
export const formatTime12h = (instant: Instant, { seconds = true }: { seconds?: boolean } = {}): string => {
  const p = toIstParts(instant);
  if (!p) return EMPTY_VALUE;
  const hour = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const clock = seconds ? `${pad(hour)}:${pad(p.minute)}:${pad(p.second)}` : `${pad(hour)}:${pad(p.minute)}`;
  return `${clock} ${p.hour < 12 ? 'AM' : 'PM'}`;
};

/** Day, short month, two-digit year: `22 Nov 26`. ISO dates are taken as calendar dates, instants in IST. */
export const formatShortDate = (value: Instant | IsoDate): string => {
  const p = dateParts(value);
  return p ? `${pad(p.day)} ${MONTHS[p.month - 1]} ${pad(p.year % 100)}` : EMPTY_VALUE;
};

/** `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`, `22nd`, `23rd`, `31st`. */
export const ordinal = (day: number): string => {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
};

/** Thank-you page date: `24th Nov 2026`; an unreadable date gives an empty string. */
export const formatOrdinalDate = (value: Instant | IsoDate): string => {
  const p = dateParts(value);
  return p ? `${ordinal(p.day)} ${MONTHS[p.month - 1]} ${p.year}` : '';
};

/** Abbreviations that stay upper case when a shouted (all upper case) message is brought to sentence case. */
const MESSAGE_ACRONYMS: ReadonlySet<string> = new Set([
  'API',
  'ATM',
  'BFO',
  'BSE',
  'CE',
  'CNC',
  'ID',
  'IIFL',
  'IST',
  'LTP',
  'MIS',
  'MPP',
  'MTM',
  'NFO',
  'NRML',
  'NSE',
  'OCO',
  'OTM',
  'OTP',
  'PE',
  'PIN',
  'SL',
  'UPI',
]);

const hasLowerCase = (text: string): boolean => text !== text.toUpperCase();

/**
 * Server error messages in toasts: the first letter upper case. The rest stays as written, so 'Invalid OTP' and
 * 'IIFL login failed' keep their abbreviations; only a message written entirely in capitals is brought to sentence
 * case, keeping the known abbreviations (OTP, SL, MTM, NRML, ...) upper case.
 */
export const capitalizeMessage = (message: string): string => {
  if (message.length === 0) return message;
  const sentence = hasLowerCase(message)
    ? message
    : message.replace(/[A-Za-z]+/g, (word) => (MESSAGE_ACRONYMS.has(word) ? word : word.toLowerCase()));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
};

const INTEGER_INPUT = /^-?\d+$/;

/**
 * Reads an MTM input: an integer, negative allowed, Indian or western grouping commas and spaces ignored.
 * Anything else (decimals, letters, a lone minus) gives undefined.
 */
export const parseIntegerInput = (text: string): number | undefined => {
  const compact = text.replace(/[,\s]/g, '');
  if (!INTEGER_INPUT.test(compact)) return undefined;
  const value = Number(compact);
  return Number.isSafeInteger(value) ? noNegativeZero(value) : undefined;
};

/** `-1234567` -> `-12,34,567`. Fractions are rounded away. */
export const formatIndianInteger = (value: number): string =>
  Number.isFinite(value) ? integerFormat.format(noNegativeZero(Math.round(value))) : EMPTY_VALUE;

/**
 * What an integer input shows while typing: only a leading minus and the digits before any decimal point survive
 * (a pasted `1500000.5` is 15,00,000, not 1,50,00,005), grouped the Indian way; a lone `-` stays so a negative
 * number can be typed.
 */
export const formatIntegerInput = (text: string): string => {
  const negative = text.trimStart().startsWith('-');
  const [whole = ''] = text.split('.');
  const digits = whole.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return negative ? '-' : '';
  const grouped = integerFormat.format(BigInt(digits));
  return negative && digits !== '0' ? `-${grouped}` : grouped;
};
