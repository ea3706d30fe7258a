import type { Kysely } from 'kysely';

// The instrument master (see modules/instruments/tables.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instruments')
    .addColumn('internalToken', 'text', (col) => col.primaryKey())
    .addColumn('tradingsymbol', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('expiry', 'text')
    .addColumn('strike', 'double precision', (col) => col.notNull())
    .addColumn('instrumentType', 'text', (col) => col.notNull())
    .addColumn('tickSize', 'double precision', (col) => col.notNull())
    .addColumn('lotSize', 'integer', (col) => col.notNull())
    .addColumn('exchange', 'text', (col) => col.notNull())
    .addColumn('exchangeToken', 'text', (col) => col.notNull())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('segment', 'text', (col) => col.notNull())
    .addColumn('lastPrice', 'double precision', (col) => col.notNull())
    .addColumn('searchText', 'text', (col) => col.notNull())
    .addUniqueConstraint('instrumentsExchangeSymbolUnique', ['exchange', 'tradingsymbol'])
    .execute();
  // The option chain lookups: expiries of an index, strikes of an expiry, one contract.
  await db.schema
    .createIndex('instrumentsChainIdx')
    .on('instruments')
    .columns(['name', 'expiry', 'instrumentType', 'strike'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instruments').execute();
}
