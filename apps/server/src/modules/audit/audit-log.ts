import type { Kysely } from 'kysely';
import type { Logger } from '../../logger';
import { inChunks, insertShape, rowValues, runShaped } from '../../store/compiled-shapes';
import type { Database } from '../../store/database';
import { GENESIS_HASH, lineHash } from './chain';
import type { AuditLogTable } from './tables';

/** What a line records: the request as received, a call to the broker, its answer or update, a state change. */
export type AuditKind =
  | 'request'
  | 'response'
  | 'broker.call'
  | 'broker.answer'
  | 'broker.update'
  | 'state.change';

export interface AuditLog {
  /**
   * Adds a line to the user's chain. Returns at once (no I/O, no hashing; the data is only serialised): lines are
   * chained and written in batches after the current turn of the event loop, so the order path never waits for them.
   */
  append(userId: string, kind: AuditKind, orderId: string | null, data: unknown): void;
  /** Resolves once every line appended for the user so far is stored (or its write failed and will be retried). */
  settled(userId: string): Promise<void>;
  /** Writes every pending line of every user. */
  flush(): Promise<void>;
}

interface Pending {
  userId: string;
  ts: number;
  kind: AuditKind;
  orderId: string | null;
  data: string;
}

type Tip = { seq: number; hash: string };

const RETRY_MS = 1000;
/** 8 columns a row: well under what one statement may bind on either engine. */
const ROWS_PER_STATEMENT = 500;

/**
 * The audit trail's writer. Every line appended in one turn of the event loop goes into one batch: chained per user
 * from the user's tip (kept in memory, read once from the store) and inserted with one statement per 500 lines.
 * Batches are written one after another. A batch that fails (say, another process appended for one of its users
 * first and its insert hit the (userId, seq) key) is kept: its lines are chained again from the stored tips and
 * retried, ahead of anything appended since.
 */
export function createAuditLog(deps: {
  db: Kysely<Database>;
  clock: { now(): number };
  logger: Logger;
}): AuditLog {
  const { db, clock, logger } = deps;
  const tips = new Map<string, Tip>();
  let pending: Pending[] = [];
  /** Users with lines in `pending` or in the batch being written. */
  const unsettled = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  const readTip = async (userId: string): Promise<Tip> => {
    const row = await db
      .selectFrom('auditLog')
      .select(['seq', 'hash'])
      .where('userId', '=', userId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: GENESIS_HASH };
  };

  const chainBatch = async (
    batch: readonly Pending[],
  ): Promise<{ rows: AuditLogTable[]; next: Map<string, Tip> }> => {
    const next = new Map<string, Tip>();
    for (const { userId } of batch) {
      if (!next.has(userId)) next.set(userId, tips.get(userId) ?? (await readTip(userId)));
    }
    const rows = batch.map(({ userId, ts, kind, orderId, data }): AuditLogTable => {
      const tip = next.get(userId) as Tip;
      const line = { userId, seq: tip.seq + 1, ts, kind, orderId, data, prevHash: tip.hash };
      const hash = lineHash(line);
      next.set(userId, { seq: line.seq, hash });
      return { ...line, hash };
    });
    return { rows, next };
  };

  const settle = (batch: readonly Pending[]) => {
    for (const { userId } of batch) {
      const left = (unsettled.get(userId) ?? 1) - 1;
      if (left > 0) unsettled.set(userId, left);
      else unsettled.delete(userId);
    }
  };

  const writeBatch = async (): Promise<void> => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    let stored = 0;
    try {
      const { rows, next } = await chainBatch(batch);
      for (const chunk of inChunks(rows, ROWS_PER_STATEMENT)) {
        // One SQL text per row count, built once (see runShaped).
        await runShaped(db, insertShape('auditLog', chunk), rowValues(chunk), () =>
          db.insertInto('auditLog').values(chunk),
        );
        stored += chunk.length;
      }
      for (const [userId, tip] of next) tips.set(userId, tip);
      settle(batch);
    } catch (error) {
      // The chunks before the failure are stored; the rest are kept, in order, ahead of anything appended since,
      // and chained again from the tips as the store has them.
      for (const { userId } of batch) tips.delete(userId);
      settle(batch.slice(0, stored));
      pending = [...batch.slice(stored), ...pending];
      logger.error({ err: error, lines: batch.length - stored }, 'audit trail write failed; retrying');
      setTimeout(() => void write(), RETRY_MS).unref();
    }
  };

  const write = (): Promise<void> => {
    writing = writing.then(writeBatch);
    return writing;
  };

  const flush = (): Promise<void> => {
    scheduled = false;
    return write();
  };

  return {
    append(userId, kind, orderId, data) {
      let text: string;
      try {
        // Serialised now: the objects described may change after this call.
        text = JSON.stringify(data) ?? 'null';
      } catch (error) {
        text = JSON.stringify({ unserialisable: String(error) });
      }
      pending.push({ userId, ts: clock.now(), kind, orderId, data: text });
      unsettled.set(userId, (unsettled.get(userId) ?? 0) + 1);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    },
    // Nothing of the user's waiting: answer at once, without queueing behind other users' writes.
    settled: (userId) => (unsettled.has(userId) ? write() : Promise.resolve()),
    flush,
  };
}
