import { setImmediate } from 'node:timers';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase as KyselySqliteDatabase,
  type QueryResult,
  SqliteDialect,
} from 'kysely';

/**
 * Group commit for SQLite. A commit is most of what a small write costs (the WAL frames are written out each
 * time): an update that takes 1-2 µs inside a transaction takes 15-40 µs on its own, and an order is about
 * eight writes. So writes are not committed one by one: the first write opens a transaction, every write issued
 * until the event loop's next check phase joins it, and one COMMIT then ends them all (under load, the writes of
 * every request that arrived in one poll of the loop).
 *
 * Nothing is acknowledged early: a write's promise resolves only once the COMMIT that carries it has returned, so
 * "persisted before acknowledged" holds exactly as with autocommit. What changes:
 * - A statement that fails (a unique violation, say) fails alone, as SQLite undoes just that statement; the rest
 *   of its group commits. Only a failure of the whole transaction (a failed COMMIT, an I/O error) fails every
 *   write of the group, and none of them is stored.
 * - A read sees the writes of the open group (one connection, as before), a few microseconds before they commit.
 * - An explicit transaction (`db.transaction()`) becomes a savepoint inside the group: its statements run alone
 *   (other queries wait for it, as with Kysely's own driver), ROLLBACK undoes only its work, and its commit
 *   resolves when the group commits. Transactions run strictly one at a time, in the order they began: the hold
 *   passes from one to the next through a queue, never through a moment in which two waiters could both take it.
 * - PRAGMA, VACUUM and the like commit the open group first and run on their own.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  /** The driver Kysely created (one per Kysely instance), for `commitWriterOf`. */
  driver: GroupCommitDriver | undefined;

  constructor(
    private readonly statements: KyselySqliteDatabase,
    private readonly database: SqliteDatabase,
  ) {
    super({ database: statements });
  }

  override createDriver(): Driver {
    this.driver = new GroupCommitDriver(this.statements, this.database);
    return this.driver;
  }
}

/** Synchronous statements on the group's connection, inside its open transaction. */
export interface SyncSql {
  all(sql: string, parameters: readonly unknown[]): unknown[];
  run(sql: string, parameters: readonly unknown[]): void;
}

/**
 * Writes that join a group at its very end: `write` runs synchronously right before the group's COMMIT, in the
 * same transaction. A writer that collects many small rows during a turn of the event loop (the audit trail) thus
 * stores them with one statement and no commit of its own.
 */
export interface CommitWriter {
  /**
   * Runs `write` just before the next COMMIT (a group is opened if none is, so that COMMIT comes this turn).
   * Resolves once that COMMIT has returned; rejects if `write` threw (SQLite undid its statement alone, the rest of
   * the group commits) or the COMMIT failed (nothing of the group is stored).
   */
  beforeNextCommit(write: (sql: SyncSql) => void): Promise<void>;
}

const writers = new WeakMap<object, CommitWriter>();

/** Makes `db` (a Kysely instance over `dialect`) answer `commitWriterOf`. */
export function registerCommitWriter(db: object, dialect: GroupCommitSqliteDialect): void {
  const { driver } = dialect;
  if (driver) writers.set(db, driver);
}

/** The pre-commit writer of a store on group-commit SQLite; undefined on any other store (PostgreSQL). */
export const commitWriterOf = (db: object): CommitWriter | undefined => writers.get(db);

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

/** The statements that write: they join the group. Everything else that is not read-only runs on its own. */
const GROUPED_WRITE = /^\s*(insert|update|delete|replace|with)\b/i;
const EXPLICIT = 'xt_explicit';

class Connection implements DatabaseConnection {
  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  // Rows are read at once: an open iterator would hold the one connection across the awaits between rows.
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    await this.driver.turn(this);
    const statement = this.driver.prepare(query.sql);
    if (!statement.reader) throw new Error('SQLite streams only queries that return rows');
    for (const row of statement.all(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

function run(statement: Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

type PreCommit = Waiter & { write: (sql: SyncSql) => void };

class GroupCommitDriver implements Driver, CommitWriter {
  /** Writers waiting for the open group's COMMIT; undefined when no group is open. */
  private group: Waiter[] | undefined;
  /** Writes to run right before the next COMMIT (`beforeNextCommit`). */
  private preCommit: PreCommit[] = [];
  private readonly sync: SyncSql = {
    all: (text, parameters) => this.prepare(text).all(parameters as unknown[]),
    run: (text, parameters) => {
      this.prepare(text).run(parameters as unknown[]);
    },
  };
  /** The connection running an explicit transaction; every other connection waits for it. */
  private holder: Connection | undefined;
  /**
   * Transactions waiting for the hold, first come first served. The hold is handed to the next one directly (no
   * moment in which it is free), so two waiters can never both see it free and both start.
   */
  private readonly transactionsWaiting: { connection: Connection; start: () => void }[] = [];
  /** Resolved (and replaced) whenever no transaction holds or waits: plain statements wait for that. */
  private idle: Promise<void> = Promise.resolve();
  private wakeStatements: (() => void) | undefined;
  /** The group's turn to commit came while an explicit transaction was open: commit when it ends. */
  private commitWhenFree = false;
  private readonly control: Record<'begin' | 'commit' | 'rollback', Statement>;

  constructor(
    private readonly statements: KyselySqliteDatabase,
    private readonly database: SqliteDatabase,
  ) {
    this.control = {
      begin: database.prepare('begin'),
      commit: database.prepare('commit'),
      rollback: database.prepare('rollback'),
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // An explicit transaction that was never ended (its commit or rollback threw) must not block everyone.
    if (this.holder === connection) this.release();
  }

  prepare(sql: string): Statement {
    return this.statements.prepare(sql) as unknown as Statement;
  }

  /** Resolves when `connection` may run statements: no other connection is inside an explicit transaction. */
  async turn(connection: Connection): Promise<void> {
    while (this.holder !== undefined && this.holder !== connection) await this.idle;
  }

  execute(connection: Connection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (this.holder !== undefined && this.holder !== connection) {
      return this.turn(connection).then(() => this.execute(connection, query));
    }
    try {
      const statement = this.prepare(query.sql);
      const parameters = query.parameters as readonly unknown[];
      // Inside an explicit transaction, or a read: run now (a read inside the open group sees its writes).
      if (this.holder === connection || statement.readonly) {
        return Promise.resolve(run(statement, parameters));
      }
      if (!GROUPED_WRITE.test(query.sql)) {
        this.commitGroup();
        return Promise.resolve(run(statement, parameters));
      }
      return this.write(statement, parameters);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Runs a write inside the open group (opening one if needed); resolves once the group has committed. */
  private write(statement: Statement, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    const group = this.openGroup();
    let result: QueryResult<unknown>;
    try {
      result = run(statement, parameters);
    } catch (error) {
      // SQLite undid this statement alone, unless the error ended the whole transaction.
      if (!this.database.inTransaction) this.failGroup(group, error);
      throw error;
    }
    return new Promise((resolve, reject) => group.push({ resolve: () => resolve(result), reject }));
  }

  beforeNextCommit(write: (sql: SyncSql) => void): Promise<void> {
    try {
      this.openGroup();
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => this.preCommit.push({ write, resolve, reject }));
  }

  /** Runs the pre-commit writes inside the group; each joins the group's waiters, or fails alone. */
  private runPreCommit(group: Waiter[]): void {
    const writes = this.preCommit;
    this.preCommit = [];
    for (const { write, resolve, reject } of writes) {
      try {
        write(this.sync);
        group.push({ resolve, reject });
      } catch (error) {
        reject(error);
      }
    }
  }

  private openGroup(): Waiter[] {
    if (this.group) return this.group;
    this.control.begin.run();
    const group: Waiter[] = [];
    this.group = group;
    setImmediate(() => {
      if (this.group === group) this.commitGroup();
    });
    return group;
  }

  private commitGroup(): void {
    const group = this.group;
    if (!group) return;
    if (this.holder) {
      this.commitWhenFree = true;
      return;
    }
    this.runPreCommit(group);
    this.group = undefined;
    try {
      // A pre-commit write whose error ended the transaction: the group is lost (as in `write`).
      if (!this.database.inTransaction) throw new Error('The group was rolled back');
      this.control.commit.run();
    } catch (error) {
      if (this.database.inTransaction) this.control.rollback.run();
      for (const waiter of group) waiter.reject(error);
      return;
    }
    for (const waiter of group) waiter.resolve();
  }

  private failGroup(group: Waiter[], error: unknown): void {
    if (this.group === group) this.group = undefined;
    for (const waiter of group) waiter.reject(error);
    // Pre-commit writes not yet run go with a group of their own.
    if (this.preCommit.length > 0 && !this.group) {
      try {
        this.openGroup();
      } catch (failure) {
        for (const waiter of this.preCommit.splice(0)) waiter.reject(failure);
      }
    }
  }

  /** Takes the hold for `connection` at once when nobody holds it, else queues for it (first come first served). */
  private acquireHold(connection: Connection): Promise<void> {
    if (this.holder === undefined) {
      this.hold(connection);
      return Promise.resolve();
    }
    return new Promise((start) => this.transactionsWaiting.push({ connection, start }));
  }

  private hold(connection: Connection): void {
    if (this.holder === undefined) {
      this.idle = new Promise((resolve) => {
        this.wakeStatements = resolve;
      });
    }
    this.holder = connection;
  }

  /** Ends the hold: the next waiting transaction gets it in the same step; with none, plain statements go on. */
  private release(): void {
    this.holder = undefined;
    // A commit put off while the transaction ran goes first, so the next transaction starts a group of its own.
    if (this.commitWhenFree) {
      this.commitWhenFree = false;
      this.commitGroup();
    }
    const next = this.transactionsWaiting.shift();
    if (next) {
      this.holder = next.connection;
      next.start();
      return;
    }
    const wake = this.wakeStatements;
    this.wakeStatements = undefined;
    wake?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as Connection;
    // Taking the hold and starting the savepoint happen with no await between them and other transactions' work.
    await this.acquireHold(own);
    try {
      this.openGroup();
      this.prepare(`savepoint ${EXPLICIT}`).run();
    } catch (error) {
      this.release();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.holder !== connection) throw new Error('No transaction is open on this connection');
    const group = this.group;
    if (!group) {
      // The whole group failed while the transaction ran; its statements' errors were already thrown.
      this.release();
      throw new Error('The transaction was rolled back');
    }
    this.prepare(`release ${EXPLICIT}`).run();
    const committed = new Promise<void>((resolve, reject) => group.push({ resolve, reject }));
    this.release();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.holder !== connection) return;
    if (this.group && this.database.inTransaction) {
      this.prepare(`rollback to ${EXPLICIT}`).run();
      this.prepare(`release ${EXPLICIT}`).run();
    }
    this.release();
  }

  // Savepoints inside an explicit transaction (Kysely's `trx.savepoint()`); names are quoted identifiers.
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.savepointCommand(connection, 'savepoint', name);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.savepointCommand(connection, 'rollback to', name);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.savepointCommand(connection, 'release', name);
  }

  private savepointCommand(connection: DatabaseConnection, verb: string, name: string): void {
    if (this.holder !== connection) throw new Error('Savepoints need an open transaction');
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid savepoint name: ${name}`);
    this.prepare(`${verb} "${name}"`).run();
  }

  async destroy(): Promise<void> {
    if (this.holder) await this.rollbackTransaction(this.holder);
    this.commitGroup();
    this.statements.close();
  }
}
