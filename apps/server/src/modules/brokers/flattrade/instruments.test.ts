import { describe, expect, it } from 'vitest';
import { isoOfFlattradeExpiry, parseFlattradeMaster } from './instruments';

// Flattrade's scrip-master CSV -> the index derivatives of our seven indices, in our terms.

const NFO = [
  'Exchange,Token,Lotsize,Symbol,Tradingsymbol,Expiry,Instrument,Optiontype,Strike',
  'NFO,43919,65,NIFTY,NIFTY24NOV26C26000,24-NOV-2026,OPTIDX,CE,26000.00',
  'NFO,43920,65,NIFTY,NIFTY24NOV26P25950.5,24-NOV-2026,OPTIDX,PE,25950.50',
  'NFO,52011,30,BANKNIFTY,BANKNIFTY29DEC26F,29-Dec-2026,FUTIDX,XX,-0.01',
  'NFO,61000,500,RELIANCE,RELIANCE29DEC26C1960,29-DEC-2026,OPTSTK,CE,1960.00',
  'NFO,61001,75,NIFTYIT,NIFTYIT29DEC26F,29-DEC-2026,FUTIDX,XX,-0.01',
  'NFO,,65,NIFTY,NIFTY24NOV26C26100,24-NOV-2026,OPTIDX,CE,26100.00',
].join('\r\n');

describe('Flattrade scrip master', () => {
  it('keeps index options and futures of our indices with the broker token and symbol', () => {
    expect(parseFlattradeMaster(NFO)).toEqual([
      {
        instrumentId: '43919',
        tradingSymbol: 'NIFTY24NOV26C26000',
        exchange: 'NFO',
        underlying: 'NIFTY',
        expiry: '2026-11-24',
        strike: 26000,
        optionType: 'CE',
        lotSize: 65,
      },
      expect.objectContaining({ instrumentId: '43920', strike: 25950.5, optionType: 'PE' }),
      expect.objectContaining({
        instrumentId: '52011',
        underlying: 'BANKNIFTY',
        expiry: '2026-12-29',
        strike: 0,
        optionType: 'FUT',
        lotSize: 30,
      }),
    ]);
  });

  it('reads columns by name and knows BSE’s own contract names', () => {
    const csv = [
      'Token,Exchange,Symbol,Lotsize,Tradingsymbol,Instrument,Optiontype,Strike,Expiry,Ticksize',
      '1130462,BFO,BSXOPT,20,SENSEX26N2681000PE,OPTIDX,PE,81000,26-NOV-2026,0.05',
      '1130463,BFO,BKXOPT,30,BANKEX26N2660000CE,OPTIDX,CE,60000,26-NOV-2026,0.05',
      '1130464,BFO,BSXFUT,20,SENSEX26NOVFUT,FUTIDX,XX,0,26-NOV-2026,0.05',
    ].join('\n');
    expect(parseFlattradeMaster(csv).map((c) => [c.underlying, c.optionType, c.strike, c.exchange])).toEqual([
      ['SENSEX', 'PE', 81000, 'BFO'],
      ['BANKEX', 'CE', 60000, 'BFO'],
      ['SENSEX', 'FUT', 0, 'BFO'],
    ]);
  });

  it('refuses a file whose columns changed rather than mapping it wrongly', () => {
    expect(() => parseFlattradeMaster('Exchange,Token,Symbol\nNFO,1,NIFTY')).toThrow(
      /unexpected scrip-master columns/,
    );
  });

  it('reads expiries as DD-MON-YYYY in any case', () => {
    expect(isoOfFlattradeExpiry('4-nov-2026')).toBe('2026-11-04');
    expect(isoOfFlattradeExpiry('24-NOV-26')).toBeUndefined();
    expect(isoOfFlattradeExpiry('24-XYZ-2026')).toBeUndefined();
  });
});
