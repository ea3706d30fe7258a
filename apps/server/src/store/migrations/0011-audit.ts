import type { Kysely } from 'kysely';

// The order audit trail (modules/audit): one hash-chained line per order action, per user. Rows are only ever
// inserted; (userId, seq) is the chain's order and keeps two writers from taking the same place in it. No other
// index: each one is another write per line on the order path, and the day's download finds a user's lines by the key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auditLog')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('ts', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('orderId', 'text')
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('prevHash', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('auditLogPk', ['userId', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auditLog').execute();
}
