import type { Kysely } from 'kysely';

// Each live broker's published instrument master, as the kit keeps it (modules/brokers/live-kit/instrument-master):
// one row per broker holding the day's contracts of our indices, so a restart does not download it again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brokerInstrumentMasters')
    .addColumn('broker', 'text', (col) => col.primaryKey())
    .addColumn('fetchedAt', 'bigint', (col) => col.notNull())
    .addColumn('contracts', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brokerInstrumentMasters').execute();
}
