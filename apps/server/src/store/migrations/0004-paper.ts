import type { Kysely } from 'kysely';

// The paper exchange of Practice Mode: accounts, orders, trades, positions (see modules/brokers/paper/tables.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paperAccounts')
    .addColumn('userId', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('capitalPaise', 'bigint', (col) => col.notNull())
    .addColumn('previousBroker', 'text')
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('paperOrders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('clientOrderId', 'text')
    .addColumn('tradingSymbol', 'text', (col) => col.notNull())
    .addColumn('internalToken', 'text', (col) => col.notNull())
    .addColumn('exchange', 'text', (col) => col.notNull())
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('orderType', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('filledQuantity', 'integer', (col) => col.notNull())
    .addColumn('averagePricePaise', 'bigint', (col) => col.notNull())
    .addColumn('pricePaise', 'bigint')
    .addColumn('triggerPricePaise', 'bigint')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('rejectedReason', 'text')
    .addColumn('blockedPaise', 'bigint', (col) => col.notNull())
    .addColumn('trailChangeInPricePaise', 'bigint')
    .addColumn('trailChangeInSlPaise', 'bigint')
    .addColumn('trailReferencePaise', 'bigint')
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('paperOrdersUserIdx')
    .on('paperOrders')
    .columns(['userId', 'createdAt'])
    .execute();
  await db.schema.createIndex('paperOrdersStatusIdx').on('paperOrders').column('status').execute();

  await db.schema
    .createTable('paperTrades')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('orderId', 'text', (col) => col.notNull())
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tradingSymbol', 'text', (col) => col.notNull())
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('pricePaise', 'bigint', (col) => col.notNull())
    .addColumn('ts', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('paperTradesUserIdx').on('paperTrades').columns(['userId', 'ts']).execute();

  await db.schema
    .createTable('paperPositions')
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tradingSymbol', 'text', (col) => col.notNull())
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('internalToken', 'text', (col) => col.notNull())
    .addColumn('exchange', 'text', (col) => col.notNull())
    .addColumn('netQuantity', 'integer', (col) => col.notNull())
    .addColumn('buyQuantity', 'integer', (col) => col.notNull())
    .addColumn('sellQuantity', 'integer', (col) => col.notNull())
    .addColumn('buyValuePaise', 'bigint', (col) => col.notNull())
    .addColumn('sellValuePaise', 'bigint', (col) => col.notNull())
    .addColumn('openCostPaise', 'bigint', (col) => col.notNull())
    .addColumn('realisedPaise', 'bigint', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('paperPositionsPk', ['userId', 'tradingSymbol', 'product'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['paperPositions', 'paperTrades', 'paperOrders', 'paperAccounts']) {
    await db.schema.dropTable(table).execute();
  }
}
