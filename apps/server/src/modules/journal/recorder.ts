import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { LruMap } from '../../lru-map';
import type { Database } from '../../store/database';
import type { FillTimeListener, PlacementTimingListener } from '../orders/routes';

/** Orders whose first fill time is kept in memory: far more than the orders in flight at any moment. */
const REMEMBERED_ORDERS = 10_000;

export interface JournalRecorder {
  /** The order routes' listener: one insert per order placed from the UI. */
  placed: PlacementTimingListener;
  /** The order manager's fill listener: the server time of each order's first fill. */
  filled: FillTimeListener;
}

/**
 * Writes the journal's rows off the order path: each insert or update is issued and never awaited (on SQLite it
 * joins the next group commit); a failed write is logged and costs only that order's journal line.
 *
 * The first fill's time is this server's own (a broker's fill time is on its clock, often to the second). A fill may
 * be booked before the placement is answered (a Practice Mode market order fills inside the broker call), so recent
 * orders' first fill times are kept in memory for the insert to pick up; a fill after the insert updates the row.
 */
export function createJournalRecorder(db: Kysely<Database>, logger: Logger, clock: Clock): JournalRecorder {
  /** First fill times of recent orders, by user and order. */
  const firstFills = new LruMap<string, number>(REMEMBERED_ORDERS);
  /** Journaled orders not filled yet, by user and order. */
  const awaitingFill = new LruMap<string, true>(REMEMBERED_ORDERS);
  const keyOf = (userId: string, orderId: string) => `${userId}\u0000${orderId}`;
  const failed = (userId: string, orderId: string) => (error: unknown) =>
    logger.error({ err: error, userId, orderId }, 'journal entry not stored');
  return {
    placed(userId, orderId, timing) {
      const key = keyOf(userId, orderId);
      const firstFillAt = firstFills.get(key) ?? null;
      if (firstFillAt === null) awaitingFill.set(key, true);
      db.insertInto('journalEntries')
        .values({ userId, orderId, ...timing, firstFillAt })
        // An Idempotency-Key retry answers with the first order: its first times stand.
        .onConflict((conflict) => conflict.columns(['userId', 'orderId']).doNothing())
        .execute()
        .catch(failed(userId, orderId));
    },
    filled(userId, orderId) {
      const key = keyOf(userId, orderId);
      if (firstFills.has(key)) return;
      const ts = clock.now();
      firstFills.set(key, ts);
      if (!awaitingFill.delete(key)) return;
      db.updateTable('journalEntries')
        .set({ firstFillAt: ts })
        .where('userId', '=', userId)
        .where('orderId', '=', orderId)
        .where('firstFillAt', 'is', null)
        .execute()
        .catch(failed(userId, orderId));
    },
  };
}
