import type { Kysely } from 'kysely';

// A linked chat's `/closeall` waiting for its "yes" (modules/alerts/bot.ts): until when, kept with the link so the
// confirmation survives the bot's poller moving to another instance (or a restart) inside the 60 s window.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('telegramLinks').addColumn('closeAllPendingUntil', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('telegramLinks').dropColumn('closeAllPendingUntil').execute();
}
