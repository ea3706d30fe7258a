import { istEpochMs } from '@xtrader/core/market/dates';
import { describe, expect, it } from 'vitest';
import { parseFyersMaster } from './instruments';

// Rows shaped as in Fyers' published NSE_FO / BSE_FO symbol masters (header-less, 21 columns).
const expiry = (date: string) => Math.floor(istEpochMs(date, 14, 30) / 1000);
const CSV = [
  `101126120126000,NIFTY 01 Dec 26 26000 CE,14,65,0.05,,0915-1530|1815-1915:,2026-11-24,${expiry('2026-12-01')},NSE:NIFTY26D0126000CE,10,11,43919,NIFTY,26000,26000,CE,101000000026000,,,`,
  `1011261229FUT,NIFTY 29 Dec 26 FUT,11,65,0.05,,0915-1530|1815-1915:,2026-11-24,${expiry('2026-12-29')},NSE:NIFTY26DECFUT,10,11,35001,NIFTY,26000,-1,XX,101000000026000,,,`,
  `101126112935110,RELIANCE 24 Nov 26 1300 CE,15,500,0.05,,0915-1530|1815-1915:,2026-11-24,${expiry('2026-11-24')},NSE:RELIANCE26NOV1300CE,10,11,35110,RELIANCE,2885,1300,CE,10100000002885,,,`,
  `121126120382000,SENSEX 03 Dec 26 82000 PE,14,20,0.05,,0915-1530|1815-1915:,2026-11-24,${expiry('2026-12-03')},BSE:SENSEX26D0382000PE,12,11,1130,SENSEX,1,82000,PE,12100000000001,,,`,
].join('\r\n');

describe('Fyers symbol master', () => {
  it('keeps the index options and futures of our indices, in our terms', () => {
    expect(parseFyersMaster(CSV)).toEqual([
      {
        instrumentId: 'NSE:NIFTY26D0126000CE',
        tradingSymbol: 'NSE:NIFTY26D0126000CE',
        exchange: 'NSE',
        underlying: 'NIFTY',
        expiry: '2026-12-01',
        strike: 26000,
        optionType: 'CE',
        lotSize: 65,
      },
      {
        instrumentId: 'NSE:NIFTY26DECFUT',
        tradingSymbol: 'NSE:NIFTY26DECFUT',
        exchange: 'NSE',
        underlying: 'NIFTY',
        expiry: '2026-12-29',
        strike: 0,
        optionType: 'FUT',
        lotSize: 65,
      },
      {
        instrumentId: 'BSE:SENSEX26D0382000PE',
        tradingSymbol: 'BSE:SENSEX26D0382000PE',
        exchange: 'BSE',
        underlying: 'SENSEX',
        expiry: '2026-12-03',
        strike: 82000,
        optionType: 'PE',
        lotSize: 20,
      },
    ]);
  });
});
