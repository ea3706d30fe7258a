import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { runShaped } from '../../store/compiled-shapes';
import type { Database } from '../../store/database';

/** Where a user's active broker lives (the auth module's user record). */
export interface ActiveBrokerDirectory {
  activeBrokerOf(userId: string): Promise<string | null>;
  setActiveBroker(userId: string, broker: string | null): Promise<void>;
}

/**
 * The user record's `activeBroker`. The auth module owns the users table but offers no writer for this field yet,
 * so this adapter is the one place outside auth that touches it; swap it for the auth service's function when
 * one exists (the rest of the brokers module only sees `ActiveBrokerDirectory`).
 */
export function createUsersActiveBroker(db: Kysely<Database>, clock: Clock): ActiveBrokerDirectory {
  return {
    // Read on every order (entitlement, price view, broker session): built once, see runShaped.
    async activeBrokerOf(userId) {
      const { rows } = await runShaped(db, 'users:activeBroker', [userId], () =>
        db.selectFrom('users').select('activeBroker').where('id', '=', userId),
      );
      return (rows[0] as { activeBroker: string | null } | undefined)?.activeBroker ?? null;
    },
    async setActiveBroker(userId, broker) {
      await db
        .updateTable('users')
        .set({ activeBroker: broker, updatedAt: clock.now() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
