import type { InstrumentRecord } from '../../../src/modules/instruments/contract';

// IIFL Capital's contract files (`GET /v1/contractfiles/<SEGMENT>.csv`) as the fake serves them: the header names
// public clients of IIFL's files read, one row per contract, futures with Option Type `XX`.

export const IIFL_CONTRACT_HEADER = [
  'Exchange',
  'Instrument ID',
  'Trading Symbol',
  'Underlying Instrument Symbol',
  'Underlying Instrument Name',
  'Instrument Type',
  'Option Type',
  'Strike Price',
  'Expiry',
  'Lot Size',
  'Tick Size',
].join(',');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Rows IIFL lists that are not our index derivatives: a stock option and a stock future. */
export const IIFL_NOISE_ROWS = [
  'NSEFO,99001,RELIANCE29DEC261500CE,RELIANCE,"Reliance Industries, Ltd",OPTSTK,CE,1500,29-Dec-2026,500,0.05',
  'NSEFO,99002,RELIANCE29DEC26FUT,RELIANCE,"Reliance Industries, Ltd",FUTSTK,XX,0,29-Dec-2026 14:30,500,0.1',
];

/** IIFL's trading symbol of one of our contracts (IIFL's spelling, not Kite's, so mapping them is exercised). */
export function iiflTradingSymbol(record: InstrumentRecord): string {
  const [year, month, day] = (record.expiry ?? '').split('-');
  const mon = MONTHS[Number(month) - 1]?.toUpperCase();
  const date = `${day}${mon}${year?.slice(2)}`;
  return record.instrument_type === 'FUT'
    ? `${record.name}${date}FUT`
    : `${record.name}${date}${record.strike}${record.instrument_type}`;
}

/** One of our contracts as a row of IIFL's contract file, under `instrumentId`. */
export function iiflContractRow(record: InstrumentRecord, instrumentId: string): string {
  const [year, month, day] = (record.expiry ?? '').split('-');
  const future = record.instrument_type === 'FUT';
  return [
    record.exchange === 'BFO' ? 'BSEFO' : 'NSEFO',
    instrumentId,
    iiflTradingSymbol(record),
    record.name,
    `${record.name} index`,
    future ? 'FUTIDX' : 'OPTIDX',
    future ? 'XX' : record.instrument_type,
    future ? '0' : String(record.strike),
    `${day}-${MONTHS[Number(month) - 1]}-${year}`,
    String(record.lot_size),
    String(record.tick_size),
  ].join(',');
}
