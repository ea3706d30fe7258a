import { describe, expect, it } from 'vitest';
import { DETAILED_HEADER, detailedRow, NOISE_ROWS } from '../../../../test/fakes/dhan';
import { optionRecord } from '../../../../test/helpers/fake-instruments';
import { csvFields, parseDhanScripMaster } from './scrip-master';

// Dhan's detailed scrip master: only the index options and futures of our seven indices, in our terms.

describe("Dhan's scrip master", () => {
  it('keeps our index options and futures with their security id, segment, expiry, strike and lot size', () => {
    const call = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');
    const put = optionRecord('SENSEX', '2026-12-03', 85000, 'PE');
    const csv = [
      DETAILED_HEADER,
      ...NOISE_ROWS,
      detailedRow(call, '40100'),
      detailedRow(put, '1120'),
      'NSE,D,77,NA,FUTIDX,26000,BANKNIFTY,BANKNIFTY-Dec2026-FUT,BANKNIFTY DEC FUT,FUT,NA,30.0,2026-12-29 14:30:00,-0.01000,XX,0.0500,M,N,N,N,NA,A',
    ].join('\r\n');
    expect(parseDhanScripMaster(csv)).toEqual([
      {
        instrumentId: '40100',
        tradingSymbol: 'NIFTY-Dec2026-26000-CE',
        exchange: 'NSE_FNO',
        underlying: 'NIFTY',
        expiry: '2026-12-01',
        strike: 26000,
        optionType: 'CE',
        lotSize: call.lot_size,
      },
      {
        instrumentId: '1120',
        tradingSymbol: 'SENSEX-Dec2026-85000-PE',
        exchange: 'BSE_FNO',
        underlying: 'SENSEX',
        expiry: '2026-12-03',
        strike: 85000,
        optionType: 'PE',
        lotSize: put.lot_size,
      },
      {
        instrumentId: '77',
        tradingSymbol: 'BANKNIFTY-Dec2026-FUT',
        exchange: 'NSE_FNO',
        underlying: 'BANKNIFTY',
        expiry: '2026-12-29',
        strike: 0,
        optionType: 'FUT',
        lotSize: 30,
      },
    ]);
  });

  it('finds columns by name and refuses a master without the ones it needs', () => {
    expect(() => parseDhanScripMaster('SEM_EXM_EXCH_ID,SEM_SEGMENT\nNSE,D')).toThrow(/lacks EXCH_ID/);
  });

  it('splits quoted fields', () => {
    expect(csvFields('a,"b, c","d ""e"""')).toEqual(['a', 'b, c', 'd "e"']);
  });
});
