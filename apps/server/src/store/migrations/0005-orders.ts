import type { Kysely } from 'kysely';

// Order manager: orders (broker orders and their groups) and booked fills (see modules/orders/model/tables.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('brokerId', 'text', (col) => col.notNull())
    .addColumn('brokerOrderId', 'text')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('rootId', 'text', (col) => col.notNull())
    .addColumn('groupId', 'text')
    .addColumn('parentOrderId', 'text')
    .addColumn('isInternal', 'integer', (col) => col.notNull())
    .addColumn('orderCategory', 'text', (col) => col.notNull())
    .addColumn('orderType', 'text', (col) => col.notNull())
    .addColumn('brokerOrderType', 'text')
    .addColumn('transactionType', 'text', (col) => col.notNull())
    .addColumn('exchange', 'text', (col) => col.notNull())
    .addColumn('tradingSymbol', 'text', (col) => col.notNull())
    .addColumn('internalToken', 'text', (col) => col.notNull())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('productType', 'text', (col) => col.notNull())
    .addColumn('lotSize', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('filledQuantity', 'integer', (col) => col.notNull())
    .addColumn('filledValuePaise', 'bigint', (col) => col.notNull())
    .addColumn('averagePrice', 'double precision', (col) => col.notNull())
    .addColumn('price', 'double precision')
    .addColumn('triggerPrice', 'double precision')
    .addColumn('tradeIds', 'text', (col) => col.notNull())
    .addColumn('statusBeforeRequest', 'text')
    .addColumn('rejectedReason', 'text')
    .addColumn('cancelReason', 'text')
    .addColumn('stoplossPoints', 'double precision')
    .addColumn('targetPoints', 'double precision')
    .addColumn('priceView', 'text', (col) => col.notNull())
    .addColumn('trailing', 'text')
    .addColumn('workflow', 'text', (col) => col.notNull())
    .addColumn('idempotencyKey', 'text')
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('ordersUserIdempotencyUnique', ['userId', 'idempotencyKey'])
    .execute();
  await db.schema.createIndex('ordersUserCreatedIdx').on('orders').columns(['userId', 'createdAt']).execute();
  await db.schema.createIndex('ordersRootIdx').on('orders').columns(['rootId']).execute();
  await db.schema
    .createIndex('ordersBrokerOrderIdx')
    .on('orders')
    .columns(['userId', 'brokerOrderId'])
    .execute();
  await db.schema.createIndex('ordersStatusIdx').on('orders').columns(['status']).execute();

  await db.schema
    .createTable('orderFills')
    .addColumn('orderId', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('tradeId', 'text', (col) => col.notNull())
    .addColumn('tradingSymbol', 'text', (col) => col.notNull())
    .addColumn('productType', 'text', (col) => col.notNull())
    .addColumn('transactionType', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('price', 'double precision', (col) => col.notNull())
    .addColumn('ts', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('orderFillsPk', ['orderId', 'tradeId'])
    .execute();
  await db.schema
    .createIndex('orderFillsUserIdx')
    .on('orderFills')
    .columns(['userId', 'tradingSymbol'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orderFills').execute();
  await db.schema.dropTable('orders').execute();
}
