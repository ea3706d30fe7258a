import { type Kysely, Migrator } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';

/**
 * Applies every pending migration. `schema` (PostgreSQL only) keeps Kysely's bookkeeping tables in that
 * schema, so stores in different schemas of one database never see each other's migration history.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  // Kysely's existence checks introspect every schema of the database; a schema dropped at that moment by
  // another process (a finished test suite, another instance's cleanup) makes the scan fail. The migration
  // itself runs under a lock in a transaction, so trying again is safe.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrateOnce(db, schema);
    } catch (error) {
      if (attempt >= 5 || !isConcurrentDropError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** PostgreSQL "undefined schema/table" raised by a concurrent DROP during introspection. */
function isConcurrentDropError(error: unknown): boolean {
  const cause = error instanceof Error && error.cause ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return code === '3F000' || code === '42P01';
}

async function migrateOnce(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    // Modules add their migrations independently; one that lands after a later-numbered one must still run.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return results.map((r) => r.migrationName);
}
