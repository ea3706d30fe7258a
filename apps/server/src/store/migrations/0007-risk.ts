import type { Kysely } from 'kysely';

// Profit protection per user, with its trailing state and the last square-off (see modules/risk/tables.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profitProtection')
    .addColumn('userId', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('targetProfit', 'bigint', (col) => col.notNull())
    .addColumn('maxLoss', 'bigint', (col) => col.notNull())
    .addColumn('savedMaxLoss', 'bigint', (col) => col.notNull())
    .addColumn('trailingEnabled', 'integer', (col) => col.notNull())
    .addColumn('increaseInProfit', 'bigint', (col) => col.notNull())
    .addColumn('trailMaxLoss', 'bigint', (col) => col.notNull())
    .addColumn('marketProtectionBps', 'integer', (col) => col.notNull())
    .addColumn('highWaterMarkPaise', 'bigint', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('killSwitch', 'text')
    .addColumn('killId', 'text')
    .addColumn('killStatus', 'text')
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .execute();
  // Restart finds armed users and interrupted square-offs without a full scan.
  await db.schema
    .createIndex('profitProtectionEnabledIdx')
    .on('profitProtection')
    .column('enabled')
    .execute();
  await db.schema
    .createIndex('profitProtectionKillStatusIdx')
    .on('profitProtection')
    .column('killStatus')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profitProtection').execute();
}
