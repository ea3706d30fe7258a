import { INDEX_NAMES } from '@xtrader/core/market/indices';
import { parse } from 'csv-parse/sync';
import { readBoundedText } from '../live-kit/bounded-body';
import type { BrokerContract } from '../live-kit/instrument-master';

// IIFL Capital's instrument details: one public contract file per exchange segment, `GET <api>/contractfiles/
// <SEGMENT>.csv` (also .json), no authorization, at most 2 requests a second per file (docs/brokers.md, IIFL). Only
// the derivative segments of our indices are read, NSEFO and BSEFO. Columns are found by their header names:
// `Instrument ID` (the `instrumentId` orders and quotes carry), `Underlying Instrument Symbol` (NIFTY, SENSEX ...),
// `Option Type` (CE, PE, or XX for a future), `Instrument Type`, `Strike Price`, `Trading Symbol`, `Expiry`
// (`30-Apr-2026`, sometimes with a time) and `Lot Size`. The CSV is read because its header names are the ones
// public clients of IIFL's files spell out; the JSON files' top-level shape was not in the material we had.

export const IIFL_FO_SEGMENTS = ['NSEFO', 'BSEFO'] as const;
export type IiflFoSegment = (typeof IIFL_FO_SEGMENTS)[number];

const OUR_INDICES: ReadonlySet<string> = new Set(INDEX_NAMES);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const COLUMNS = {
  id: 'instrument id',
  underlying: 'underlying instrument symbol',
  optionType: 'option type',
  instrumentType: 'instrument type',
  strike: 'strike price',
  tradingSymbol: 'trading symbol',
  expiry: 'expiry',
  lotSize: 'lot size',
} as const;
const DOWNLOAD_TIMEOUT_MS = 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** IIFL's expiry (`30-Apr-2026`, `24-Apr-2026 23:59`, or ISO) as `YYYY-MM-DD`; undefined when unreadable. */
export function iiflExpiry(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const named = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{4})/.exec(value);
  const month = named ? MONTHS.indexOf((named[2] as string).toUpperCase()) : -1;
  return named && month >= 0 ? `${named[3]}-${pad(month + 1)}-${pad(Number(named[1]))}` : undefined;
}

const optionTypeOf = (
  optionType: string,
  instrumentType: string,
): BrokerContract['optionType'] | undefined => {
  if (optionType === 'CE' || optionType === 'PE') return optionType;
  if (optionType === 'XX' || instrumentType.startsWith('FUT')) return 'FUT';
  return undefined;
};

/** The index options and futures of our indices in one segment's contract file, in our terms. */
export function parseIiflContractFile(csv: string, segment: IiflFoSegment): BrokerContract[] {
  const rows = parse(csv, {
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    bom: true,
  }) as Array<Record<string, string | undefined>>;
  const first = rows[0];
  const missing = Object.values(COLUMNS).filter((name) => first && !(name in first));
  if (missing.length > 0) throw new Error(`IIFL contract file ${segment} lacks ${missing.join(', ')}`);

  const contracts: BrokerContract[] = [];
  for (const row of rows) {
    const at = (column: keyof typeof COLUMNS) => row[COLUMNS[column]] ?? '';
    const underlying = at('underlying').toUpperCase();
    const optionType = optionTypeOf(at('optionType').toUpperCase(), at('instrumentType').toUpperCase());
    if (!OUR_INDICES.has(underlying) || !optionType) continue;
    const expiry = iiflExpiry(at('expiry'));
    const lotSize = Number(at('lotSize'));
    const strike = optionType === 'FUT' ? 0 : Number(at('strike'));
    const instrumentId = at('id');
    if (!expiry || !/^\d+$/.test(instrumentId) || !(lotSize > 0) || !(strike >= 0)) continue;
    contracts.push({
      instrumentId,
      tradingSymbol: at('tradingSymbol'),
      exchange: segment,
      underlying,
      expiry,
      strike,
      optionType,
      lotSize,
    });
  }
  return contracts;
}

/** Today's NSEFO and BSEFO contract files, one after the other (IIFL allows 2 requests a second per file). */
export async function downloadIiflContracts(apiUrl: string): Promise<BrokerContract[]> {
  const contracts: BrokerContract[] = [];
  for (const segment of IIFL_FO_SEGMENTS) {
    const response = await fetch(`${apiUrl}/contractfiles/${segment}.csv`, {
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${segment} contract file: HTTP ${response.status}`);
    }
    contracts.push(...parseIiflContractFile(await readBoundedText(response), segment));
  }
  return contracts;
}
