import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { isIsoDate } from '@xtrader/core/market/dates';
import { DERIVATIVES_EXCHANGES } from '@xtrader/core/market/exchanges';
import { expiryKindOf, isExpiryLive } from '@xtrader/core/market/expiry';
import { INDEX_TABLE, type IndexName, type IndexTable, isIndexName } from '@xtrader/core/market/indices';
import { optionIdentifier } from '@xtrader/core/market/symbols';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { futureIdentifier, instrumentToken, type MasterInstrument } from './master';

/** Kite's instruments dump columns; the header must name them, in any order. */
const KITE_COLUMNS = [
  'instrument_token',
  'exchange_token',
  'tradingsymbol',
  'name',
  'last_price',
  'expiry',
  'strike',
  'tick_size',
  'lot_size',
  'instrument_type',
  'segment',
  'exchange',
] as const;
type KiteColumn = (typeof KITE_COLUMNS)[number];

interface MalformedRow {
  /** 1-based line of the file. */
  line: number;
  reason: string;
}

export interface CsvImport {
  /** The index-derivative rows that passed every check. */
  rows: MasterInstrument[];
  malformed: MalformedRow[];
  /** Well-formed rows left out on purpose: other underlyings, index rows, expired contracts. */
  ignored: number;
}

const digits = z.string().regex(/^\d+$/, 'must be a whole number');
const decimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a non-negative number')
  .transform(Number);

const derivativeRowSchema = z.object({
  instrument_token: digits,
  exchange_token: digits,
  tradingsymbol: z.string().min(1, 'is empty'),
  name: z.string(),
  last_price: decimal,
  expiry: z.string().refine(isIsoDate, 'must be a date YYYY-MM-DD'),
  strike: decimal,
  tick_size: decimal.refine((v) => v > 0, 'must be positive'),
  lot_size: digits.transform(Number).refine((v) => v > 0, 'must be positive'),
  instrument_type: z.enum(['CE', 'PE', 'FUT']),
  segment: z.enum(['NFO-OPT', 'NFO-FUT', 'BFO-OPT', 'BFO-FUT']),
  exchange: z.enum(DERIVATIVES_EXCHANGES),
});
type DerivativeRow = z.infer<typeof derivativeRowSchema>;

const describe = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');

/** Cross-field rules a row must also satisfy. Returns the problem, or undefined. */
function consistencyProblem(row: DerivativeRow, name: IndexName, table: IndexTable): string | undefined {
  const info = table[name];
  if (row.exchange !== info.exchange)
    return `exchange ${row.exchange} is not ${info.exchange} for ${row.name}`;
  if (!row.segment.startsWith(row.exchange)) return `segment ${row.segment} does not match ${row.exchange}`;
  const isOption = row.instrument_type !== 'FUT';
  if (isOption !== row.segment.endsWith('-OPT'))
    return `segment ${row.segment} does not fit ${row.instrument_type}`;
  if (isOption && !(row.strike > 0)) return 'strike must be positive for an option';
  if (Number(row.instrument_token) !== instrumentToken(Number(row.exchange_token), row.exchange)) {
    return 'instrument_token is not exchange_token * 256 + segment id';
  }
  return undefined;
}

function toMaster(row: DerivativeRow, name: IndexName): MasterInstrument {
  const identifier =
    row.instrument_type === 'FUT'
      ? futureIdentifier(name, row.expiry)
      : optionIdentifier({
          name,
          expiry: { date: row.expiry, kind: expiryKindOf(name, row.expiry) ?? 'monthly' },
          strike: row.strike,
          optionType: row.instrument_type,
        });
  return {
    internalToken: row.instrument_token,
    tradingsymbol: row.tradingsymbol,
    name,
    expiry: row.expiry,
    strike: row.instrument_type === 'FUT' ? 0 : row.strike,
    instrument_type: row.instrument_type,
    tick_size: row.tick_size,
    lot_size: row.lot_size,
    exchange: row.exchange,
    exchange_token: row.exchange_token,
    identifier,
    segment: row.segment,
    last_price: row.last_price,
  };
}

function headerIndex(header: string[]): Record<KiteColumn, number> {
  const missing = KITE_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new Error(`Instruments CSV header lacks: ${missing.join(', ')}`);
  return Object.fromEntries(KITE_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<
    KiteColumn,
    number
  >;
}

/**
 * Parses a Kite instruments dump into the index-derivative rows of the master. Each malformed row is reported
 * and skipped; a file that cannot be parsed at all (no header, broken quoting) throws, so nothing is imported.
 */
export function parseKiteInstrumentsCsv(
  text: string,
  now: number,
  table: IndexTable = INDEX_TABLE,
): CsvImport {
  const records = parse(text, {
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const [head, ...body] = records;
  if (!head) throw new Error('Instruments CSV is empty');
  const columns = headerIndex(head.record);
  const result: CsvImport = { rows: [], malformed: [], ignored: 0 };
  const seen = new Set<string>();
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== head.record.length) {
      result.malformed.push({ line, reason: `expected ${head.record.length} fields, got ${record.length}` });
      continue;
    }
    const raw = Object.fromEntries(KITE_COLUMNS.map((column) => [column, record[columns[column]] ?? '']));
    const name = raw.name;
    if (!isIndexName(name) || raw.segment === 'INDICES') {
      result.ignored += 1;
      continue;
    }
    const parsed = derivativeRowSchema.safeParse(raw);
    const problem = parsed.success ? consistencyProblem(parsed.data, name, table) : describe(parsed.error);
    if (problem || !parsed.success) {
      result.malformed.push({ line, reason: problem ?? 'invalid row' });
      continue;
    }
    if (
      seen.has(parsed.data.instrument_token) ||
      seen.has(`${parsed.data.exchange}:${parsed.data.tradingsymbol}`)
    ) {
      result.malformed.push({ line, reason: `duplicate of an earlier row (${parsed.data.tradingsymbol})` });
      continue;
    }
    seen.add(parsed.data.instrument_token).add(`${parsed.data.exchange}:${parsed.data.tradingsymbol}`);
    if (!isExpiryLive(parsed.data.expiry, now, parsed.data.exchange)) {
      result.ignored += 1;
      continue;
    }
    result.rows.push(toMaster(parsed.data, name));
  }
  return result;
}

const GZIP_MAGIC = [0x1f, 0x8b];

const decode = (bytes: Uint8Array): string =>
  bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]
    ? gunzipSync(bytes).toString('utf8')
    : Buffer.from(bytes).toString('utf8');

/** Reads the dump from a file path or an http(s) URL; gzip (Kite serves it gzipped) is undone either way. */
export async function readInstrumentsCsv(location: string, signal?: AbortSignal): Promise<string> {
  if (!/^https?:\/\//i.test(location)) return decode(await readFile(location));
  const response = await fetch(location, signal ? { signal } : {});
  if (!response.ok) throw new Error(`GET ${location} answered HTTP ${response.status}`);
  return decode(new Uint8Array(await response.arrayBuffer()));
}
