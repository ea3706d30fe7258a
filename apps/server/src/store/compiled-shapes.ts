import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';

type Executable = Pick<Kysely<never>, 'executeQuery' | 'getExecutor'>;

// SQL text by adapter (SQLite's `?` and PostgreSQL's `$1` differ; transactions share their database's adapter).
const sqlByAdapter = new WeakMap<object, Map<string, string>>();

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Runs a write whose SQL text depends only on its `shape` (say: table, columns and row count), building it with
 * Kysely once per shape and afterwards only binding `parameters` to the same text. Building a wide insert or upsert
 * costs Kysely about 100 µs, five times what SQLite takes to run it, and the order path runs several per order.
 * `parameters` must be exactly what the built query binds, in order (an insert's row values, row by row); the
 * first build checks that, and a query whose parameters differ is run as built and never cached. Rows made by one
 * `toRow` function (same keys, in the same order, null for a missing value) are what this is for.
 */
export async function runShaped(
  db: Executable,
  shape: string,
  parameters: readonly unknown[],
  build: () => Compilable,
): Promise<QueryResult<unknown>> {
  const adapter = db.getExecutor().adapter;
  let texts = sqlByAdapter.get(adapter);
  if (!texts) {
    texts = new Map();
    sqlByAdapter.set(adapter, texts);
  }
  const text = texts.get(shape);
  // Kysely leaves out an undefined value's column, so such a row has another shape: build it.
  if (text !== undefined && !parameters.includes(undefined))
    return db.executeQuery(CompiledQuery.raw(text, [...parameters]));
  const compiled = build().compile();
  if (sameValues(compiled.parameters, parameters)) texts.set(shape, compiled.sql);
  return db.executeQuery(compiled);
}

/** The parameters of a multi-row insert of `rows` that all have the same keys in the same order. */
export const rowValues = (rows: readonly object[]): unknown[] => rows.flatMap((row) => Object.values(row));

/** The shape key of a multi-row insert: its table, the first row's columns and the row count. */
export const insertShape = (table: string, rows: readonly object[]): string =>
  `${table}|${rows.length}|${Object.keys(rows[0] ?? {}).join(',')}`;

/**
 * `items` in consecutive chunks of at most `size`. A statement may bind only so many values (SQLite 32,766,
 * PostgreSQL 65,535), so writes and reads of arbitrarily many rows or ids go one chunk per statement.
 */
export const inChunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
