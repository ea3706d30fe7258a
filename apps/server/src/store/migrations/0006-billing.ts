import { type Kysely, sql } from 'kysely';

// Subscriptions and applied billing-provider events (see modules/billing/tables.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('planCode', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('checkoutRef', 'text')
    .addColumn('providerSubscriptionId', 'text')
    .addColumn('customerEmail', 'text')
    .addColumn('periodStart', 'bigint')
    .addColumn('periodEnd', 'bigint')
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscriptionsUserIdx').on('subscriptions').column('userId').execute();
  await db.schema
    .createIndex('subscriptionsProviderIdx')
    .on('subscriptions')
    .column('providerSubscriptionId')
    .execute();
  // The free trial is granted once per user, even to two requests racing each other.
  await db.schema
    .createIndex('subscriptionsOneTrialPerUser')
    .on('subscriptions')
    .column('userId')
    .unique()
    .where(sql.ref('planCode'), '=', 'freeTrial')
    .execute();

  await db.schema
    .createTable('billingEvents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('eventType', 'text', (col) => col.notNull())
    .addColumn('subscriptionId', 'text')
    .addColumn('receivedAt', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billingEvents').execute();
  await db.schema.dropTable('subscriptions').execute();
}
