import type { Kysely } from 'kysely';
import type { Logger } from '../../logger';
import type { Database } from '../../store/database';
import type { PlacementTimingListener } from '../orders/routes';

/**
 * The order routes' journal listener: one insert per order placed from the UI, issued after the placement was
 * answered and never awaited by the order path (on SQLite it joins the next group commit). A failed write is logged
 * and costs only that order's journal line.
 */
export function createJournalRecorder(db: Kysely<Database>, logger: Logger): PlacementTimingListener {
  return (userId, orderId, timing) => {
    db.insertInto('journalEntries')
      .values({ userId, orderId, ...timing })
      // An Idempotency-Key retry answers with the first order: its first times stand.
      .onConflict((conflict) => conflict.columns(['userId', 'orderId']).doNothing())
      .execute()
      .catch((error: unknown) => logger.error({ err: error, userId, orderId }, 'journal entry not stored'));
  };
}
