import type { InstrumentRecord } from '../../../src/modules/instruments/contract';

// The fake's scrip master in Angel One's published format (OpenAPIScripMaster.json): every value a string, strikes
// x100 with six decimals, expiries `24NOV2026`, symbols `NIFTY24NOV2626000CE` / `NIFTY24NOV26FUT`.

export interface AngelScripEntry {
  token: string;
  symbol: string;
  name: string;
  expiry: string;
  strike: string;
  lotsize: string;
  instrumenttype: string;
  exch_seg: string;
  tick_size: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `2026-11-24` as Angel One writes it: `24NOV2026`. */
export function angelExpiry(iso: string): string {
  const [year, month, day] = iso.split('-') as [string, string, string];
  return `${day}${MONTHS[Number(month) - 1]}${year}`;
}

/** One of our contracts as the scrip master lists it, under `token`. */
export function scripOf(record: InstrumentRecord, token: string): AngelScripEntry {
  const expiry = angelExpiry(record.expiry ?? '');
  const short = `${expiry.slice(0, 5)}${expiry.slice(7)}`;
  const future = record.instrument_type === 'FUT';
  return {
    token,
    symbol: future
      ? `${record.name}${short}FUT`
      : `${record.name}${short}${record.strike}${record.instrument_type}`,
    name: record.name,
    expiry,
    strike: future ? '-1.000000' : (record.strike * 100).toFixed(6),
    lotsize: String(record.lot_size),
    instrumenttype: future ? 'FUTIDX' : 'OPTIDX',
    exch_seg: record.exchange === 'BFO' ? 'BFO' : 'NFO',
    tick_size: (record.tick_size * 100).toFixed(6),
  };
}
