import type { Kysely } from 'kysely';

// Portable schema: text ids, bigint epoch-ms timestamps, integer 0/1 booleans, double precision prices,
// JSON as text. Column names are written in camelCase; the CamelCasePlugin turns them into snake_case.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appMeta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('appMeta').execute();
}
