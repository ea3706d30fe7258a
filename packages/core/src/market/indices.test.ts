import { describe, expect, it } from 'vitest';
import { applyIndexOverrides, indexOverridesSchema } from './index-overrides';
import {
  exchangeForIndex,
  getIndex,
  INDEX_NAMES,
  INDEX_TABLE,
  type IndexName,
  indexByDisplayName,
  isIndexName,
} from './indices';

type Row = [IndexName, string, string, string, number, number, number, string, number, number, number];
// name, displayName, exchange, underlying, strikeStep, lotSize, freezeQty, quoteKey, token, referenceSpot, vol
const TABLE: Row[] = [
  ['NIFTY', 'NIFTY 50', 'NFO', 'NSE', 50, 65, 1800, 'NSE:NIFTY 50', 256265, 26000, 0.13],
  ['BANKNIFTY', 'NIFTY BANK', 'NFO', 'NSE', 100, 30, 600, 'NSE:NIFTY BANK', 260105, 59000, 0.15],
  ['FINNIFTY', 'NIFTY FIN SERVICE', 'NFO', 'NSE', 50, 60, 1800, 'NSE:NIFTY FIN SERVICE', 257801, 27500, 0.15],
  [
    'MIDCPNIFTY',
    'NIFTY MID SELECT',
    'NFO',
    'NSE',
    25,
    120,
    2800,
    'NSE:NIFTY MID SELECT',
    288009,
    13500,
    0.18,
  ],
  ['NIFTYNXT50', 'NIFTY NEXT 50', 'NFO', 'NSE', 100, 25, 600, 'NSE:NIFTY NEXT 50', 270857, 70000, 0.17],
  ['SENSEX', 'SENSEX', 'BFO', 'BSE', 100, 20, 1000, 'BSE:SENSEX', 265, 85000, 0.13],
  ['BANKEX', 'BANKEX', 'BFO', 'BSE', 100, 30, 900, 'BSE:BANKEX', 274441, 65000, 0.16],
];

describe('index table', () => {
  it('lists the seven indices in order', () => {
    expect(INDEX_NAMES).toEqual(TABLE.map((row) => row[0]));
  });

  it.each(TABLE)(
    '%s facts',
    (name, display, exchange, underlying, step, lot, freeze, quoteKey, token, spot, vol) => {
      const info = getIndex(name);
      expect(info).toMatchObject({
        name,
        displayName: display,
        exchange,
        underlyingExchange: underlying,
        strikeStep: step,
        lotSize: lot,
        freezeQty: freeze,
        tickSize: 0.05,
        quoteKey,
        underlyingToken: token,
        referenceSpot: spot,
        annualVol: vol,
      });
      expect(indexByDisplayName(display)?.name).toBe(name);
      expect(exchangeForIndex(name)).toBe(exchange);
      // Kite index tokens encode segment INDICES (9) in the low byte.
      expect(token % 256).toBe(9);
    },
  );

  it('has weekly expiries only for NIFTY (Tuesday) and SENSEX (Thursday)', () => {
    const weekly = INDEX_NAMES.filter((name) => INDEX_TABLE[name].expiry.weekly);
    expect(weekly).toEqual(['NIFTY', 'SENSEX']);
    expect(INDEX_TABLE.NIFTY.expiry).toEqual({
      weekly: true,
      weekday: 2,
      weeklyContracts: 4,
      monthlyContracts: 3,
    });
    expect(INDEX_TABLE.SENSEX.expiry).toEqual({
      weekly: true,
      weekday: 4,
      weeklyContracts: 4,
      monthlyContracts: 3,
    });
    for (const name of ['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTYNXT50'] as const) {
      expect(INDEX_TABLE[name].expiry).toEqual({
        weekly: false,
        weekday: 2,
        weeklyContracts: 0,
        monthlyContracts: 3,
      });
    }
    expect(INDEX_TABLE.BANKEX.expiry.weekday).toBe(4);
  });

  it('guards names', () => {
    expect(isIndexName('NIFTY')).toBe(true);
    expect(isIndexName('nifty')).toBe(false);
    expect(isIndexName(undefined)).toBe(false);
    expect(indexByDisplayName('NIFTY')).toBeUndefined();
  });
});

describe('index overrides', () => {
  it('merges lot and freeze changes without touching the base table', () => {
    const overrides = indexOverridesSchema.parse({
      NIFTY: { lotSize: 75, freezeQty: 1800 },
      BANKNIFTY: { freezeQty: 900 },
    });
    const result = applyIndexOverrides(INDEX_TABLE, overrides);
    if (!result.ok) throw new Error('expected ok');
    expect(result.table.NIFTY.lotSize).toBe(75);
    expect(result.table.BANKNIFTY.freezeQty).toBe(900);
    expect(result.table.BANKNIFTY.lotSize).toBe(30);
    expect(result.table.SENSEX).toEqual(INDEX_TABLE.SENSEX);
    expect(INDEX_TABLE.NIFTY.lotSize).toBe(65);
    expect(getIndex('NIFTY', result.table).lotSize).toBe(75);
  });

  it.each([
    [{ NIFTY: { lotSize: 0 } }, 'NIFTY.lotSize'],
    [{ NIFTY: { lotSize: 65.5 } }, 'NIFTY.lotSize'],
    [{ NIFTY: { freezeQty: -1 } }, 'NIFTY.freezeQty'],
    [{ NIFTY: { lotsize: 75 } }, 'NIFTY'],
    [{ NIFTI: { lotSize: 75 } }, 'NIFTI'],
  ])('rejects %j at %s', (input, path) => {
    const parsed = indexOverridesSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((issue) =>
      [...issue.path, ...(('keys' in issue && issue.keys) || [])].join('.'),
    );
    expect(paths.some((p) => p.startsWith(path.split('.')[0]!))).toBe(true);
  });

  it('refuses a freeze below the lot size after merging', () => {
    const result = applyIndexOverrides(INDEX_TABLE, { BANKEX: { freezeQty: 20 } });
    expect(result).toEqual({
      ok: false,
      errors: [{ code: 'invalid_index_override', message: 'BANKEX: freezeQty 20 is below lotSize 30' }],
    });
  });
});
