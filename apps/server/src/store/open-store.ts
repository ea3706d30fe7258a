import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, type Dialect, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import type { Database } from './database';
import { GroupCommitSqliteDialect, registerCommitWriter } from './group-commit';
import { migrateToLatest } from './migrate';
import { withStatementCache } from './statement-cache';

export type StoreDialect = 'sqlite' | 'postgres';

/** The open database: a typed Kysely handle, which engine it runs on, and how to release it. */
export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** PostgreSQL URL; undefined selects SQLite. */
  databaseUrl: string | undefined;
  /** Folder of the default SQLite file `<dataDir>/x-trader.db`. */
  dataDir: string;
  /** SQLite file to use instead of the default one. */
  sqliteFile?: string;
  /** PostgreSQL schema to create (if missing) and put first on the search_path (tests isolate with it). */
  pgSchema?: string;
}

const SQLITE_FILE = 'x-trader.db';
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

const isSafeIdentifier = (name: string) => /^[a-z_][a-z0-9_]{0,62}$/.test(name);

/**
 * The database holds password hashes and sealed broker credentials: only the server's own user may read it.
 * The data folder becomes 0700 and the files 0600, including ones an older version left world-readable. A file
 * named by `sqliteFile` may sit in a shared folder, so only the default data folder itself is locked.
 */
function restrictSqliteFiles(file: string, ownsFolder: boolean): void {
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (ownsFolder) chmodSync(folder, 0o700);
  // Created owner-only before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const part of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(part)) chmodSync(part, 0o600);
}

function sqliteDialect(options: StoreOptions): {
  dialect: GroupCommitSqliteDialect;
  checkpointer: Checkpointer;
} {
  const file = options.sqliteFile ?? path.join(options.dataDir, SQLITE_FILE);
  restrictSqliteFiles(file, options.sqliteFile === undefined);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  // In WAL mode NORMAL still survives a crash of the process (what "no acknowledged order is lost" needs);
  // only an OS crash or power cut can lose the last commits, and it saves an fsync on every order write.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const checkpointer = startCheckpointer(database, file);
  return { dialect: new GroupCommitSqliteDialect(withStatementCache(database), database), checkpointer };
}

function postgresDialect(databaseUrl: string, schema: string | undefined): Dialect {
  // pg returns BIGINT (our epoch-ms timestamps, COUNT) and NUMERIC (SUM of bigint) as strings; every such
  // value here fits a double, so parse them as numbers, per pool rather than by mutating pg's global table.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === PG_INT8 || oid === PG_NUMERIC
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new PostgresDialect({ pool });
}

/** Opens SQLite (default) or PostgreSQL (`databaseUrl`) and applies pending migrations. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const dialect: StoreDialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const schema = options.pgSchema;
  if (schema !== undefined && !isSafeIdentifier(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const sqlite = options.databaseUrl ? undefined : sqliteDialect(options);
  const db = new Kysely<Database>({
    dialect: sqlite?.dialect ?? postgresDialect(options.databaseUrl as string, schema),
    plugins: [new CamelCasePlugin()],
  });
  // Writers that join each group's commit (the audit trail) find it from the handle.
  if (sqlite) registerCommitWriter(db, sqlite.dialect);
  const close = async () => {
    await sqlite?.checkpointer.close();
    await db.destroy();
  };
  try {
    if (dialect === 'postgres' && schema)
      await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    await migrateToLatest(db, dialect === 'postgres' ? (schema ?? 'public') : undefined);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect, close };
}
