import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../store/database';
import { migrateToLatest } from '../../store/migrate';

/**
 * The store of one replay's paper account: an in-memory SQLite database with the app's schema, dropped with the
 * replay. A replayed day's fills, positions and P&L live there, apart from the user's Practice account (whose
 * positions and history belong to today). Foreign keys are off: the users table it would point to is not there.
 */
export async function openSandboxStore(): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  const database = new SqliteDatabase(':memory:');
  database.pragma('foreign_keys = OFF');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  });
  await migrateToLatest(db);
  return { db, close: () => db.destroy() };
}
