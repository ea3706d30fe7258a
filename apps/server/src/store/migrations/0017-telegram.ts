import type { Kysely } from 'kysely';

// Telegram alerts (modules/alerts): which chat each user linked, and the one-time codes a user shows the bot to
// link it. A code is short-lived (10 minutes) and deleted when used; a user has at most one linked chat.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telegramLinks')
    .addColumn('userId', 'text', (col) => col.primaryKey())
    .addColumn('chatId', 'text', (col) => col.notNull().unique())
    .addColumn('linkedAt', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('telegramLinkCodes')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('expiresAt', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('telegramLinkCodes').execute();
  await db.schema.dropTable('telegramLinks').execute();
}
