import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../store/database';
import type { Lease, LeaseStore } from './lease-store';

// Every expiry is judged on PostgreSQL's clock (statement_timestamp, fixed within one statement), never on an
// instance's, so clock skew between instances cannot make two of them believe they hold one lease.
const NOW_MS = sql<number>`(extract(epoch from statement_timestamp()) * 1000)::bigint`;

interface LeaseRow {
  name: string;
  holder: string;
  epoch: number | string;
  expiresAt: number | string;
}

const toLease = (row: LeaseRow): Lease =>
  Object.freeze({
    name: row.name,
    holder: row.holder,
    epoch: Number(row.epoch),
    expiresAt: Number(row.expiresAt),
  });

/** Leases in the `leases` table of the shared PostgreSQL database (migration 0012). */
export function createPgLeaseStore(db: Kysely<Database>): LeaseStore {
  return {
    async acquire(name, holder, ttlMs) {
      // One statement: insert the first holder, or take over a free/expired row (epoch + 1), or extend our own
      // live one (same epoch). A row held live by someone else matches nothing and returns no row.
      const result = await sql<LeaseRow>`
        insert into leases (name, holder, epoch, expires_at)
        values (${name}, ${holder}, 1, ${NOW_MS} + ${ttlMs})
        on conflict (name) do update set
          epoch = case when leases.holder = excluded.holder and leases.expires_at > ${NOW_MS}
                       then leases.epoch else leases.epoch + 1 end,
          holder = excluded.holder,
          expires_at = excluded.expires_at
        where leases.holder is null or leases.expires_at <= ${NOW_MS} or leases.holder = excluded.holder
        returning name, holder, epoch, expires_at as "expiresAt"`.execute(db);
      const row = result.rows[0];
      return row ? toLease(row) : null;
    },
    async renew(lease, ttlMs) {
      // Expired but not yet taken still renews: nobody else can have written under a newer epoch.
      const result = await sql<LeaseRow>`
        update leases set expires_at = ${NOW_MS} + ${ttlMs}
        where name = ${lease.name} and holder = ${lease.holder} and epoch = ${lease.epoch}
        returning name, holder, epoch, expires_at as "expiresAt"`.execute(db);
      const row = result.rows[0];
      return row ? toLease(row) : null;
    },
    async release(lease) {
      await sql`
        update leases set holder = null, expires_at = 0
        where name = ${lease.name} and holder = ${lease.holder} and epoch = ${lease.epoch}`.execute(db);
    },
    async current(name) {
      const result = await sql<LeaseRow>`
        select name, holder, epoch, expires_at as "expiresAt" from leases
        where name = ${name} and holder is not null and expires_at > ${NOW_MS}`.execute(db);
      const row = result.rows[0];
      return row ? toLease(row) : null;
    },
  };
}

/** A lease row as the fencing check reads it: its epoch and holder (null when released). */
export interface StoredLease {
  epoch: number;
  holder: string | null;
}

/**
 * The stored epoch and holder of lease `name`, read inside a write's own transaction. FOR SHARE holds the lease row
 * until the transaction ends, so a takeover (an UPDATE of that row) waits for this write to commit: every write
 * stamped with epoch E is committed before E + 1 exists.
 */
export async function pgStoredLease(
  trx: Transaction<Database>,
  name: string,
): Promise<StoredLease | undefined> {
  const result = await sql<{ epoch: number | string; holder: string | null }>`
    select epoch, holder from leases where name = ${name} for share`.execute(trx);
  const row = result.rows[0];
  return row && { epoch: Number(row.epoch), holder: row.holder };
}

/** The fencing check of an engine write, inside its transaction: true while `lease` is still the stored holder and epoch. */
export async function pgLeaseStillHeld(trx: Transaction<Database>, lease: Lease): Promise<boolean> {
  const stored = await pgStoredLease(trx, lease.name);
  return stored !== undefined && stored.epoch === lease.epoch && stored.holder === lease.holder;
}

/** `user:*` leases that are free (released) or expired: users whose engine has no running owner. */
export async function pgOrphanedLeases(
  db: Kysely<Database>,
  prefix: string,
  limit: number,
): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select name from leases
    where name like ${`${prefix}%`} and (holder is null or expires_at <= ${NOW_MS})
    order by expires_at limit ${limit}`.execute(db);
  return result.rows.map((row) => row.name);
}

/** How many live `<prefix>*` leases each live instance (present by its `instance:` lease, or holding one) has. */
export async function pgLeaseHoldings(db: Kysely<Database>, prefix: string): Promise<Map<string, number>> {
  const result = await sql<{ holder: string; held: number | string }>`
    select holder, sum(case when name like ${`${prefix}%`} then 1 else 0 end) as held from leases
    where (name like ${`${prefix}%`} or name like 'instance:%') and holder is not null and expires_at > ${NOW_MS}
    group by holder`.execute(db);
  return new Map(result.rows.map((row) => [row.holder, Number(row.held)]));
}

/**
 * Gives a free lease row to every user with engine work stored (a paper account, an order still working, or a
 * connected live-broker session, whose update channel runs on the owner) that has none yet (data from before leases
 * existed), so the sweep finds them and some instance resumes their work.
 */
export async function pgSeedUserLeases(db: Kysely<Database>): Promise<void> {
  await sql`
    insert into leases (name, holder, epoch, expires_at)
    select distinct 'user:' || user_id, null::text, 0, 0 from (
      select user_id from paper_accounts
      union select user_id from orders where status not in ('complete', 'cancelled', 'rejected')
      union select user_id from broker_accounts where status = 'connected'
    ) as engine_users
    on conflict (name) do nothing`.execute(db);
}
