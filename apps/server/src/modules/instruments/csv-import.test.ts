import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, describeEachStore } from '../../../test/helpers/test-store';
import { silentLogger } from '../../logger';
import type { Store } from '../../store/open-store';
import { InstrumentCatalog } from './catalog';
import { parseKiteInstrumentsCsv, readInstrumentsCsv } from './csv-import';
import { createInstrumentService } from './service';
import { createInstrumentStore } from './store';

const NOW = istEpochMs('2026-11-20', 10, 0);
const HEADER =
  'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange';

// exchange_token * 256 + 2 (NFO) / + 5 (BFO).
const GOOD = [
  '12073986,47164,NIFTY26NOV26000CE,"NIFTY",120.5,2026-11-23,26000,0.05,65,CE,NFO-OPT,NFO',
  '12074242,47165,NIFTY26NOV26000PE,"NIFTY",98,2026-11-23,26000,0.05,65,PE,NFO-OPT,NFO',
  '12074498,47166,NIFTY26NOVFUT,NIFTY,26050,2026-11-23,0,0.05,65,FUT,NFO-FUT,NFO',
  '221330181,864571,SENSEX26NOV85000CE,SENSEX,300,2026-11-26,85000,0.05,20,CE,BFO-OPT,BFO',
];
const IGNORED = [
  '256265,1001,NIFTY 50,NIFTY 50,0,,0,0,0,EQ,INDICES,NSE',
  '13000962,50785,RELIANCE26NOV1400CE,RELIANCE,10,2026-11-24,1400,0.05,500,CE,NFO-OPT,NFO',
  '12074754,47167,NIFTY26O2026000CE,NIFTY,1,2026-10-20,26000,0.05,65,CE,NFO-OPT,NFO',
];
const MALFORMED = [
  '12075010,47168,NIFTY26NOV26050CE,NIFTY,1,2026-11-23,26050,0.05,65,CE,NFO-OPT', // 11 fields
  '99999999,47169,NIFTY26NOV26100CE,NIFTY,1,2026-11-23,26100,0.05,65,CE,NFO-OPT,NFO', // token mismatch
  '12075522,47170,NIFTY26NOV26150CE,NIFTY,1,23-11-2026,26150,0.05,65,CE,NFO-OPT,NFO', // bad date
  '12075778,47171,NIFTY26NOV26200CE,NIFTY,1,2026-11-23,26200,0.05,abc,CE,NFO-OPT,NFO', // bad lot
  '12076034,47172,NIFTY26NOV26250CE,NIFTY,1,2026-11-23,26250,0.05,65,CE,NFO-OPT,BFO', // wrong exchange
  '12073986,47164,NIFTY26NOV26000CE,NIFTY,1,2026-11-23,26000,0.05,65,CE,NFO-OPT,NFO', // duplicate
];
const csv = (lines: string[]) => [HEADER, ...lines].join('\n');

describe('Kite instruments CSV', () => {
  it('imports the index derivatives, reports each malformed row with its line, and ignores the rest', () => {
    const result = parseKiteInstrumentsCsv(csv([...GOOD, ...IGNORED, ...MALFORMED]), NOW);
    expect(result.rows.map((row) => row.tradingsymbol)).toEqual([
      'NIFTY26NOV26000CE',
      'NIFTY26NOV26000PE',
      'NIFTY26NOVFUT',
      'SENSEX26NOV85000CE',
    ]);
    expect(result.ignored).toBe(3);
    expect(result.malformed.map((row) => row.line)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(result.malformed.map((row) => row.reason)).toEqual([
      'expected 12 fields, got 11',
      'instrument_token is not exchange_token * 256 + segment id',
      'expiry must be a date YYYY-MM-DD',
      'lot_size must be a whole number',
      'exchange BFO is not NFO for NIFTY',
      'duplicate of an earlier row (NIFTY26NOV26000CE)',
    ]);
    expect(result.rows[0]).toEqual({
      internalToken: '12073986',
      tradingsymbol: 'NIFTY26NOV26000CE',
      name: 'NIFTY',
      expiry: '2026-11-23',
      strike: 26000,
      instrument_type: 'CE',
      tick_size: 0.05,
      lot_size: 65,
      exchange: 'NFO',
      exchange_token: '47164',
      identifier: 'NIFTY 23 NOV 26000 CE',
      segment: 'NFO-OPT',
      last_price: 120.5,
    });
    expect(result.rows[2]).toMatchObject({ identifier: 'NIFTY 23 NOV FUT', strike: 0 });
  });

  it('refuses a file without the Kite header, or with broken quoting, as a whole', () => {
    expect(() => parseKiteInstrumentsCsv('a,b,c\n1,2,3', NOW)).toThrow(/header lacks/);
    expect(() => parseKiteInstrumentsCsv(csv(['12073986,"47164,NIFTY']), NOW)).toThrow();
    expect(() => parseKiteInstrumentsCsv('', NOW)).toThrow(/empty/);
  });

  it('reads a plain or gzipped file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'xt-csv-'));
    try {
      writeFileSync(path.join(dir, 'plain.csv'), csv(GOOD));
      writeFileSync(path.join(dir, 'zipped.csv.gz'), gzipSync(csv(GOOD)));
      expect(await readInstrumentsCsv(path.join(dir, 'plain.csv'))).toBe(csv(GOOD));
      expect(await readInstrumentsCsv(path.join(dir, 'zipped.csv.gz'))).toBe(csv(GOOD));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachStore('instrument master import', (kind) => {
  let store: Store;
  let dir: string;
  beforeEach(async () => {
    store = await createTestStore(kind);
    dir = mkdtempSync(path.join(tmpdir(), 'xt-csv-'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const serviceFor = (file: string, catalog = new InstrumentCatalog()) =>
    createInstrumentService({
      catalog,
      store: createInstrumentStore(store.db),
      clock: { now: () => NOW },
      logger: silentLogger(),
      csvSource: file,
      quotes: { getQuote: () => undefined },
    });

  it('swaps in the good rows (plus the seven indices) and skips the malformed ones', async () => {
    const file = path.join(dir, 'instruments.csv');
    writeFileSync(file, csv([...GOOD, ...MALFORMED]));
    const catalog = new InstrumentCatalog();
    const report = await serviceFor(file, catalog).refresh();
    expect(report).toEqual({ source: 'csv', instruments: 4 + 7, malformed: MALFORMED.length });
    expect(await createInstrumentStore(store.db).loadAll()).toHaveLength(11);
    expect(catalog.bySymbol('NIFTY 50')).toMatchObject({ internalToken: '256265', instrument_type: 'INDEX' });
    expect(catalog.byToken('221330181')?.tradingsymbol).toBe('SENSEX26NOV85000CE');
  });

  it('keeps the previous master when a later file cannot be read at all', async () => {
    const file = path.join(dir, 'instruments.csv');
    writeFileSync(file, csv(GOOD));
    await serviceFor(file).refresh();
    writeFileSync(file, `${HEADER}\n12073986,"47164,NIFTY26NOV26000CE`);
    const catalog = new InstrumentCatalog();
    const report = await serviceFor(file, catalog).refresh();
    expect(report.source).toBe('store');
    expect(catalog.size).toBe(11);
    expect(await createInstrumentStore(store.db).loadAll()).toHaveLength(11);
  });
});
