import type { Kysely } from 'kysely';

// The execution journal (modules/journal): one row per order placed from the UI with the times its latencies are
// measured from and the price the card showed, and the trader's note and tags per round trip.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('journalEntries')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('orderId', 'text', (col) => col.notNull())
    .addColumn('pressedAt', 'bigint')
    .addColumn('requestedAt', 'bigint')
    .addColumn('shownPrice', 'double precision')
    .addColumn('receivedAt', 'bigint', (col) => col.notNull())
    .addColumn('ackAt', 'bigint')
    .addColumn('firstFillAt', 'bigint')
    .addPrimaryKeyConstraint('journalEntriesPk', ['userId', 'orderId'])
    .execute();
  await db.schema
    .createIndex('journalEntriesUserTime')
    .on('journalEntries')
    .columns(['userId', 'receivedAt'])
    .execute();
  await db.schema
    .createTable('journalNotes')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('tradeId', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    /** JSON array of strings. */
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('journalNotesPk', ['userId', 'tradeId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('journalNotes').execute();
  await db.schema.dropTable('journalEntries').execute();
}
