import { type Kysely, SqliteAdapter } from 'kysely';

// The order audit trail (modules/audit): one hash-chained line per order action, per user. Rows are only ever
// inserted.
//
// PostgreSQL: (userId, seq) is the key: the chain's order, and it keeps two writer processes from taking the same
// place in a chain.
//
// SQLite: one process writes, chaining in memory, so no key is needed to keep writers apart; and a (userId, seq)
// index costs each commit one index page per user with lines in it (measured as most of the trail's cost on the order
// path). Lines are appended in rowid order with an index on `ts` (which only grows: one page a commit), and each
// chain's tip is kept in `auditTip` (one small row per user), which the writer reads when it first appends for a user.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('auditLog')
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('ts', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('orderId', 'text')
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('prevHash', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .$call((table) => (sqlite ? table : table.addPrimaryKeyConstraint('auditLogPk', ['userId', 'seq'])))
    .execute();
  if (!sqlite) return;
  await db.schema.createIndex('auditLogTs').on('auditLog').column('ts').execute();
  await db.schema
    .createTable('auditTip')
    .addColumn('userId', 'text', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auditTip').ifExists().execute();
  await db.schema.dropTable('auditLog').execute();
}
