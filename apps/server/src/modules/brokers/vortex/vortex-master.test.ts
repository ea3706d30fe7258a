import { describe, expect, it } from 'vitest';
import { csvFields, parseVortexMaster, vortexTokenOf } from './vortex-master';

// Rupeezy's master.csv: only the index options and futures of our indices are kept, in our terms.

const CSV = [
  'token,exchange,symbol,instrument_name,series,expiry_date,option_type,strike_price,tick,lot_size,eligibility,security_desc,asm_gsm_stage,last_trading_date,isin_code,ticker,has_cas_session',
  '22,NSE_EQ,ACC,EQUITIES,EQ,,,0,5,1,,"ACC LIMITED",,,INE012A01025,NSE:ACC,false',
  '26000,NSE_EQ,NIFTY,EQIDX,,,,0,5,1,,"NIFTY 50",,,,NSE:NIFTY,false',
  '51000,NSE_FO,RELIANCE,OPTSTK,XX,20261126,CE,1500,5,500,,"RELIANCE, CALL",,,,NSE:RELIANCE26NOV1500CE,false',
  '43919,NSE_FO,NIFTY,OPTIDX,XX,20261201,CE,26000,5,65,,"NIFTY 01 DEC 26000 CE, weekly",,20261201,,NSE:NIFTY26D0126000CE,false',
  '43920,NSE_FO,NIFTY,FUTIDX,XX,20261229,XX,-0.01,5,65,,"NIFTY DEC FUT",,20261229,,NSE:NIFTY26DECFUT,false',
  '81234,BSE_FO,SENSEX,OPTIDX,XX,20261203,PE,85000,5,20,,"SENSEX PE",,20261203,,BSE:SENSEX26D0385000PE,false',
  '',
].join('\r\n');

describe('Rupeezy instrument master', () => {
  it('keeps index options and futures of our indices with the segment and token as the id', () => {
    expect(parseVortexMaster(CSV)).toEqual([
      {
        instrumentId: 'NSE_FO|43919',
        tradingSymbol: 'NIFTY26D0126000CE',
        exchange: 'NSE_FO',
        underlying: 'NIFTY',
        expiry: '2026-12-01',
        strike: 26000,
        optionType: 'CE',
        lotSize: 65,
      },
      {
        instrumentId: 'NSE_FO|43920',
        tradingSymbol: 'NIFTY26DECFUT',
        exchange: 'NSE_FO',
        underlying: 'NIFTY',
        expiry: '2026-12-29',
        strike: 0,
        optionType: 'FUT',
        lotSize: 65,
      },
      {
        instrumentId: 'BSE_FO|81234',
        tradingSymbol: 'SENSEX26D0385000PE',
        exchange: 'BSE_FO',
        underlying: 'SENSEX',
        expiry: '2026-12-03',
        strike: 85000,
        optionType: 'PE',
        lotSize: 20,
      },
    ]);
  });

  it('refuses a master whose header changed rather than mapping the wrong columns', () => {
    expect(() => parseVortexMaster('id,segment,name\n1,NSE_FO,NIFTY')).toThrow(/unexpected header/);
  });

  it('reads quoted fields with commas and doubled quotes', () => {
    expect(csvFields('1,"a, ""b""",c')).toEqual(['1', 'a, "b"', 'c']);
  });

  it('splits an id back into segment and numeric token', () => {
    expect(vortexTokenOf('BSE_FO|81234')).toEqual({ exchange: 'BSE_FO', token: 81234 });
  });
});
