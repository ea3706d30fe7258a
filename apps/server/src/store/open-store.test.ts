import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, describeEachStore } from '../../test/helpers/test-store';
import { getMeta, setMeta } from './meta';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';
import { openStore, type Store } from './open-store';

describeEachStore('store', (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  it('applies every migration once', async () => {
    expect(store.dialect).toBe(kind);
    // Already migrated by openStore: running again applies nothing.
    const schema =
      kind === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(store.db)).rows[0]?.s
        : undefined;
    expect(schema?.startsWith('xt_test_') ?? true).toBe(true);
    expect(await migrateToLatest(store.db, schema)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      store.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('round-trips meta values with numeric timestamps', async () => {
    expect(await getMeta(store.db, 'seeded')).toBeUndefined();
    await setMeta(store.db, 'seeded', 'yes', 1_795_000_000_000);
    await setMeta(store.db, 'seeded', 'twice', 1_795_000_000_001);
    expect(await getMeta(store.db, 'seeded')).toBe('twice');
    const row = await store.db.selectFrom('appMeta').selectAll().executeTakeFirstOrThrow();
    // BIGINT comes back as a number on both engines (pg needs the type parser for that).
    expect(row).toEqual({ key: 'seeded', value: 'twice', updatedAt: 1_795_000_000_001 });
    const count = await store.db
      .selectFrom('appMeta')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(count?.n).toBe(1);
  });
});

describe('store on SQLite files', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data across reopen, in WAL mode with foreign keys on', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-reopen-'));
    dirs.push(dataDir);
    const first = await openStore({ databaseUrl: undefined, dataDir });
    await setMeta(first.db, 'k', 'v', 1);
    // Result columns come back camelCased by the CamelCasePlugin.
    const pragmas = await sql<{ journalMode: string }>`pragma journal_mode`.execute(first.db);
    expect(pragmas.rows[0]?.journalMode).toBe('wal');
    const fk = await sql<{ foreignKeys: number }>`pragma foreign_keys`.execute(first.db);
    expect(fk.rows[0]?.foreignKeys).toBe(1);
    await first.close();
    const second = await openStore({ databaseUrl: undefined, dataDir });
    expect(await getMeta(second.db, 'k')).toBe('v');
    await second.close();
  });

  it("checkpoints the WAL from a worker, not on a commit, once it outgrows SQLite's threshold", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-checkpoint-'));
    dirs.push(dataDir);
    const file = path.join(dataDir, 'x-trader.db');
    const store = await openStore({ databaseUrl: undefined, dataDir });
    const before = statSync(file).size;
    const value = 'x'.repeat(4000);
    // About 6 MB of pages: past the 1,000-page mark at which a commit would otherwise checkpoint. Issued together,
    // so they share one commit and the worker's timer cannot run before the sizes are read (one write at a time
    // took long enough on a busy machine for the worker to checkpoint in between).
    await Promise.all(Array.from({ length: 1500 }, (_, i) => setMeta(store.db, `k${i}`, value, i)));
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4_000_000);
    await expect
      .poll(() => statSync(file).size, { timeout: 5_000, interval: 100 })
      .toBeGreaterThan(5_000_000);
    await store.close();
  });

  it('keeps the data folder private (0700) and the database files owner-only (0600), also existing ones', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'xt-modes-')), 'data');
    dirs.push(path.dirname(dataDir));
    const file = path.join(dataDir, 'x-trader.db');
    const mode = (target: string) => statSync(target).mode & 0o777;
    const fresh = await openStore({ databaseUrl: undefined, dataDir });
    await setMeta(fresh.db, 'k', 'v', 1);
    expect([mode(dataDir), mode(file), mode(`${file}-wal`)]).toEqual([0o700, 0o600, 0o600]);
    await fresh.close();
    // A data folder from before: world-readable.
    chmodSync(dataDir, 0o755);
    chmodSync(file, 0o644);
    const reopened = await openStore({ databaseUrl: undefined, dataDir });
    await setMeta(reopened.db, 'k', 'w', 2);
    expect([mode(dataDir), mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual([
      0o700, 0o600, 0o600, 0o600,
    ]);
    await reopened.close();
  });

  it('refuses an unsafe PostgreSQL schema name before connecting', async () => {
    await expect(
      openStore({ databaseUrl: 'postgres://nobody@127.0.0.1:1/x', dataDir: tmpdir(), pgSchema: 'x; drop' }),
    ).rejects.toThrow(/Invalid schema name/);
  });
});
