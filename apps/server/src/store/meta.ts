import type { Kysely } from 'kysely';
import type { Database } from './database';

/** Reads one process-wide fact; undefined when never written. */
export async function getMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes one process-wide fact (insert or replace). */
export async function setMeta(db: Kysely<Database>, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('appMeta')
    .values({ key, value, updatedAt: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt: now }))
    .execute();
}
