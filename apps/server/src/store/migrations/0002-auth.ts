import type { Kysely } from 'kysely';

// Accounts: users, sessions, OTPs, password-reset requests, rate-limit events (see modules/auth/tables.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('phone', 'text', (col) => col.notNull().unique())
    .addColumn('passwordHash', 'text', (col) => col.notNull())
    .addColumn('referralCode', 'text', (col) => col.notNull().unique())
    .addColumn('referredBy', 'text')
    .addColumn('activeBroker', 'text')
    .addColumn('clientId', 'text')
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('updatedAt', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('expiresAt', 'bigint', (col) => col.notNull())
    .addColumn('revokedAt', 'bigint')
    .execute();
  await db.schema.createIndex('sessionsUserIdIdx').on('sessions').column('userId').execute();

  await db.schema
    .createTable('otps')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('codeHash', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('expiresAt', 'bigint', (col) => col.notNull())
    .addColumn('failedAttempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verifiedAt', 'bigint')
    .addUniqueConstraint('otpsPhonePurposeUnique', ['phone', 'purpose'])
    .execute();

  await db.schema
    .createTable('passwordResets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('expiresAt', 'bigint', (col) => col.notNull())
    .addColumn('usedAt', 'bigint')
    .execute();

  await db.schema
    .createTable('rateLimitEvents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rateLimitEventsKeyAtIdx')
    .on('rateLimitEvents')
    .columns(['key', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rateLimitEvents', 'passwordResets', 'otps', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
