import { describe, expect, it } from 'vitest';
import { iiflExpiry, parseIiflContractFile } from './contract-files';

// IIFL's contract files read by header name: our indices' options and futures kept, the rest (and bad rows) left.

const HEADER =
  'Exchange,Instrument ID,Trading Symbol,Underlying Instrument Symbol,Underlying Instrument Name,Instrument Type,Option Type,Strike Price,Expiry,Lot Size,Tick Size';

describe('IIFL contract files', () => {
  it('keeps index options and futures of our indices, in our terms, whatever the column order', () => {
    const csv = [
      // Columns in another order, with a byte-order mark and CRLF line ends.
      '\ufeffInstrument ID,Expiry,Option Type,Underlying Instrument Symbol,Strike Price,Lot Size,Trading Symbol,Instrument Type,Underlying Instrument Name,Exchange,Tick Size',
      '35001,01-Dec-2026,CE,NIFTY,26000,65,NIFTY01DEC2626000CE,OPTIDX,"Nifty 50, index",NSEFO,0.05',
      '35002,30-Dec-2026 14:30,XX,BANKNIFTY,0,30,BANKNIFTY30DEC26FUT,FUTIDX,Nifty Bank,NSEFO,0.1',
      '35003,2026-12-01,pe,nifty,25950.5,65,NIFTY01DEC2625950.5PE,OPTIDX,Nifty 50,NSEFO,0.05',
      '99001,29-Dec-2026,CE,RELIANCE,1500,500,RELIANCE29DEC261500CE,OPTSTK,Reliance,NSEFO,0.05',
    ].join('\r\n');
    expect(parseIiflContractFile(csv, 'NSEFO')).toEqual([
      {
        instrumentId: '35001',
        tradingSymbol: 'NIFTY01DEC2626000CE',
        exchange: 'NSEFO',
        underlying: 'NIFTY',
        expiry: '2026-12-01',
        strike: 26000,
        optionType: 'CE',
        lotSize: 65,
      },
      expect.objectContaining({ instrumentId: '35002', optionType: 'FUT', strike: 0, expiry: '2026-12-30' }),
      expect.objectContaining({
        instrumentId: '35003',
        optionType: 'PE',
        strike: 25950.5,
        underlying: 'NIFTY',
      }),
    ]);
  });

  it('leaves out rows it cannot read rather than failing the whole file', () => {
    const csv = [
      HEADER,
      'NSEFO,,NIFTY01DEC2626000CE,NIFTY,Nifty 50,OPTIDX,CE,26000,01-Dec-2026,65,0.05',
      'NSEFO,35005,NIFTY01DEC2626000CE,NIFTY,Nifty 50,OPTIDX,CE,26000,someday,65,0.05',
      'NSEFO,35006,NIFTY01DEC2626000CE,NIFTY,Nifty 50,OPTIDX,CE,26000,01-Dec-2026,0,0.05',
      'NSEFO,35007,NIFTY01DEC2626000CE,NIFTY,Nifty 50,OPTIDX,CE,lots,01-Dec-2026,65,0.05',
      'NSEFO,35008,NIFTY01DEC2626000CE,NIFTY',
      'BSEFO,35009,SENSEX03DEC2685000CE,SENSEX,Sensex,OPTIDX,CE,85000,03-Dec-2026,20,0.05',
    ].join('\n');
    expect(parseIiflContractFile(csv, 'BSEFO').map((c) => [c.instrumentId, c.exchange])).toEqual([
      ['35009', 'BSEFO'],
    ]);
    expect(parseIiflContractFile(`${HEADER}\n`, 'NSEFO')).toEqual([]);
  });

  it('refuses a file whose header lacks a column it needs', () => {
    const csv = 'Exchange,Instrument ID,Trading Symbol\nNSEFO,35001,NIFTY01DEC2626000CE\n';
    expect(() => parseIiflContractFile(csv, 'NSEFO')).toThrow(/IIFL contract file NSEFO lacks underlying/);
  });

  it.each([
    ['30-Apr-2026', '2026-04-30'],
    ['7-Apr-2026 23:59', '2026-04-07'],
    ['2026-04-30T00:00:00', '2026-04-30'],
    ['30-Abc-2026', undefined],
    ['', undefined],
  ])('reads the expiry %j as %j', (text, iso) => {
    expect(iiflExpiry(text)).toBe(iso);
  });
});
