import { istDateOf } from '@xtrader/core/market/dates';
import { type DisciplineDay, dayAt, emptyDay } from '@xtrader/core/risk/discipline';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../store/database';

/**
 * Each user's trading day: orders placed, the max-loss lock, the last losing trade, per IST date (a new date starts
 * an empty record). Every change is one conditional statement, so two writers (a retried order, a takeover by
 * another instance) cannot undo each other: an order is counted once by its id, and a lock, once set, stays.
 */
export interface DisciplineDays {
  today(userId: string): Promise<DisciplineDay>;
  /** One more order placed today (an order id already counted is not counted again). */
  placed(userId: string, orderId: string): Promise<void>;
  /**
   * Locked for the rest of the day (never unlocked before then): the max loss was reached, or (`byTrader`) the
   * trader closed all and locked the day.
   */
  lock(userId: string, byTrader?: boolean): Promise<void>;
  lostTrade(userId: string): Promise<void>;
  /** Drops what this process keeps of the user's day (their engine moved to another instance). */
  forget(userId: string): void;
}

/**
 * The day records in the store (`disciplineDays`, `disciplineTrades`): they survive a restart, and every instance
 * of a cluster reads the same one, so a lock holds wherever the user's next order arrives.
 *
 * Where `keeps(userId)` (this instance runs the user's engine: every order of theirs is guarded and counted here),
 * the record read once is kept and updated with each write, so the order path costs one insert per order and no
 * read; elsewhere (a status read on another instance) every read goes to the store. `forget` drops the kept copy
 * when the user's engine moves away.
 */
export function createStoredDisciplineDays(
  db: Kysely<Database>,
  now: () => number,
  keeps: (userId: string) => boolean = () => true,
): DisciplineDays {
  const kept = new Map<string, DisciplineDay>();
  /** Applies a write to the kept copy, when there is one of today. */
  const patchKept = (userId: string, day: string, patch: (record: DisciplineDay) => DisciplineDay) => {
    const record = kept.get(userId);
    if (record && record.day === day) kept.set(userId, patch(record));
  };
  const read = async (userId: string, day: string): Promise<DisciplineDay> => {
    const [row, count] = await Promise.all([
      db
        .selectFrom('disciplineDays')
        .select(['lockedAt', 'lockedByTrader', 'lastLossAt'])
        .where('userId', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst(),
      db
        .selectFrom('disciplineTrades')
        .select((eb) => eb.fn.countAll<number | string>().as('trades'))
        .where('userId', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst(),
    ]);
    return {
      ...emptyDay(day),
      trades: Number(count?.trades ?? 0),
      lockedAt: row?.lockedAt === null || row === undefined ? null : Number(row.lockedAt),
      lastLossAt: row?.lastLossAt === null || row === undefined ? null : Number(row.lastLossAt),
      ...(row && Number(row.lockedByTrader) === 1 ? { lockedByTrader: true } : {}),
    };
  };
  const mark = async (
    userId: string,
    patch: { lockedAt?: number; lockedByTrader?: boolean; lastLossAt?: number },
  ) => {
    const day = istDateOf(now());
    const byTrader = patch.lockedByTrader ? 1 : 0;
    await db
      .insertInto('disciplineDays')
      .values({
        userId,
        day,
        lockedAt: patch.lockedAt ?? null,
        lockedByTrader: byTrader,
        lastLossAt: patch.lastLossAt ?? null,
      })
      .onConflict((oc) =>
        oc.columns(['userId', 'day']).doUpdateSet((eb) =>
          patch.lockedAt !== undefined
            ? // The first lock of the day stands, with who set it.
              {
                lockedAt: eb.fn.coalesce('disciplineDays.lockedAt', 'excluded.lockedAt'),
                lockedByTrader: sql<number>`case when ${sql.ref('disciplineDays.lockedAt')} is null then ${sql.ref('excluded.lockedByTrader')} else ${sql.ref('disciplineDays.lockedByTrader')} end`,
              }
            : { lastLossAt: eb.ref('excluded.lastLossAt') },
        ),
      )
      .execute();
    patchKept(userId, day, (record) =>
      patch.lockedAt !== undefined
        ? record.lockedAt !== null
          ? record
          : { ...record, lockedAt: patch.lockedAt, ...(patch.lockedByTrader ? { lockedByTrader: true } : {}) }
        : { ...record, lastLossAt: patch.lastLossAt ?? record.lastLossAt },
    );
  };
  return {
    async today(userId) {
      const day = istDateOf(now());
      if (!keeps(userId)) return read(userId, day);
      const known = kept.get(userId);
      if (known && known.day === day) return known;
      const record = await read(userId, day);
      kept.set(userId, record);
      return record;
    },
    async placed(userId, orderId) {
      const day = istDateOf(now());
      const result = await db
        .insertInto('disciplineTrades')
        .values({ userId, day, orderId })
        .onConflict((oc) => oc.columns(['userId', 'day', 'orderId']).doNothing())
        .executeTakeFirst();
      // Counted only when this order id was new today (a retry's insert changes nothing).
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0)
        patchKept(userId, day, (record) => ({ ...record, trades: record.trades + 1 }));
    },
    lock: (userId, byTrader = false) => mark(userId, { lockedAt: now(), lockedByTrader: byTrader }),
    lostTrade: (userId) => mark(userId, { lastLossAt: now() }),
    forget(userId) {
      kept.delete(userId);
    },
  };
}

/** The same records in this process's memory (unit tests of the rules). */
export function createMemoryDisciplineDays(now: () => number): DisciplineDays {
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
    today: async (userId) => today(userId),
    async placed(userId, orderId) {
      const day = today(userId);
      const ids = counted.get(userId) ?? new Set<string>();
      if (ids.has(orderId)) return;
      ids.add(orderId);
      counted.set(userId, ids);
      update(userId, { trades: day.trades + 1 });
    },
    async lock(userId, byTrader = false) {
      if (today(userId).lockedAt === null)
        update(userId, { lockedAt: now(), ...(byTrader ? { lockedByTrader: true } : {}) });
    },
    async lostTrade(userId) {
      update(userId, { lastLossAt: now() });
    },
    forget() {},
  };
}
