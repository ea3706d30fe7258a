import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe } from 'vitest';
import { loadTestServices } from '../../src/config';
import { openStore, type Store, type StoreDialect } from '../../src/store/open-store';

const services = loadTestServices();

/** The store engines to test on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const storeKinds: StoreDialect[] = services.databaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A migrated, empty store of its own: a temp SQLite file, or a fresh uniquely named PostgreSQL schema.
 * `close()` deletes it.
 */
export async function createTestStore(kind: StoreDialect = 'sqlite'): Promise<Store> {
  if (kind === 'postgres') {
    const databaseUrl = services.databaseUrl;
    if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    // The creation time in the name lets later runs drop schemas a crashed run left behind.
    const schema = `xt_test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
    const store = await openStore({ databaseUrl, dataDir: tmpdir(), pgSchema: schema });
    await dropStaleSchemas(store);
    return {
      ...store,
      close: async () => {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db).catch(() => undefined);
        await store.close();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'xt-store-'));
  const store = await openStore({ databaseUrl: undefined, dataDir: dir });
  return {
    ...store,
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const STALE_SCHEMA_SECONDS = 3600;

/** Drops test schemas older than an hour (left by runs that crashed before their cleanup). */
async function dropStaleSchemas(store: Store): Promise<void> {
  const rows = await sql<{ name: string }>`
    select nspname as name from pg_namespace where nspname like 'xt_test_%'`.execute(store.db);
  const cutoff = Math.floor(Date.now() / 1000) - STALE_SCHEMA_SECONDS;
  for (const { name } of rows.rows) {
    const created = /^xt_test_(\d+)_/.exec(name)?.[1];
    if (created === undefined || Number(created) >= cutoff) continue;
    await sql`drop schema if exists ${sql.id(name)} cascade`.execute(store.db).catch(() => undefined);
  }
}

/** Runs the suite once per store engine; `fn` gets the engine to pass to `createTestStore`. */
export function describeEachStore(name: string, fn: (kind: StoreDialect) => void): void {
  for (const kind of storeKinds) describe(`${name} [${kind}]`, () => fn(kind));
}
