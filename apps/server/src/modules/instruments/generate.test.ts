import { istEpochMs } from '@xtrader/core/market/dates';
import { expiryKindOf, listExpiries } from '@xtrader/core/market/expiry';
import { INDEX_NAMES, INDEX_TABLE } from '@xtrader/core/market/indices';
import { atmStrike, futureSymbol, optionSymbol } from '@xtrader/core/market/symbols';
import { describe, expect, it } from 'vitest';
import { generateIndexInstruments, generateInstruments, STRIKES_EACH_SIDE } from './generate';
import { SEGMENT_IDS } from './master';

// Sunday 22 Nov 2026, 10:00 IST: Tuesday 24 Nov is a holiday, so NIFTY's November monthly moves to Monday 23.
const NOW = istEpochMs('2026-11-22', 10, 0);

describe('generated instrument master', () => {
  const rows = generateInstruments({ now: NOW });

  it.each(INDEX_NAMES)(
    '%s lists its index, a future per monthly and CE/PE over 81 strikes per expiry',
    (name) => {
      const info = INDEX_TABLE[name];
      const own = rows.filter((row) => row.name === name);
      const expiries = listExpiries(name, NOW);
      const index = own.filter((row) => row.instrument_type === 'INDEX');
      expect(index).toEqual([
        expect.objectContaining({
          tradingsymbol: info.displayName,
          internalToken: String(info.underlyingToken),
        }),
      ]);
      const futures = own.filter((row) => row.instrument_type === 'FUT');
      expect(futures.map((row) => row.expiry)).toEqual(
        expiries.filter((e) => e.kind === 'monthly').map((e) => e.date),
      );
      expect(futures.map((row) => row.tradingsymbol)).toEqual(
        futures.map((f) => futureSymbol(name, f.expiry!)),
      );
      for (const expiry of expiries) {
        for (const type of ['CE', 'PE'] as const) {
          const chain = own.filter((row) => row.expiry === expiry.date && row.instrument_type === type);
          expect(chain).toHaveLength(2 * STRIKES_EACH_SIDE + 1);
          const atm = atmStrike(info.referenceSpot, info.strikeStep);
          expect(chain.map((row) => row.strike)).toContain(atm);
          for (const row of chain) {
            expect(row.tradingsymbol).toBe(
              optionSymbol({ name, expiry, strike: row.strike, optionType: type }),
            );
            expect(row).toMatchObject({ lot_size: info.lotSize, exchange: info.exchange, tick_size: 0.05 });
            expect(row.segment).toBe(`${info.exchange}-OPT`);
          }
        }
      }
    },
  );

  it('encodes every token as exchange_token * 256 + segment id, and keeps tokens and symbols unique', () => {
    for (const row of rows) {
      const segment = row.instrument_type === 'INDEX' ? SEGMENT_IDS.INDICES : SEGMENT_IDS[row.exchange];
      expect(Number(row.internalToken)).toBe(Number(row.exchange_token) * 256 + segment);
      expect(Number.isSafeInteger(Number(row.internalToken))).toBe(true);
    }
    expect(new Set(rows.map((row) => row.internalToken)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => `${row.exchange}:${row.tradingsymbol}`)).size).toBe(rows.length);
  });

  it('keeps a contract token stable across regenerations and a moved spot', () => {
    const later = generateInstruments({ now: NOW + 3_600_000, spotOf: () => undefined });
    const moved = generateIndexInstruments('NIFTY', { now: NOW, spotOf: () => 26_480 });
    const bySymbol = new Map(rows.map((row) => [row.tradingsymbol, row.internalToken]));
    for (const row of [...later, ...moved]) {
      if (bySymbol.has(row.tradingsymbol)) expect(row.internalToken).toBe(bySymbol.get(row.tradingsymbol));
    }
    expect(moved.filter((row) => row.instrument_type === 'CE').map((row) => row.strike)).toContain(
      26_500 + 40 * 50,
    );
  });

  it('names weekly and monthly contracts as Kite does, with holiday-shifted expiries', () => {
    const symbols = new Set(rows.map((row) => row.tradingsymbol));
    // NIFTY: the November monthly on Mon 23 Nov (Tue 24 is a holiday), weeklies on the December Tuesdays.
    expect(symbols).toContain('NIFTY26NOV26000CE');
    expect(symbols).toContain('NIFTY26D0126000PE');
    expect(symbols).toContain('NIFTY26DEC26000CE');
    expect(symbols).toContain('NIFTY26NOVFUT');
    // SENSEX: Thursday weeklies, last-Thursday monthlies.
    expect(symbols).toContain('SENSEX26NOV85000CE');
    expect(symbols).toContain('SENSEX26D0385000CE');
    expect(symbols).toContain('SENSEX26DEC85000PE');
    // The others list monthlies only.
    expect(symbols).toContain('BANKNIFTY26NOV59000CE');
    for (const name of ['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTYNXT50', 'BANKEX'] as const) {
      const kinds = new Set(
        rows.filter((row) => row.name === name && row.expiry).map((row) => expiryKindOf(name, row.expiry!)),
      );
      expect([...kinds], name).toEqual(['monthly']);
    }
    const nifty = rows.find((row) => row.tradingsymbol === 'NIFTY26NOV26000CE')!;
    expect(nifty).toMatchObject({ expiry: '2026-11-23', identifier: 'NIFTY 23 NOV 26000 CE' });
    expect(expiryKindOf('NIFTY', nifty.expiry!)).toBe('monthly');
  });

  it('drops a contract once it expires at 15:30 IST on its expiry day', () => {
    const beforeClose = generateInstruments({ now: istEpochMs('2026-11-23', 15, 29) });
    const afterClose = generateInstruments({ now: istEpochMs('2026-11-23', 15, 30) });
    expect(beforeClose.some((row) => row.expiry === '2026-11-23')).toBe(true);
    expect(afterClose.some((row) => row.expiry === '2026-11-23')).toBe(false);
  });
});
