import type { Kysely } from 'kysely';

// Leases between server instances (cluster/): who runs a user's engine (`user:<id>`) or the price stream
// (`leader:prices`). A released lease keeps its row with holder NULL, so the epoch (the fencing token) only
// ever grows. Only the PostgreSQL lease store uses the table; SQLite runs keep leases in memory.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('epoch', 'bigint', (col) => col.notNull())
    .addColumn('expiresAt', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leases').execute();
}
