import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestResources } from '../../helpers/test-app';

/**
 * Tables a refused request may still write, by design: attempt counters (rate limits, OTP tries) are counted
 * before the work they guard, the audit trail records every order request with its answer (a refusal included),
 * the instrument cache is not user state, and recorded ticks are written in the background every few seconds.
 */
const COUNTERS_AND_CACHES = new Set([
  'rate_limit_events',
  'otps',
  'audit_log',
  'audit_tip',
  'instruments',
  'recording_chunks',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** The tables of the SQLite store whose content a 4xx answer must leave unchanged. */
export async function stateTables(resources: TestResources): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
    resources.db,
  );
  return rows.rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && !COUNTERS_AND_CACHES.has(name))
    .sort();
}

/** A hash of every row of `tables`, per table, so a change names the table it happened in. */
export async function digestState(resources: TestResources, tables: string[]): Promise<Map<string, string>> {
  const digest = new Map<string, string>();
  for (const table of tables) {
    const rows = await sql`select * from ${sql.table(table)}`.execute(resources.db);
    const text = JSON.stringify(rows.rows, (_key, value) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    digest.set(table, createHash('sha1').update(text).digest('hex'));
  }
  return digest;
}

/** The tables whose hash differs between two digests. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}
