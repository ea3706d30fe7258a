import { dayOf, type IsoDate, monthOf, yearOf } from './dates';
import type { ExpiryKind } from './expiry';

/** Option right as Kite spells it. */
export type OptionType = 'CE' | 'PE';

const MONTH_CODES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
// Weekly symbols squeeze the month into one character: 1-9 for January-September, then O, N, D.
const WEEKLY_MONTH_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'] as const;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

const strikeText = (strike: number): string => {
  if (!Number.isFinite(strike) || strike <= 0) throw new RangeError(`Invalid strike: ${strike}`);
  return String(strike);
};

/** Three-letter upper-case month of a date, as in `NIFTY26NOV26000CE`. */
export const monthCode = (date: IsoDate): string => MONTH_CODES[monthOf(date) - 1]!;

export interface OptionSymbolInput {
  name: string;
  /** The actual expiry date and whether it is the monthly contract. */
  expiry: { date: IsoDate; kind: ExpiryKind };
  strike: number;
  optionType: OptionType;
}

/**
 * Kite trading symbol of an index option (reference C.4): weekly `<NAME><YY><M><DD><STRIKE><CE|PE>`
 * (e.g. `NIFTY26N1726000CE`), monthly `<NAME><YY><MMM><STRIKE><CE|PE>` (`NIFTY26NOV26000CE`). A weekly that
 * falls on the monthly date is the monthly contract, so callers pass kind 'monthly' for it.
 */
export const optionSymbol = ({ name, expiry, strike, optionType }: OptionSymbolInput): string => {
  const year = twoDigits(yearOf(expiry.date) % 100);
  if (expiry.kind === 'monthly')
    return `${name}${year}${monthCode(expiry.date)}${strikeText(strike)}${optionType}`;
  const month = WEEKLY_MONTH_CODES[monthOf(expiry.date) - 1]!;
  return `${name}${year}${month}${twoDigits(dayOf(expiry.date))}${strikeText(strike)}${optionType}`;
};

/** Kite trading symbol of an index future: `<NAME><YY><MMM>FUT` (e.g. `NIFTY26NOVFUT`). */
export const futureSymbol = (name: string, expiryDate: IsoDate): string =>
  `${name}${twoDigits(yearOf(expiryDate) % 100)}${monthCode(expiryDate)}FUT`;

/** Human label of an option contract, e.g. `NIFTY 24 NOV 26000 CE`. */
export const optionIdentifier = ({ name, expiry, strike, optionType }: OptionSymbolInput): string =>
  `${name} ${twoDigits(dayOf(expiry.date))} ${monthCode(expiry.date)} ${strikeText(strike)} ${optionType}`;

/** The strike nearest to the spot on the strike grid; a spot exactly between two strikes takes the higher. */
export const atmStrike = (spot: number, strikeStep: number): number => {
  if (!(strikeStep > 0)) throw new RangeError(`Invalid strike step: ${strikeStep}`);
  return Math.floor(spot / strikeStep + 0.5) * strikeStep;
};

/** `count` strikes each side of `atm` plus `atm` itself, ascending; strikes at or below zero are left out. */
export const strikesAround = (atm: number, strikeStep: number, count: number): number[] => {
  const strikes: number[] = [];
  for (let offset = -count; offset <= count; offset += 1) {
    const strike = atm + offset * strikeStep;
    if (strike > 0) strikes.push(strike);
  }
  return strikes;
};
