import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../store/database';
import { type ChainBreak, chainChecker } from './chain';
import type { AuditLogTable } from './tables';

const PAGE = 5000;

export interface VerifyResult {
  users: number;
  lines: number;
  /** The first broken line of each user whose chain is broken, in user order. */
  breaks: ChainBreak[];
}

/** Walks every user's chain in the store, a page at a time (the trail grows without bound). */
export async function verifyAuditTrail(db: Kysely<Database>): Promise<VerifyResult> {
  return db.getExecutor().adapter instanceof SqliteAdapter ? verifyInRowOrder(db) : verifyByKey(db);
}

/** PostgreSQL: the lines in key order, (userId, seq), a page at a time. */
async function verifyByKey(db: Kysely<Database>): Promise<VerifyResult> {
  const result: VerifyResult = { users: 0, lines: 0, breaks: [] };
  let checker: ReturnType<typeof chainChecker> | undefined;
  let currentUser: string | undefined;
  let brokenUser = false;
  let after: { userId: string; seq: number } | undefined;
  for (;;) {
    const position = after;
    const page = await db
      .selectFrom('auditLog')
      .selectAll()
      .$if(position !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('userId', '>', position?.userId as string),
            eb.and([eb('userId', '=', position?.userId as string), eb('seq', '>', position?.seq as number)]),
          ]),
        ),
      )
      .orderBy('userId')
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    for (const line of page) {
      if (line.userId !== currentUser) {
        currentUser = line.userId;
        checker = chainChecker(line.userId);
        brokenUser = false;
        result.users += 1;
      }
      result.lines += 1;
      const broken = checker?.next(line);
      if (broken && !brokenUser) {
        brokenUser = true;
        result.breaks.push(broken);
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return result;
    after = { userId: last.userId, seq: Number(last.seq) };
  }
}

/**
 * SQLite: the table has no (userId, seq) key (see migration 0011), so the lines are read in the order they were
 * stored (rowid), a page at a time, each user's chain checked as its lines come. A line stored after later lines of
 * its user (a retried insert) is held until the lines before it have come; whatever is still held at the end follows
 * a gap, which the checker then names.
 */
async function verifyInRowOrder(db: Kysely<Database>): Promise<VerifyResult> {
  const chains = new Map<
    string,
    {
      checker: ReturnType<typeof chainChecker>;
      next: number;
      held: Map<number, AuditLogTable>;
      broken?: ChainBreak;
    }
  >();
  let lines = 0;
  const check = (chain: NonNullable<ReturnType<typeof chains.get>>, line: AuditLogTable) => {
    const broken = chain.checker.next(line);
    chain.broken ??= broken;
    chain.next = Number(line.seq) + 1;
  };
  let after = 0;
  for (;;) {
    const { rows } = await sql<AuditLogTable & { rowNumber: number }>`
      select rowid as row_number, * from audit_log where rowid > ${after} order by rowid limit ${PAGE}`.execute(
      db,
    );
    for (const { rowNumber, ...line } of rows) {
      after = rowNumber;
      lines += 1;
      let chain = chains.get(line.userId);
      if (!chain) {
        chain = { checker: chainChecker(line.userId), next: 1, held: new Map() };
        chains.set(line.userId, chain);
      }
      const seq = Number(line.seq);
      if (seq > chain.next) {
        chain.held.set(seq, line);
        continue;
      }
      check(chain, line);
      for (let held = chain.held.get(chain.next); held; held = chain.held.get(chain.next)) {
        chain.held.delete(chain.next);
        check(chain, held);
      }
    }
    if (rows.length < PAGE) break;
  }
  const breaks: ChainBreak[] = [];
  for (const chain of chains.values()) {
    // Lines still held follow a missing one: the first of them breaks the chain.
    const first = [...chain.held.keys()].sort((a, b) => a - b)[0];
    if (first !== undefined) check(chain, chain.held.get(first) as AuditLogTable);
    if (chain.broken) breaks.push(chain.broken);
  }
  breaks.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return { users: chains.size, lines, breaks };
}
