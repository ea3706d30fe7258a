import { dayOf, type IsoDate, toDayNumber } from '@xtrader/core/market/dates';
import { monthCode } from '@xtrader/core/market/symbols';
import type { InstrumentRecord } from './contract';

/** A row of the instrument master: the directory's record plus the dump's (not live) price. */
export interface MasterInstrument extends InstrumentRecord {
  last_price: number;
}

/** Kite's segment ids: the low byte of every instrument_token. */
export const SEGMENT_IDS = { NSE: 1, NFO: 2, BSE: 4, BFO: 5, INDICES: 9 } as const;
export type SegmentIdName = keyof typeof SEGMENT_IDS;

/** `exchange_token * 256 + segment id`: the instrument_token of a contract. */
export const instrumentToken = (exchangeToken: number, segment: SegmentIdName): number =>
  exchangeToken * 256 + SEGMENT_IDS[segment];

const TYPE_CODES = { FUT: 0, CE: 1, PE: 2 } as const;
const MAX_STRIKE = 1_000_000;

/**
 * A stable exchange_token for a generated contract, so the same contract keeps the same internalToken across
 * restarts and daily regenerations (orders and positions refer to it). Digits: index ordinal, expiry day number,
 * type, strike; at most ~7.3e12, so the instrument_token stays well inside a double's exact integers.
 */
export const generatedExchangeToken = (
  indexOrdinal: number,
  expiry: IsoDate,
  type: keyof typeof TYPE_CODES,
  strike: number,
): number => {
  const strikeCode = Math.round(strike);
  if (strikeCode < 0 || strikeCode >= MAX_STRIKE) throw new RangeError(`Strike out of range: ${strike}`);
  return (
    ((indexOrdinal + 1) * 100_000 + toDayNumber(expiry)) * 10 * MAX_STRIKE +
    TYPE_CODES[type] * MAX_STRIKE +
    strikeCode
  );
};

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** Human label of a future, e.g. `NIFTY 24 NOV FUT` (options use core's `optionIdentifier`). */
export const futureIdentifier = (name: string, expiry: IsoDate): string =>
  `${name} ${twoDigits(dayOf(expiry))} ${monthCode(expiry)} FUT`;

/** What the search box matches: identifier and trading symbol, upper-cased. */
export const searchTextOf = (instrument: Pick<InstrumentRecord, 'identifier' | 'tradingsymbol'>): string =>
  `${instrument.identifier} ${instrument.tradingsymbol}`.toUpperCase();
