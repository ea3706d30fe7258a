import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LruMap } from '../lru-map';

/** Most distinct SQL texts kept prepared; multi-row inserts make a few more shapes than the code has queries. */
const DEFAULT_CAPACITY = 512;

/**
 * Hands Kysely's SQLite driver prepared statements from a cache keyed by SQL text. The driver prepares every
 * query it runs, and compiling the SQL was the single largest cost of an order (about a fifth of the server's
 * CPU on bench/order-path); the same few dozen statements run on every order, so each is compiled once.
 * A statement is only ever run to completion (`all`/`run`) by the driver, never left half-iterated, so sharing
 * one per SQL text is safe; the least recently used is dropped past `capacity`.
 */
export function withStatementCache(
  database: SqliteDatabase,
  capacity = DEFAULT_CAPACITY,
): KyselySqliteDatabase {
  const statements = new LruMap<string, Statement>(capacity);
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
