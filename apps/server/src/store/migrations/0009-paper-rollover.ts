import type { Kysely } from 'kysely';

// The paper exchange's day rollover: realised P&L of positions of earlier days is booked into the account (the
// positions themselves leave the day's list), so it needs a home apart from the virtual capital.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('paperAccounts')
    .addColumn('bookedPaise', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('paperAccounts').dropColumn('bookedPaise').execute();
}
