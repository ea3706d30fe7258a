import type { Kysely } from 'kysely';

// The discipline rules' day record in the store (it was process memory): the orders counted per user and IST day
// (one row per order, so a retried order answered with the first is not counted twice), and the day's lock and
// last losing trade. It survives a restart and is the same on every instance of a cluster.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('disciplineDays')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('lockedAt', 'bigint')
    .addColumn('lockedByTrader', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lastLossAt', 'bigint')
    .addPrimaryKeyConstraint('disciplineDaysPk', ['userId', 'day'])
    .execute();
  await db.schema
    .createTable('disciplineTrades')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('orderId', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('disciplineTradesPk', ['userId', 'day', 'orderId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('disciplineTrades').execute();
  await db.schema.dropTable('disciplineDays').execute();
}
