import type { Kysely } from 'kysely';

// Broker credential vault: sealed API keys and session tokens per user and broker (modules/brokers/vault).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brokerAccounts')
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('broker', 'text', (col) => col.notNull())
    .addColumn('clientId', 'text')
    .addColumn('secrets', 'text', (col) => col.notNull())
    .addColumn('tokenExpiresAt', 'bigint')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('brokerAccountsPk', ['userId', 'broker'])
    .execute();
  // Postbacks name the broker's client id, not ours.
  await db.schema
    .createIndex('brokerAccountsClientIdx')
    .on('brokerAccounts')
    .columns(['broker', 'clientId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brokerAccounts').execute();
}
