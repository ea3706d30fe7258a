import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../store/database';
import { type AuditAnchor, compareWithAnchor } from './anchor';
import { type ChainBreak, type ChainEnd, type ChainWalk, chainChecker } from './chain';
import type { AuditLogTable } from './tables';

const PAGE = 5000;

export interface VerifyResult {
  users: number;
  lines: number;
  /** The first broken line of each user whose chain is broken, in user order. */
  breaks: ChainBreak[];
  /** Where each intact chain ends (what an anchor records). Broken chains are left out. */
  ends: Map<string, ChainEnd>;
}

/**
 * Walks every user's chain in the store, a page at a time (the trail grows without bound). On SQLite each chain must
 * also end exactly at its stored tip (`auditTip`, written with the lines): lines removed from the end of a chain leave
 * nothing after them to point at the gap, but the tip still names the last line. With an anchor (the chain ends an
 * operator kept from an earlier run), each anchored line must still be in its chain, unchanged: that finds an end
 * removed together with its tip row, and a truncation on PostgreSQL (which keeps no tip).
 */
export async function verifyAuditTrail(db: Kysely<Database>, anchor?: AuditAnchor): Promise<VerifyResult> {
  const chains = new Map<string, ChainWalk>();
  const open = (userId: string): ChainWalk => {
    let chain = chains.get(userId);
    if (!chain) {
      chain = { checker: chainChecker(userId), seen: new Map() };
      chains.set(userId, chain);
    }
    return chain;
  };
  const check = (chain: ChainWalk, line: AuditLogTable) => {
    chain.broken ??= chain.checker.next(line);
    const seq = Number(line.seq);
    chain.end = { seq, hash: line.hash };
    if (anchor?.get(line.userId)?.seq === seq) chain.seen.set(seq, line.hash);
  };
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const lines = sqlite ? await walkInRowOrder(db, open, check) : await walkByKey(db, open, check);
  if (sqlite) await compareWithTips(db, chains);
  if (anchor) compareWithAnchor(anchor, chains);
  const breaks: ChainBreak[] = [];
  const ends = new Map<string, ChainEnd>();
  for (const [userId, chain] of chains) {
    if (chain.broken) breaks.push(chain.broken);
    else if (chain.end) ends.set(userId, chain.end);
  }
  breaks.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return { users: [...chains.values()].filter((chain) => chain.end).length, lines, breaks, ends };
}

type Open = (userId: string) => ChainWalk;
type Check = (chain: ChainWalk, line: AuditLogTable) => void;

/** PostgreSQL: the lines in key order, (userId, seq), a page at a time. */
async function walkByKey(db: Kysely<Database>, open: Open, check: Check): Promise<number> {
  let lines = 0;
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
      lines += 1;
      check(open(line.userId), line);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return lines;
    after = { userId: last.userId, seq: Number(last.seq) };
  }
}

/**
 * SQLite: the table has no (userId, seq) key (see migration 0011), so the lines are read in the order they were
 * stored (rowid), a page at a time, each user's chain checked as its lines come. A line stored after later lines of
 * its user (a retried insert) is held until the lines before it have come; whatever is still held at the end follows
 * a gap, which the checker then names.
 */
async function walkInRowOrder(db: Kysely<Database>, open: Open, check: Check): Promise<number> {
  const waiting = new Map<ChainWalk, { next: number; held: Map<number, AuditLogTable> }>();
  let lines = 0;
  let after = 0;
  for (;;) {
    const { rows } = await sql<AuditLogTable & { rowNumber: number }>`
      select rowid as row_number, * from audit_log where rowid > ${after} order by rowid limit ${PAGE}`.execute(
      db,
    );
    for (const { rowNumber, ...line } of rows) {
      after = rowNumber;
      lines += 1;
      const chain = open(line.userId);
      let order = waiting.get(chain);
      if (!order) {
        order = { next: 1, held: new Map() };
        waiting.set(chain, order);
      }
      const seq = Number(line.seq);
      if (seq > order.next) {
        order.held.set(seq, line);
        continue;
      }
      check(chain, line);
      order.next = seq + 1;
      for (let held = order.held.get(order.next); held; held = order.held.get(order.next)) {
        order.held.delete(order.next);
        check(chain, held);
        order.next += 1;
      }
    }
    if (rows.length < PAGE) break;
  }
  for (const [chain, order] of waiting) {
    // Lines still held follow a missing one: the first of them breaks the chain.
    const first = [...order.held.keys()].sort((a, b) => a - b)[0];
    if (first !== undefined) check(chain, order.held.get(first) as AuditLogTable);
  }
  return lines;
}

/**
 * SQLite: each chain must end at its tip, exactly. The writer stores a chain's lines and its tip in one savepoint and
 * never moves a tip back, so a stored chain always ends at its tip: a chain that stops short lost its last lines; a
 * chain past its tip (or with no tip) has lines the server did not write; a tip with no lines lost all of them.
 */
async function compareWithTips(db: Kysely<Database>, chains: Map<string, ChainWalk>): Promise<void> {
  const tips = new Map<string, ChainEnd>();
  let after: string | undefined;
  for (;;) {
    const position = after;
    const page = await db
      .selectFrom('auditTip')
      .selectAll()
      .$if(position !== undefined, (query) => query.where('userId', '>', position as string))
      .orderBy('userId')
      .limit(PAGE)
      .execute();
    for (const tip of page) tips.set(tip.userId, { seq: Number(tip.seq), hash: tip.hash });
    after = page.at(-1)?.userId;
    if (page.length < PAGE) break;
  }
  for (const [userId, tip] of tips) {
    const chain: ChainWalk = chains.get(userId) ?? { checker: chainChecker(userId), seen: new Map() };
    chains.set(userId, chain);
    if (chain.broken) continue;
    const endSeq = chain.end?.seq ?? 0;
    if (endSeq < tip.seq)
      chain.broken = {
        userId,
        seq: endSeq + 1,
        reason: `the chain ends at line ${endSeq} but its stored tip is line ${tip.seq} (its last lines were removed)`,
      };
    else if (endSeq > tip.seq)
      chain.broken = {
        userId,
        seq: tip.seq + 1,
        reason: `the chain goes on past its stored tip, line ${tip.seq} (lines the server did not write)`,
      };
    else if (chain.end?.hash !== tip.hash)
      chain.broken = {
        userId,
        seq: endSeq,
        reason: 'the last line is not the one stored as the tip (the end of the chain was replaced)',
      };
  }
  for (const [userId, chain] of chains) {
    if (chain.broken || tips.has(userId) || !chain.end) continue;
    chain.broken = {
      userId,
      seq: 1,
      reason:
        'the chain has no stored tip (its tip was removed, or its lines were not written by the server)',
    };
  }
}
