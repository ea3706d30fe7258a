import type { Insertable, Kysely, Selectable } from 'kysely';
import { runShaped } from '../../store/compiled-shapes';
import type { Database } from '../../store/database';
import type { OtpPurpose, OtpsTable, PasswordResetsTable, SessionsTable, UsersTable } from './tables';

export type UserRow = Selectable<UsersTable>;
type SessionRow = Selectable<SessionsTable>;
export type OtpRow = Selectable<OtpsTable>;

/** The auth module's tables; every user-owned read or write takes the user id. */
export function createAuthStore(db: Kysely<Database>) {
  return {
    findUserById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findUserByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    findUserByPhone: (phone: string) =>
      db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst(),

    async isEmailOrPhoneTaken(email: string, phone: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertUser(user: Insertable<UsersTable>): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },

    async updatePassword(userId: string, passwordHash: string, now: number): Promise<void> {
      await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', userId).execute();
    },

    async updateSettings(userId: string, settings: string, now: number): Promise<void> {
      await db.updateTable('users').set({ settings, updatedAt: now }).where('id', '=', userId).execute();
    },

    async insertSession(session: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    // Read on every authenticated request: built once, see runShaped.
    findSession: async (id: string) => {
      const { rows } = await runShaped(db, 'sessions:byId', [id], () =>
        db.selectFrom('sessions').selectAll().where('id', '=', id),
      );
      return rows[0] as SessionRow | undefined;
    },

    /** Whether the user has a session neither revoked nor expired at `now` (is logged in somewhere). */
    async hasLiveSession(userId: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async revokeSession(userId: string, sessionId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where('id', '=', sessionId)
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Revokes every live session of the user; returns their ids. */
    async revokeAllSessions(userId: string, now: number): Promise<string[]> {
      const rows = await db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Stores the phone's new code for `purpose`, replacing (and so voiding) any earlier one. One upsert, so
     * parallel requests for one phone cannot collide: the last one's code stands.
     */
    async replaceOtp(otp: Insertable<OtpsTable>): Promise<void> {
      const { id, codeHash, createdAt, expiresAt, failedAttempts, verifiedAt } = otp;
      await db
        .insertInto('otps')
        .values(otp)
        .onConflict((conflict) =>
          conflict
            .columns(['phone', 'purpose'])
            .doUpdateSet({ id, codeHash, createdAt, expiresAt, failedAttempts, verifiedAt }),
        )
        .execute();
    },

    findOtp: (phone: string, purpose: OtpPurpose) =>
      db
        .selectFrom('otps')
        .selectAll()
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .executeTakeFirst(),

    /**
     * Counts one try of the code if it has tries left (`failedAttempts` below `max`), in one statement, so
     * parallel guesses can never get more tries than `max`; returns the new count, or undefined if none left.
     */
    async takeOtpAttempt(id: string, max: number): Promise<number | undefined> {
      const row = await db
        .updateTable('otps')
        .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1) }))
        .where('id', '=', id)
        .where('failedAttempts', '<', max)
        .returning('failedAttempts')
        .executeTakeFirst();
      return row?.failedAttempts;
    },

    /** Marks the code used; false if another request used it first. */
    async markOtpVerified(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('otps')
        .set({ verifiedAt: now })
        .where('id', '=', id)
        .where('verifiedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteOtp(id: string): Promise<void> {
      await db.deleteFrom('otps').where('id', '=', id).execute();
    },

    async insertPasswordReset(reset: Insertable<PasswordResetsTable>): Promise<void> {
      await db.insertInto('passwordResets').values(reset).execute();
    },

    findPasswordReset: (id: string) =>
      db.selectFrom('passwordResets').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Spends a reset request; false if it was already spent. */
    async usePasswordReset(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('passwordResets')
        .set({ usedAt: now })
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
