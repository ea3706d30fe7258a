import { describe, expect, it } from 'vitest';
import { isoExpiry, parseContractMaster } from './contract-master';

// AliceBlue's contract master CSV, read by column name: our indices' options and futures, in our terms.

const NFO = [
  'Exch,Exchange Segment,Symbol,Token,Instrument Type,Option Type,Strike Price,Instrument Name,Formatted Ins Name,Trading Symbol,Expiry Date,Lot Size,Tick Size',
  'NFO,nse_fo,NIFTY,40215,OPTIDX,CE,26000.0,NIFTY,"NIFTY 1 DEC 26000 CE",NIFTY01DEC26C26000,2026-12-01,65,0.05',
  'NFO,nse_fo,BANKNIFTY,40216,FUTIDX,,,BANKNIFTY,BANKNIFTY DEC FUT,BANKNIFTY29DEC26F,2026-12-29,30,0.2',
  'NFO,nse_fo,RELIANCE,40217,OPTSTK,PE,1500.0,RELIANCE,RELIANCE DEC 1500 PE,RELIANCE29DEC26P1500,2026-12-29,500,0.05',
  '',
].join('\r\n');

// BFO lists its columns in another order.
const BFO = [
  'Exch,Exchange Segment,Symbol,Token,Trading Symbol,Instrument Type,Option Type,Strike Price,Expiry Date,Lot Size,Tick Size,Instrument Name,Formatted Ins Name',
  'BFO,bse_fo,SENSEX,1130400,SENSEX26D0382000PE,IO,PE,82000,03-12-2026,20,0.05,SENSEX,SENSEX 3 DEC 82000 PE',
  'BFO,bse_fo,BANKEX,1130401,BANKEX26DECFUT,IF,XX,-1,24-Dec-2026,30,0.05,BANKEX,BANKEX DEC FUT',
].join('\n');

describe('AliceBlue contract master', () => {
  it("keeps our indices' options and futures with AliceBlue's token and exchange", () => {
    expect(parseContractMaster(NFO)).toEqual([
      {
        instrumentId: '40215',
        tradingSymbol: 'NIFTY01DEC26C26000',
        exchange: 'NFO',
        underlying: 'NIFTY',
        expiry: '2026-12-01',
        strike: 26000,
        optionType: 'CE',
        lotSize: 65,
      },
      {
        instrumentId: '40216',
        tradingSymbol: 'BANKNIFTY29DEC26F',
        exchange: 'NFO',
        underlying: 'BANKNIFTY',
        expiry: '2026-12-29',
        strike: 0,
        optionType: 'FUT',
        lotSize: 30,
      },
    ]);
  });

  it('reads a file whose columns come in another order, and other date spellings', () => {
    expect(
      parseContractMaster(BFO).map((c) => [c.instrumentId, c.exchange, c.expiry, c.optionType, c.strike]),
    ).toEqual([
      ['1130400', 'BFO', '2026-12-03', 'PE', 82000],
      ['1130401', 'BFO', '2026-12-24', 'FUT', 0],
    ]);
  });

  it('refuses a file without the columns it needs', () => {
    expect(() => parseContractMaster('Exch,Token\nNFO,1')).toThrow('unexpected contract master header');
  });

  it.each([
    ['2026-12-01', '2026-12-01'],
    ['2026-12-01 00:00:00', '2026-12-01'],
    ['01-12-2026', '2026-12-01'],
    ['1/12/2026', '2026-12-01'],
    ['01-Dec-2026', '2026-12-01'],
    ['', undefined],
    ['soon', undefined],
  ])('reads the expiry %j as %j', (text, iso) => {
    expect(isoExpiry(text)).toBe(iso);
  });
});
