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
    const schema = `xt_test_${randomBytes(6).toString('hex')}`;
    const store = await openStore({ databaseUrl, dataDir: tmpdir(), pgSchema: schema });
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

/** Runs the suite once per store engine; `fn` gets the engine to pass to `createTestStore`. */
export function describeEachStore(name: string, fn: (kind: StoreDialect) => void): void {
  for (const kind of storeKinds) describe(`${name} [${kind}]`, () => fn(kind));
}
