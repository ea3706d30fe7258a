import { describe, expect, it } from 'vitest';
import { angelExpiryDate, parseAngelScripMaster } from './scrip-master';

// Entries as Angel One's OpenAPIScripMaster.json publishes them (every value a string).
const entry = (change: Record<string, string>) => ({
  token: '35003',
  symbol: 'NIFTY24NOV2626000CE',
  name: 'NIFTY',
  expiry: '24NOV2026',
  strike: '2600000.000000',
  lotsize: '65',
  instrumenttype: 'OPTIDX',
  exch_seg: 'NFO',
  tick_size: '5.000000',
  ...change,
});

describe('Angel One scrip master', () => {
  it('reads index options (strike x100, expiry 24NOV2026) and futures of our indices', () => {
    const contracts = parseAngelScripMaster([
      entry({}),
      entry({ token: '35004', symbol: 'NIFTY24NOV2626050.5PE', strike: '2605050.000000' }),
      entry({ token: '35010', symbol: 'NIFTY24NOV26FUT', strike: '-1.000000', instrumenttype: 'FUTIDX' }),
      entry({
        token: '1140',
        symbol: 'SENSEX26NOV2685000CE',
        name: 'SENSEX',
        expiry: '26NOV2026',
        strike: '8500000.000000',
        lotsize: '20',
        exch_seg: 'BFO',
      }),
    ]);
    expect(contracts).toEqual([
      {
        instrumentId: '35003',
        tradingSymbol: 'NIFTY24NOV2626000CE',
        exchange: 'NFO',
        underlying: 'NIFTY',
        expiry: '2026-11-24',
        strike: 26000,
        optionType: 'CE',
        lotSize: 65,
      },
      expect.objectContaining({ instrumentId: '35004', strike: 26050.5, optionType: 'PE' }),
      expect.objectContaining({ instrumentId: '35010', strike: 0, optionType: 'FUT', expiry: '2026-11-24' }),
      expect.objectContaining({ instrumentId: '1140', exchange: 'BFO', underlying: 'SENSEX', lotSize: 20 }),
    ]);
  });

  it('skips stocks, other segments, other underlyings and unreadable entries', () => {
    expect(
      parseAngelScripMaster([
        entry({ name: 'RELIANCE', symbol: 'RELIANCE24NOV261500CE', instrumenttype: 'OPTSTK' }),
        entry({ exch_seg: 'NSE', instrumenttype: '', expiry: '' }),
        entry({ name: 'CRUDEOIL', exch_seg: 'MCX', instrumenttype: 'OPTFUT' }),
        entry({ expiry: 'soon' }),
        { token: '1' },
      ]),
    ).toEqual([]);
    expect(() => parseAngelScripMaster({ data: [] })).toThrow('not a JSON array');
  });

  it('reads expiries as ISO dates', () => {
    expect(angelExpiryDate('24NOV2026')).toBe('2026-11-24');
    expect(angelExpiryDate('1DEC2026')).toBe('2026-12-01');
    expect(angelExpiryDate('31XYZ2026')).toBeUndefined();
  });
});
