import { INDEX_NAMES } from '@xtrader/core/market/indices';
import type { BrokerContract } from '../live-kit/instrument-master';

// Dhan's detailed scrip master (`api-scrip-master-detailed.csv`), one row per security, read for the index options
// and futures of our indices. Columns are found by their header names: EXCH_ID (NSE/BSE), SEGMENT (D), SECURITY_ID,
// INSTRUMENT (OPTIDX/FUTIDX), UNDERLYING_SYMBOL, SYMBOL_NAME, LOT_SIZE, SM_EXPIRY_DATE, STRIKE_PRICE, OPTION_TYPE.

const OUR_INDICES: ReadonlySet<string> = new Set(INDEX_NAMES);
const SEGMENT_OF: Readonly<Record<string, 'NSE_FNO' | 'BSE_FNO'>> = { NSE: 'NSE_FNO', BSE: 'BSE_FNO' };
const REQUIRED = [
  'EXCH_ID',
  'SEGMENT',
  'SECURITY_ID',
  'INSTRUMENT',
  'UNDERLYING_SYMBOL',
  'SYMBOL_NAME',
  'LOT_SIZE',
  'SM_EXPIRY_DATE',
  'STRIKE_PRICE',
  'OPTION_TYPE',
] as const;

/** One CSV line split into fields (double-quoted fields may hold commas and doubled quotes). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field.replace(/\r$/, ''));
  return fields;
}

/** The index options and futures of our seven indices in Dhan's detailed scrip master, in our terms. */
export function parseDhanScripMaster(csv: string): BrokerContract[] {
  const lines = csv.split('\n');
  const header = csvFields(lines[0] ?? '').map((name) => name.trim().toUpperCase());
  const column = Object.fromEntries(REQUIRED.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof REQUIRED)[number],
    number
  >;
  const missing = REQUIRED.filter((name) => column[name] < 0);
  if (missing.length > 0) throw new Error(`Dhan scrip master lacks ${missing.join(', ')}`);

  const contracts: BrokerContract[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const f = csvFields(line);
    const at = (name: (typeof REQUIRED)[number]) => (f[column[name]] ?? '').trim();
    const instrument = at('INSTRUMENT');
    const exchange = SEGMENT_OF[at('EXCH_ID')];
    const underlying = at('UNDERLYING_SYMBOL').toUpperCase();
    if (at('SEGMENT') !== 'D' || !exchange || !OUR_INDICES.has(underlying)) continue;
    if (instrument !== 'OPTIDX' && instrument !== 'FUTIDX') continue;
    const optionType = instrument === 'FUTIDX' ? 'FUT' : at('OPTION_TYPE');
    if (optionType !== 'CE' && optionType !== 'PE' && optionType !== 'FUT') continue;
    const expiry = at('SM_EXPIRY_DATE').slice(0, 10);
    const lotSize = Number(at('LOT_SIZE'));
    const strike = optionType === 'FUT' ? 0 : Number(at('STRIKE_PRICE'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiry) || !(lotSize > 0) || !Number.isFinite(strike)) continue;
    contracts.push({
      instrumentId: at('SECURITY_ID'),
      tradingSymbol: at('SYMBOL_NAME'),
      exchange,
      underlying,
      expiry,
      strike,
      optionType,
      lotSize,
    });
  }
  return contracts;
}
