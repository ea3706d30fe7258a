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

/** The lines appended in one turn of the event loop, written together; `done` once written (or failed, for a retry). */
interface Batch {
  lines: Pending[];
  done: Promise<void>;
  finish: () => void;
}

const RETRY_MS = 1000;
/** 8 columns a row: well under what one statement may bind on either engine. */
const ROWS_PER_STATEMENT = 500;

function newBatch(lines: Pending[] = []): Batch {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { lines, done, finish };
}

/**
 * The audit trail's writer. Every line appended in one turn of the event loop goes into one batch: chained per user
 * from the user's tip (kept in memory, read once from the store) and inserted with one statement per 500 lines.
 * Batches are written one after another. A batch that fails (say, another process appended for one of its users
 * first and its insert hit the (userId, seq) key) is not lost: its unstored lines go ahead of the next batch and are
 * chained again from the tips as the store has them.
 */
export function createAuditLog(deps: {
  db: Kysely<Database>;
  clock: { now(): number };
  logger: Logger;
}): AuditLog {
  const { db, clock, logger } = deps;
  const tips = new Map<string, Tip>();
  /** The batch collecting this turn's lines; undefined when nothing was appended since the last flush. */
  let open: Batch | undefined;
  /** Each user's latest batch not yet written: what `settled` waits for. */
  const latest = new Map<string, Batch>();
  let writing: Promise<void> = Promise.resolve();

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

  const chainLines = async (lines: readonly Pending[]) => {
    const next = new Map<string, Tip>();
    for (const { userId } of lines) {
      if (!next.has(userId)) next.set(userId, tips.get(userId) ?? (await readTip(userId)));
    }
    const rows = lines.map(({ userId, ts, kind, orderId, data }): AuditLogTable => {
      const tip = next.get(userId) as Tip;
      const line = { userId, seq: tip.seq + 1, ts, kind, orderId, data, prevHash: tip.hash };
      const hash = lineHash(line);
      next.set(userId, { seq: line.seq, hash });
      return { ...line, hash };
    });
    return { rows, next };
  };

  /** The batch this turn's lines go to, opened (and its flush scheduled) by the first of them. */
  const openBatch = (): Batch => {
    if (!open) {
      open = newBatch();
      setImmediate(() => void flush());
    }
    return open;
  };

  /** Stores the batch's lines; answers false when a write failed (its unstored lines are queued again). */
  const store = async (batch: Batch): Promise<boolean> => {
    let stored = 0;
    try {
      const { rows, next } = await chainLines(batch.lines);
      for (const chunk of inChunks(rows, ROWS_PER_STATEMENT)) {
        // One SQL text per row count, built once (see runShaped).
        await runShaped(db, insertShape('auditLog', chunk), rowValues(chunk), () =>
          db.insertInto('auditLog').values(chunk),
        );
        stored += chunk.length;
      }
      for (const [userId, tip] of next) tips.set(userId, tip);
      return true;
    } catch (error) {
      // The chunks before the failure are stored; the rest go first into the next batch, chained again from the
      // tips as the store has them.
      const unstored = batch.lines.slice(stored);
      for (const { userId } of batch.lines) tips.delete(userId);
      const retry = openBatch();
      retry.lines.unshift(...unstored);
      for (const { userId } of unstored) if (latest.get(userId) === batch) latest.set(userId, retry);
      logger.error({ err: error, lines: unstored.length }, 'audit trail write failed; retrying');
      return false;
    }
  };

  const writeBatch = async (batch: Batch): Promise<void> => {
    const ok = await store(batch);
    for (const { userId } of batch.lines) if (latest.get(userId) === batch) latest.delete(userId);
    batch.finish();
    // The next batch (with the retry) waits a moment: a store that is down is not hammered.
    if (!ok) await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
  };

  const flush = (): Promise<void> => {
    const batch = open;
    open = undefined;
    if (batch) writing = writing.then(() => writeBatch(batch));
    return writing;
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
      const batch = openBatch();
      batch.lines.push({ userId, ts: clock.now(), kind, orderId, data: text });
      latest.set(userId, batch);
    },
    settled: (userId) => latest.get(userId)?.done ?? Promise.resolve(),
    flush,
  };
}
