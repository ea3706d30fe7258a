import type { IsoDate } from '../market/dates';

/**
 * Statutory and exchange charges on Indian index derivatives, as data with the date each rate took effect.
 * Rates are fractions of turnover (0.001 = 0.1%); "premium turnover" for options is price x quantity, for
 * futures the contract value. Sources and the history behind each row are in docs/charges.md.
 */
export interface DatedRate {
  /** First trading date (IST) the rate applies to. */
  from: IsoDate;
  rate: number;
}

export interface ChargeRates {
  /** Securities Transaction Tax on the sell side. */
  sttSell: readonly DatedRate[];
  /** Exchange transaction charge, both sides. */
  exchange: readonly DatedRate[];
  /** Stamp duty on the buy side. */
  stampBuy: readonly DatedRate[];
}

/** SEBI turnover fee: Rs 10 per crore of turnover, both sides, both segments. */
export const SEBI_FEE_RATE = 10 / 1e7;
/** GST on brokerage, exchange transaction charges and the SEBI fee. */
export const GST_RATE = 0.18;
/** Futures brokerage is the flat fee or this share of turnover, whichever is lower (options pay the flat fee). */
export const FUTURES_BROKERAGE_RATE = 0.0003;
/** The common discount-broker fee per executed F&O order, in rupees. */
export const DEFAULT_BROKERAGE_PER_ORDER = 20;

// Rows are sorted by date; the last row whose date is on or before the trade date applies.
const STT_OPTIONS: readonly DatedRate[] = [
  { from: '2023-04-01', rate: 0.000625 },
  { from: '2024-10-01', rate: 0.001 },
  { from: '2026-04-01', rate: 0.0015 },
];
const STT_FUTURES: readonly DatedRate[] = [
  { from: '2023-04-01', rate: 0.000125 },
  { from: '2024-10-01', rate: 0.0002 },
  { from: '2026-04-01', rate: 0.0005 },
];
const STAMP_OPTIONS: readonly DatedRate[] = [{ from: '2020-07-01', rate: 0.00003 }];
const STAMP_FUTURES: readonly DatedRate[] = [{ from: '2020-07-01', rate: 0.00002 }];

const NSE_OPTIONS: readonly DatedRate[] = [
  { from: '2023-04-01', rate: 0.000495 },
  { from: '2024-10-01', rate: 0.0003503 },
];
const NSE_FUTURES: readonly DatedRate[] = [
  { from: '2023-04-01', rate: 0.000019 },
  { from: '2024-10-01', rate: 0.0000173 },
];
/** BSE's flagship index options (SENSEX, BANKEX): Rs 3,250 per crore of premium from 2024-10-01. */
const BSE_FLAGSHIP_OPTIONS: readonly DatedRate[] = [
  { from: '2023-04-01', rate: 0.0005 },
  { from: '2024-10-01', rate: 0.000325 },
];
/** BSE's other index options (SENSEX50): Rs 500 per crore of premium. */
const BSE_OTHER_OPTIONS: readonly DatedRate[] = [{ from: '2023-04-01', rate: 0.00005 }];
/** BSE charges nothing on index futures. */
const BSE_FUTURES: readonly DatedRate[] = [{ from: '2023-04-01', rate: 0 }];

const BSE_FLAGSHIP = new Set(['SENSEX', 'BANKEX']);

export type ChargedContract = 'option' | 'future';

/** The rate table for a contract on its exchange (`underlying` is the index name, e.g. SENSEX). */
export function chargeRatesFor(
  contract: ChargedContract,
  exchange: 'NFO' | 'BFO',
  underlying: string,
): ChargeRates {
  const option = contract === 'option';
  let exchangeRates: readonly DatedRate[];
  if (exchange === 'NFO') exchangeRates = option ? NSE_OPTIONS : NSE_FUTURES;
  else if (!option) exchangeRates = BSE_FUTURES;
  else exchangeRates = BSE_FLAGSHIP.has(underlying) ? BSE_FLAGSHIP_OPTIONS : BSE_OTHER_OPTIONS;
  return {
    sttSell: option ? STT_OPTIONS : STT_FUTURES,
    exchange: exchangeRates,
    stampBuy: option ? STAMP_OPTIONS : STAMP_FUTURES,
  };
}

/** The rate in force on `date`: the latest row on or before it (the earliest row for older dates). */
export function rateOn(rates: readonly DatedRate[], date: IsoDate): number {
  let rate = rates[0]?.rate ?? 0;
  for (const row of rates) if (row.from <= date) rate = row.rate;
  return rate;
}
