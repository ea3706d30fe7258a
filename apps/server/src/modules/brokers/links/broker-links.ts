import { type BrokerId, isBrokerId } from '@xtrader/core/brokers/ids';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import { runShaped } from '../../../store/compiled-shapes';
import type { Database } from '../../../store/database';
import type { AccountLinks } from '../vault/account-links';

/** Where a user's active broker lives, as Practice Mode and the broker registry see it. */
export interface ActiveBrokerDirectory {
  activeBrokerOf(userId: string): Promise<BrokerId | null>;
  setActiveBroker(userId: string, broker: BrokerId | null): Promise<void>;
}

/**
 * The user record's broker fields (`activeBroker`, `clientId`): the one reader and writer of them outside the auth
 * module's own user reads. Practice Mode switches the active broker; a completed live broker login links one.
 */
export interface BrokerLinks extends ActiveBrokerDirectory, AccountLinks {}

export function createBrokerLinks(db: Kysely<Database>, clock: Clock): BrokerLinks {
  return {
    // Read once per order (the session it is placed through): built once, see runShaped.
    async activeBrokerOf(userId) {
      const { rows } = await runShaped(db, 'users:activeBroker', [userId], () =>
        db.selectFrom('users').select('activeBroker').where('id', '=', userId),
      );
      const row = rows[0];
      const stored =
        typeof row === 'object' && row !== null && 'activeBroker' in row ? row.activeBroker : null;
      // A value no broker answers to (one since retired) counts as none: nothing can trade through it.
      return typeof stored === 'string' && isBrokerId(stored) ? stored : null;
    },
    async setActiveBroker(userId, broker) {
      await db
        .updateTable('users')
        .set({ activeBroker: broker, updatedAt: clock.now() })
        .where('id', '=', userId)
        .execute();
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
