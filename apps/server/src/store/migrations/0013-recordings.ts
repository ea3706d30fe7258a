import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Recorded ticks for session replay (modules/recording): one row per batch of one source's ticks of one trading day,
// the ticks gzip'd as `ts,symbol,price` lines, so a day of a source is a few hundred small rows, not a row a tick.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('recordingChunks')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    // simulated | platform | user; ownerId is the user of a `user` recording.
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('ownerId', 'text')
    .addColumn('ticks', 'integer', (col) => col.notNull())
    .addColumn('firstTs', 'bigint', (col) => col.notNull())
    .addColumn('lastTs', 'bigint', (col) => col.notNull())
    .addColumn('data', sqlite ? 'blob' : sql`bytea`, (col) => col.notNull())
    .addPrimaryKeyConstraint('recordingChunksPk', ['source', 'day', 'seq'])
    .execute();
  await db.schema.createIndex('recordingChunksDay').on('recordingChunks').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recordingChunks').execute();
}
