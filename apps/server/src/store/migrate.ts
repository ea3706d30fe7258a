import { type Kysely, Migrator } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';

/**
 * Applies every pending migration. `schema` (PostgreSQL only) keeps Kysely's bookkeeping tables in that
 * schema, so stores in different schemas of one database never see each other's migration history.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
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
