import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../store/database';
import type { AccountLinks } from '../vault';

/**
 * The user record's `activeBroker` and `clientId`, written when a broker login completes. The auth module owns the
 * users table but offers no writer for these fields; like the Practice Mode switch (brokers/active-broker.ts) this
 * adapter touches only them, and can be swapped for an accounts-module function when one exists.
 */
export function createUsersAccountLinks(db: Kysely<Database>, clock: Clock): AccountLinks {
  return {
    async activeBrokerOf(userId) {
      const row = await db
        .selectFrom('users')
        .select('activeBroker')
        .where('id', '=', userId)
        .executeTakeFirst();
      return (row?.activeBroker ?? null) as Awaited<ReturnType<AccountLinks['activeBrokerOf']>>;
    },
    async linkBroker(userId, broker, clientId) {
      await db
        .updateTable('users')
        .set({ activeBroker: broker, clientId, updatedAt: clock.now() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
