import type { Kysely } from 'kysely';
import type { Logger } from '../../logger';
import type { Database } from '../../store/database';
import { canonicalJson, GENESIS_HASH, lineHash } from './chain';
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
   * Adds a line to the user's chain. Returns at once (no I/O, no hashing; the data is only serialised): lines are chained and written in batches
   * after the current turn of the event loop, so the order path never waits for them.
   */
  append(userId: string, kind: AuditKind, orderId: string | null, data: unknown): void;
  /** Resolves once every line appended for the user so far is stored (or its write failed and will be retried). */
  settled(userId: string): Promise<void>;
  /** Writes every pending line of every user. */
  flush(): Promise<void>;
}

interface Pending {
  ts: number;
  kind: AuditKind;
  orderId: string | null;
  data: string;
}

interface UserChain {
  /** The last stored line's place and hash; undefined until read from the store (or after a failed write). */
  tip: { seq: number; hash: string } | undefined;
  pending: Pending[];
  /** The user's writes run one after another: each continues the chain the previous one ended. */
  writing: Promise<void>;
}

const RETRY_MS = 1000;

/**
 * The audit trail's writer. One process owns each user's chain tip in memory (read once from the store); a write
 * that loses a race for a seq (another process appended first) fails on the primary key, and the lines are
 * chained again from the stored tip and retried.
 */
export function createAuditLog(deps: {
  db: Kysely<Database>;
  clock: { now(): number };
  logger: Logger;
}): AuditLog {
  const { db, clock, logger } = deps;
  const chains = new Map<string, UserChain>();
  let scheduled = false;

  const chainOf = (userId: string): UserChain => {
    let chain = chains.get(userId);
    if (!chain) {
      chain = { tip: undefined, pending: [], writing: Promise.resolve() };
      chains.set(userId, chain);
    }
    return chain;
  };

  const readTip = async (userId: string) => {
    const row = await db
      .selectFrom('auditLog')
      .select(['seq', 'hash'])
      .where('userId', '=', userId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: GENESIS_HASH };
  };

  const writeBatch = async (userId: string, chain: UserChain): Promise<void> => {
    if (chain.pending.length === 0) return;
    const batch = chain.pending.splice(0);
    try {
      const tip = chain.tip ?? (await readTip(userId));
      const rows: AuditLogTable[] = [];
      let { seq, hash: prevHash } = tip;
      for (const line of batch) {
        seq += 1;
        const row = {
          userId,
          seq,
          ts: line.ts,
          kind: line.kind,
          orderId: line.orderId,
          data: line.data,
          prevHash,
        };
        prevHash = lineHash(row);
        rows.push({ ...row, hash: prevHash });
      }
      await db.insertInto('auditLog').values(rows).execute();
      chain.tip = { seq, hash: prevHash };
    } catch (error) {
      // Kept, in order, ahead of anything appended since; chained again from the stored tip next time.
      chain.pending.unshift(...batch);
      chain.tip = undefined;
      logger.error({ err: error, userId, lines: batch.length }, 'audit trail write failed; retrying');
      setTimeout(() => void writeUser(userId), RETRY_MS).unref();
    }
  };

  const writeUser = (userId: string): Promise<void> => {
    const chain = chainOf(userId);
    chain.writing = chain.writing.then(() => writeBatch(userId, chain));
    return chain.writing;
  };

  const flush = async (): Promise<void> => {
    scheduled = false;
    const writes: Promise<void>[] = [];
    for (const [userId, chain] of chains) if (chain.pending.length > 0) writes.push(writeUser(userId));
    await Promise.all(writes);
  };

  return {
    append(userId, kind, orderId, data) {
      let text: string;
      try {
        // Serialised now: the objects described may change after this call.
        text = canonicalJson(data);
      } catch (error) {
        text = canonicalJson({ unserialisable: String(error) });
      }
      chainOf(userId).pending.push({ ts: clock.now(), kind, orderId, data: text });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    },
    settled: (userId) => writeUser(userId),
    flush,
  };
}
