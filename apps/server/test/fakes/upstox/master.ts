import { istEpochMs } from '@xtrader/core/market/dates';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';

// Rows of Upstox's instrument master (NSE.json.gz / BSE.json.gz) as it publishes them: one JSON object per
// instrument, expiry in epoch milliseconds at the end of the expiry day (IST), tick size in paise.

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const UNDERLYING_KEYS: Record<string, string> = {
  NIFTY: 'NSE_INDEX|Nifty 50',
  BANKNIFTY: 'NSE_INDEX|Nifty Bank',
  FINNIFTY: 'NSE_INDEX|Nifty Fin Service',
  MIDCPNIFTY: 'NSE_INDEX|NIFTY MID SELECT',
  NIFTYNXT50: 'NSE_INDEX|Nifty Next 50',
  SENSEX: 'BSE_INDEX|SENSEX',
  BANKEX: 'BSE_INDEX|BANKEX',
};

export type UpstoxMasterRow = Record<string, unknown> & { instrument_key: string; segment: string };

/** Upstox's trading symbol: `NIFTY 26000 CE 24 NOV 26`, `NIFTY FUT 24 NOV 26`. */
function tradingSymbolOf(record: InstrumentRecord): string {
  const [y, m, d] = (record.expiry ?? '').split('-');
  const date = `${d} ${MONTHS[Number(m) - 1]} ${y?.slice(2)}`;
  return record.instrument_type === 'FUT'
    ? `${record.name} FUT ${date}`
    : `${record.name} ${record.strike} ${record.instrument_type} ${date}`;
}

/** The master row of one of our contracts under `exchangeToken`. */
export function masterRowOf(record: InstrumentRecord, exchangeToken: number): UpstoxMasterRow {
  const segment = record.exchange === 'BFO' ? 'BSE_FO' : 'NSE_FO';
  return {
    segment,
    name: record.name,
    exchange: segment === 'BSE_FO' ? 'BSE' : 'NSE',
    expiry: istEpochMs(record.expiry as string, 23, 59, 59),
    weekly: false,
    instrument_key: `${segment}|${exchangeToken}`,
    exchange_token: String(exchangeToken),
    trading_symbol: tradingSymbolOf(record),
    tick_size: 5,
    lot_size: record.lot_size,
    instrument_type: record.instrument_type,
    freeze_quantity: 1800,
    underlying_key: UNDERLYING_KEYS[record.name],
    underlying_type: 'INDEX',
    underlying_symbol: record.name,
    ...(record.instrument_type === 'FUT' ? {} : { strike_price: record.strike }),
    minimum_lot: record.lot_size,
  };
}

/** Rows every real master has that are not ours: an index, an equity, a stock option. */
export const OTHER_ROWS: readonly Record<string, unknown>[] = [
  {
    segment: 'NSE_INDEX',
    name: 'Nifty 50',
    exchange: 'NSE',
    instrument_key: 'NSE_INDEX|Nifty 50',
    exchange_token: '26000',
    trading_symbol: 'NIFTY',
    tick_size: 0,
    lot_size: 0,
    instrument_type: 'INDEX',
  },
  {
    segment: 'NSE_EQ',
    name: 'RELIANCE INDUSTRIES LTD',
    exchange: 'NSE',
    isin: 'INE002A01018',
    instrument_type: 'EQ',
    instrument_key: 'NSE_EQ|INE002A01018',
    lot_size: 1,
    exchange_token: '2885',
    tick_size: 10,
    trading_symbol: 'RELIANCE',
  },
  {
    segment: 'NSE_FO',
    name: 'RELIANCE',
    exchange: 'NSE',
    expiry: istEpochMs('2026-11-24', 23, 59, 59),
    instrument_key: 'NSE_FO|99001',
    exchange_token: '99001',
    trading_symbol: 'RELIANCE 1500 CE 24 NOV 26',
    tick_size: 5,
    lot_size: 500,
    instrument_type: 'CE',
    underlying_symbol: 'RELIANCE',
    underlying_type: 'EQUITY',
    strike_price: 1500,
  },
];
