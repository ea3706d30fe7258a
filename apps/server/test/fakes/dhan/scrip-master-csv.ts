import type { InstrumentRecord } from '../../../src/modules/instruments/contract';

// Rows of Dhan's detailed scrip master (`api-scrip-master-detailed.csv`) in its real column order, for the fake.

export const DETAILED_HEADER = [
  'EXCH_ID',
  'SEGMENT',
  'SECURITY_ID',
  'ISIN',
  'INSTRUMENT',
  'UNDERLYING_SECURITY_ID',
  'UNDERLYING_SYMBOL',
  'SYMBOL_NAME',
  'DISPLAY_NAME',
  'INSTRUMENT_TYPE',
  'SERIES',
  'LOT_SIZE',
  'SM_EXPIRY_DATE',
  'STRIKE_PRICE',
  'OPTION_TYPE',
  'TICK_SIZE',
  'EXPIRY_FLAG',
  'BRACKET_FLAG',
  'COVER_FLAG',
  'ASM_GSM_FLAG',
  'ASM_GSM_CATEGORY',
  'BUY_SELL_INDICATOR',
].join(',');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Rows Dhan lists that are not our index derivatives: an index, an equity, a stock option. */
export const NOISE_ROWS = [
  'NSE,I,13,NA,INDEX,13,NIFTY,NIFTY,Nifty 50,INDEX,NA,1.0,0001-01-01,-0.01000,XX,0.0500,N,N,N,N,NA,A',
  'NSE,E,2885,INE002A01018,EQUITY,2885,RELIANCE,RELIANCE,Reliance Industries,ES,EQ,1.0,0001-01-01,-0.01000,XX,0.1000,NA,N,N,N,NA,A',
  'NSE,D,99001,NA,OPTSTK,2885,RELIANCE,RELIANCE-Dec2026-1500-CE,RELIANCE 29 DEC 1500 CALL,OP,NA,500.0,2026-12-29,1500.00000,CE,0.0500,M,N,N,N,NA,A',
];

/** One of our contracts as Dhan's detailed master row, under `securityId`. */
export function detailedRow(record: InstrumentRecord, securityId: string): string {
  const expiry = record.expiry ?? '0001-01-01';
  const [year, month] = expiry.split('-');
  const mon = MONTHS[Number(month) - 1];
  const future = record.instrument_type === 'FUT';
  const symbolName = future
    ? `${record.name}-${mon}${year}-FUT`
    : `${record.name}-${mon}${year}-${record.strike}-${record.instrument_type}`;
  const display = future
    ? `${record.name} ${mon?.toUpperCase()} FUT`
    : `${record.name} ${expiry.slice(8)} ${mon?.toUpperCase()} ${record.strike} ${record.instrument_type === 'CE' ? 'CALL' : 'PUT'}`;
  return [
    record.exchange === 'BFO' ? 'BSE' : 'NSE',
    'D',
    securityId,
    'NA',
    future ? 'FUTIDX' : 'OPTIDX',
    '13',
    record.name,
    symbolName,
    display,
    future ? 'FUT' : 'OP',
    'NA',
    `${record.lot_size}.0`,
    `${expiry} 14:30:00`,
    future ? '-0.01000' : `${record.strike}.00000`,
    future ? 'XX' : record.instrument_type,
    '0.0500',
    future ? 'M' : 'W',
    'N',
    'N',
    'N',
    'NA',
    'A',
  ].join(',');
}
