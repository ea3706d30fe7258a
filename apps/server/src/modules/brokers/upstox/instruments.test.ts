import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { masterRowOf } from '../../../../test/fakes/upstox';
import { optionRecord } from '../../../../test/helpers/fake-instruments';
import { contractOfRow, contractsOfMaster } from './instruments';

// Upstox's instrument master (gzipped JSON array) read into our contract terms: only the index options and futures
// of our seven indices, expiry from epoch ms to the IST date.

const call = optionRecord('NIFTY', '2026-12-29', 26000, 'CE');
const sensexPut = optionRecord('SENSEX', '2026-12-24', 85000, 'PE');

describe('Upstox instrument master', () => {
  it('reads an index option row in our terms', () => {
    expect(contractOfRow(masterRowOf(call, 43919))).toEqual({
      instrumentId: 'NSE_FO|43919',
      tradingSymbol: 'NIFTY 26000 CE 29 DEC 26',
      exchange: 'NSE_FO',
      underlying: 'NIFTY',
      expiry: '2026-12-29',
      strike: 26000,
      optionType: 'CE',
      lotSize: 65,
    });
    expect(contractOfRow(masterRowOf(sensexPut, 1170))).toMatchObject({
      instrumentId: 'BSE_FO|1170',
      exchange: 'BSE_FO',
      underlying: 'SENSEX',
      expiry: '2026-12-24',
      optionType: 'PE',
    });
  });

  it('reads a future with strike 0, and the expiry at 15:30 IST as the same day', () => {
    const future = { ...masterRowOf(call, 5), instrument_type: 'FUT', strike_price: undefined };
    expect(contractOfRow(future)).toMatchObject({ optionType: 'FUT', strike: 0, expiry: '2026-12-29' });
    const closeStamp = Date.parse('2026-12-29T15:30:00+05:30');
    expect(contractOfRow({ ...masterRowOf(call, 6), expiry: closeStamp })?.expiry).toBe('2026-12-29');
  });

  it('keeps only our index derivatives from a gzipped or plain master', () => {
    const rows = [
      masterRowOf(call, 43919),
      {
        segment: 'NSE_EQ',
        instrument_key: 'NSE_EQ|INE002A01018',
        trading_symbol: 'RELIANCE',
        instrument_type: 'EQ',
        lot_size: 1,
      },
      { ...masterRowOf(call, 99), underlying_symbol: 'RELIANCE', name: 'RELIANCE' },
      { ...masterRowOf(call, 98), segment: 'MCX_FO' },
      { not: 'an instrument' },
    ];
    const body = Buffer.from(JSON.stringify(rows));
    expect(contractsOfMaster(gzipSync(body)).map((c) => c.instrumentId)).toEqual(['NSE_FO|43919']);
    expect(contractsOfMaster(body)).toHaveLength(1);
    expect(() => contractsOfMaster(Buffer.from('{"a":1}'))).toThrow('not a JSON array');
  });
});
