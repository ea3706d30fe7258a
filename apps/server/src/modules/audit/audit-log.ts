import { type Kysely, SqliteAdapter } from 'kysely';
import type { Logger } from '../../logger';
import { inChunks, insertShape, rowValues, runShaped } from '../../store/compiled-shapes';
import type { Database } from '../../store/database';
import type { CommitWriter, SyncSql } from '../../store/group-commit';
import { GENESIS_HASH, lineHash } from './chain';
import type { AuditLogTable } from './tables';

/** What a line records: the request as received, a call to the broker, its answer or update, a state change. */
export type AuditKind = 'request' | 'broker.call' | 'broker.answer' | 'broker.update' | 'state.change';

export interface AuditLog {
  /**
   * Adds a line to the user's chain. Returns at once (no I/O, no hashing; the data is only serialised): lines are
   * chained and written in batches after the current turn of the event loop, so the order path never waits for them.
   */
  append(userId: string, kind: AuditKind, orderId: string | null, data: unknown): void;
  /** As `append`, with the data already serialised: `json` must be one JSON value (it is stored as it is). */
  appendJson(userId: string, kind: AuditKind, orderId: string | null, json: string): void;
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

/** Lines written together; `done` once written (or failed, for a retry). */
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
 * The audit trail's writer. Lines are collected into batches, chained per user from the user's tip (kept in memory,
 * read once from the store) and inserted with one statement per 500 lines. Two ways to write them:
 *
 * - Joined, when this process alone writes the store (SQLite, `commits` given): a batch collects every line
 *   appended until the store's next group COMMIT (one turn of the event loop), and is chained, hashed and inserted
 *   right before that COMMIT, in its transaction: one statement and no commit of its own for all the lines of a
 *   turn, stored together with the order writes that caused them. A failed insert is retried as it was (same seq,
 *   same hashes) until it is stored: the chain has a hole only meanwhile.
 * - Serial, when several processes may append to one chain (PostgreSQL): one batch per turn of the event loop,
 *   chained from the tips once the batch before it is stored. A batch that fails (another process appended for one
 *   of its users first and its insert hit the (userId, seq) key, or the store is down) is not lost: its unstored
 *   lines go ahead of the next batch and are chained again from the tips as the store has them.
 */
export function createAuditLog(deps: {
  db: Kysely<Database>;
  clock: { now(): number };
  logger: Logger;
  /**
   * The store's pre-commit writer when this process alone writes the store (SQLite): lines join its commits. Required
   * on SQLite: only the joined writer keeps each chain's tip (`auditTip`), which audit:verify compares chain ends with.
   */
  commits?: CommitWriter | undefined;
}): AuditLog {
  const { db, clock, logger, commits } = deps;
  if (!commits && db.getExecutor().adapter instanceof SqliteAdapter)
    throw new Error(
      'the audit trail on SQLite joins the group commit (pass commits): it alone keeps the chain tips',
    );
  const tips = new Map<string, Tip>();
  /** The batch collecting lines; undefined when nothing was appended since the last flush. */
  let open: Batch | undefined;
  /** Each user's latest batch not yet written: what `settled` waits for. */
  const latest = new Map<string, Batch>();
  let writing: Promise<void> = Promise.resolve();
  /** Joined: batches handed to a commit and not yet settled (a flush waits for them). */
  const inFlight = new Set<Promise<unknown>>();
  /** Joined: the next batch waits a moment (its lines were put back after the store failed). */
  let pauseNext = false;

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

  /** The lines as rows, each user's continuing from `tipOf` (which moves on to the last of them). */
  const chainRows = (lines: readonly Pending[], tipOf: Map<string, Tip>): AuditLogTable[] =>
    lines.map(({ userId, ts, kind, orderId, data }): AuditLogTable => {
      const tip = tipOf.get(userId) as Tip;
      const line = { userId, seq: tip.seq + 1, ts, kind, orderId, data, prevHash: tip.hash };
      const hash = lineHash(line);
      tipOf.set(userId, { seq: line.seq, hash });
      return { ...line, hash };
    });

  // One SQL text per row count, built once (see runShaped).
  const insertRows = (rows: readonly AuditLogTable[]) =>
    runShaped(db, insertShape('auditLog', rows), rowValues(rows), () =>
      db.insertInto('auditLog').values(rows),
    );

  /** Joined: the insert's SQL text per row count, built by Kysely once (its column names, its placeholders). */
  const insertTexts = new Map<number, string>();
  const insertLines = (sql: SyncSql, rows: readonly AuditLogTable[]) => {
    let text = insertTexts.get(rows.length);
    const values = rowValues(rows);
    if (text === undefined) {
      const compiled = db.insertInto('auditLog').values(rows).compile();
      if (compiled.parameters.length !== values.length)
        throw new Error('audit insert: unexpected parameters');
      text = compiled.sql;
      insertTexts.set(rows.length, text);
    }
    sql.run(text, values);
  };
  /** Joined (SQLite): each user's last line of `rows` into auditTip; a retried older line never moves a tip back. */
  const storeTips = (sql: SyncSql, rows: readonly AuditLogTable[]) => {
    const last = new Map<string, AuditLogTable>();
    for (const row of rows) last.set(row.userId, row);
    const values: unknown[] = [];
    for (const row of last.values()) values.push(row.userId, row.seq, row.hash);
    sql.run(
      `insert into "audit_tip" ("user_id", "seq", "hash") values ${Array(last.size).fill('(?, ?, ?)').join(', ')} ` +
        'on conflict ("user_id") do update set "seq" = excluded."seq", "hash" = excluded."hash" ' +
        'where excluded."seq" > "audit_tip"."seq"',
      values,
    );
  };
  /**
   * Joined: the rows and their tips, all or nothing (a savepoint inside the group's transaction), so a retry never
   * stores a line twice (the SQLite table has no key to refuse it).
   */
  const insertNow = (sql: SyncSql, rows: readonly AuditLogTable[]) => {
    sql.run('savepoint xt_audit', []);
    try {
      for (const chunk of inChunks(rows, ROWS_PER_STATEMENT)) insertLines(sql, chunk);
      storeTips(sql, rows);
    } catch (error) {
      sql.run('rollback to xt_audit', []);
      sql.run('release xt_audit', []);
      throw error;
    }
    sql.run('release xt_audit', []);
  };
  const tipNow = (sql: SyncSql, userId: string): Tip => {
    const [row] = sql.all('select "seq", "hash" from "audit_tip" where "user_id" = ?', [userId]) as {
      seq: number | bigint;
      hash: string;
    }[];
    return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: GENESIS_HASH };
  };

  /** The batch new lines go to, opened (and its write scheduled) by the first of them. */
  const openBatch = (): Batch => {
    if (!open) {
      const batch = newBatch();
      open = batch;
      if (!commits) setImmediate(() => void flush());
      else if (pauseNext) {
        pauseNext = false;
        setTimeout(() => join(commits, batch), RETRY_MS).unref();
      } else join(commits, batch);
    }
    return open;
  };

  const finish = (batch: Batch) => {
    for (const { userId } of batch.lines) if (latest.get(userId) === batch) latest.delete(userId);
    batch.finish();
  };

  /** Puts a batch's unstored lines first into the next batch (they are chained again from the stored tips). */
  const requeue = (batch: Batch, lines: readonly Pending[]) => {
    const retry = openBatch();
    retry.lines.unshift(...lines);
    for (const { userId } of lines) if (latest.get(userId) === batch) latest.set(userId, retry);
  };

  /** Serial: stores the batch's lines; answers false when a write failed (its unstored lines are queued again). */
  const storeSerially = async (batch: Batch): Promise<boolean> => {
    let stored = 0;
    try {
      const next = new Map<string, Tip>();
      for (const { userId } of batch.lines) {
        if (!next.has(userId)) next.set(userId, tips.get(userId) ?? (await readTip(userId)));
      }
      for (const chunk of inChunks(chainRows(batch.lines, next), ROWS_PER_STATEMENT)) {
        await insertRows(chunk);
        stored += chunk.length;
      }
      for (const [userId, tip] of next) tips.set(userId, tip);
      return true;
    } catch (error) {
      // The chunks before the failure are stored.
      for (const { userId } of batch.lines) tips.delete(userId);
      requeue(batch, batch.lines.slice(stored));
      logger.error({ err: error, lines: batch.lines.length - stored }, 'audit trail write failed; retrying');
      return false;
    }
  };

  const writeSerially = async (batch: Batch): Promise<void> => {
    const ok = await storeSerially(batch);
    finish(batch);
    // The next batch (with the retry) waits a moment: a store that is down is not hammered.
    if (!ok) await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
  };

  /** Joined: chained rows that were not stored, inserted again as they are before a later commit. */
  const retryRows = (writer: CommitWriter, rows: readonly AuditLogTable[], error: unknown) => {
    logger.error({ err: error, lines: rows.length }, 'audit trail write failed; retrying the same lines');
    setTimeout(
      () =>
        void writer
          .beforeNextCommit((sql) => insertNow(sql, rows))
          .catch((again: unknown) => retryRows(writer, rows, again)),
      RETRY_MS,
    ).unref();
  };

  /**
   * Joined: the batch is chained, hashed and inserted right before the next COMMIT. A chunk whose insert fails is
   * retried as it was; if the COMMIT itself fails, every chunk it carried is.
   */
  const join = (writer: CommitWriter, batch: Batch) => {
    let inserted: AuditLogTable[] | undefined;
    const done = writer
      .beforeNextCommit((sql) => {
        if (open === batch) open = undefined;
        let rows: AuditLogTable[];
        try {
          for (const { userId } of batch.lines) if (!tips.has(userId)) tips.set(userId, tipNow(sql, userId));
          rows = chainRows(batch.lines, tips);
        } catch (error) {
          // The store could not be read: the lines go, unchained, ahead of the next batch (after a pause).
          pauseNext = true;
          requeue(batch, batch.lines);
          logger.error({ err: error }, 'audit trail tip could not be read; retrying');
          return;
        }
        try {
          insertNow(sql, rows);
          inserted = rows;
        } catch (error) {
          retryRows(writer, rows, error);
        }
      })
      .catch((error: unknown) => {
        // The COMMIT failed: nothing of the group is stored.
        if (inserted) retryRows(writer, inserted, error);
      })
      .then(() => finish(batch));
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  const flush = async (): Promise<void> => {
    if (commits) {
      // Joined: the open batch is already handed to the next commit.
      while (inFlight.size > 0) await Promise.all(inFlight);
      return;
    }
    const batch = open;
    open = undefined;
    if (batch) writing = writing.then(() => writeSerially(batch));
    await writing;
  };

  const queue = (userId: string, kind: AuditKind, orderId: string | null, data: string) => {
    const batch = openBatch();
    batch.lines.push({ userId, ts: clock.now(), kind, orderId, data });
    latest.set(userId, batch);
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
      queue(userId, kind, orderId, text);
    },
    appendJson: queue,
    settled: (userId) => latest.get(userId)?.done ?? Promise.resolve(),
    flush,
  };
}
