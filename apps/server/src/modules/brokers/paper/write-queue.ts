import type { Kysely, Transaction } from 'kysely';
import type { Logger } from '../../../logger';
import type { Database } from '../../../store/database';

export type WriteOp = (trx: Transaction<Database>) => Promise<void>;

/** The fencing check of a user's writes (cluster/ownership.ts): throws when another instance owns the user now. */
export type WriteFence = (trx: Transaction<Database>, userId: string) => Promise<void>;

interface Pending {
  op: WriteOp;
  /** The users whose state the op writes: each is fenced in the op's transaction. */
  userIds: readonly string[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Serialises the paper exchange's writes in the order its in-memory state changed, and writes whatever queued up
 * while the previous transaction ran in one transaction, so a burst of fills costs one transaction. A batch that
 * fails is retried one write per transaction, so one bad write cannot sink the others.
 *
 * The queue batches statements, not commits. On SQLite its transaction is a savepoint inside the store's group
 * commit (`store/group-commit.ts`), which alone issues COMMIT, for the order engine's writes and these alike; on
 * PostgreSQL each batch is one transaction. One transaction per change instead (leaving all grouping to the store)
 * was measured 1.5-3x slower on a burst of 2,000 changes: a savepoint, its release and the hand-over of the
 * connection per change cost more than the statements.
 */
export class WriteQueue {
  private pending: Pending[] = [];
  private flushing: Promise<void> | undefined;
  /** Writes that could not be committed since start (health and tests). */
  failures = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    private readonly fence?: WriteFence,
  ) {}

  /** Resolves once `op` is committed; refused (fenced) when this instance no longer owns one of `userIds`. */
  enqueue(op: WriteOp, userIds: readonly string[] = []): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ op, userIds, resolve, reject });
      if (!this.flushing) this.flushing = this.drain();
    });
  }

  /** Resolves when everything queued so far is written. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain(): Promise<void> {
    // Let the current synchronous burst finish queueing before the first commit.
    await Promise.resolve();
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      await this.commit(batch);
    }
    this.flushing = undefined;
  }

  private async fenceAll(trx: Transaction<Database>, batch: readonly Pending[]): Promise<void> {
    if (!this.fence) return;
    for (const userId of new Set(batch.flatMap((item) => item.userIds))) await this.fence(trx, userId);
  }

  private async commit(batch: Pending[]): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.fenceAll(trx, batch);
        for (const item of batch) await item.op(trx);
      });
      for (const item of batch) item.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        this.fail(batch[0]!, error);
        return;
      }
    }
    for (const item of batch) {
      try {
        await this.db.transaction().execute(async (trx) => {
          await this.fenceAll(trx, [item]);
          await item.op(trx);
        });
        item.resolve();
      } catch (error) {
        this.fail(item, error);
      }
    }
  }

  private fail(item: Pending, error: unknown): void {
    this.failures += 1;
    this.logger.error({ err: error }, 'paper exchange write failed');
    item.reject(error);
  }
}
