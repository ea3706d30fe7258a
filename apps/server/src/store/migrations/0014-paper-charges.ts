import type { Kysely } from 'kysely';

// Practice Mode charges and the day-end summary: each paper order, fill and position carries its charges
// (brokerage, STT, exchange and SEBI fees, stamp duty, GST) in paise, deducted from the paper funds; the intraday
// square-off keeps one summary row per user and IST day.

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['paperOrders', 'paperTrades', 'paperPositions']) {
    await db.schema
      .alterTable(table)
      .addColumn('chargesPaise', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('paperDaySummaries')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('trades', 'integer', (col) => col.notNull())
    .addColumn('grossPaise', 'bigint', (col) => col.notNull())
    .addColumn('chargesPaise', 'bigint', (col) => col.notNull())
    .addColumn('netPaise', 'bigint', (col) => col.notNull())
    .addColumn('wins', 'integer', (col) => col.notNull())
    .addColumn('losses', 'integer', (col) => col.notNull())
    .addColumn('largestLossPaise', 'bigint', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('paperDaySummariesPk', ['userId', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paperDaySummaries').execute();
  for (const table of ['paperOrders', 'paperTrades', 'paperPositions']) {
    await db.schema.alterTable(table).dropColumn('chargesPaise').execute();
  }
}
