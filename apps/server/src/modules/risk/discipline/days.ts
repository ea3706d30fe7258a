import { type DisciplineDay, dayAt } from '@xtrader/core/risk/discipline';

/**
 * Each user's trading day as this process saw it: orders placed, the max-loss lock, the last losing trade. Kept in
 * memory (one record per user, replaced at IST midnight); after a restart the lock is found again from the day's
 * MTM on the next check, the count and cool-down start afresh.
 */
export function createDisciplineDays(now: () => number) {
  const records = new Map<string, DisciplineDay>();
  // Order ids counted today per user: an idempotent retry answered with the first order is not a second trade.
  const counted = new Map<string, Set<string>>();
  const today = (userId: string): DisciplineDay => {
    const record = dayAt(records.get(userId), now());
    if (records.get(userId) !== record) {
      records.set(userId, record);
      counted.delete(userId);
    }
    return record;
  };
  const update = (userId: string, patch: Partial<DisciplineDay>) => {
    records.set(userId, { ...today(userId), ...patch });
  };
  return {
    today,
    /** One more order placed today. */
    placed(userId: string, orderId: string) {
      const day = today(userId);
      const ids = counted.get(userId) ?? new Set<string>();
      if (ids.has(orderId)) return;
      ids.add(orderId);
      counted.set(userId, ids);
      update(userId, { trades: day.trades + 1 });
    },
    /** The max loss was reached: locked for the rest of the day (never unlocked before then). */
    lock(userId: string, byTrader = false) {
      if (today(userId).lockedAt === null)
        update(userId, { lockedAt: now(), ...(byTrader ? { lockedByTrader: true } : {}) });
    },
    lostTrade(userId: string) {
      update(userId, { lastLossAt: now() });
    },
  };
}

export type DisciplineDays = ReturnType<typeof createDisciplineDays>;
