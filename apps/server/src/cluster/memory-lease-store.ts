import type { Clock } from '../clock';
import type { Lease, LeaseStore } from './lease-store';

/**
 * Leases kept in this process: for SQLite (one process owns the database file) and tests. It follows the same
 * rules as the shared stores, so a single process always gets every lease it asks for.
 */
export function createMemoryLeaseStore(clock: Clock): LeaseStore {
  // Released leases keep their epoch so the next holder still gets a larger one.
  const rows = new Map<string, { holder: string | null; epoch: number; expiresAt: number }>();
  const live = (name: string) => {
    const row = rows.get(name);
    return row && row.holder !== null && row.expiresAt > clock.now() ? row : undefined;
  };
  const toLease = (name: string, row: { holder: string | null; epoch: number; expiresAt: number }): Lease =>
    Object.freeze({ name, holder: row.holder as string, epoch: row.epoch, expiresAt: row.expiresAt });

  return {
    async acquire(name, holder, ttlMs) {
      const held = live(name);
      if (held && held.holder !== holder) return null;
      const previous = rows.get(name);
      const epoch = held ? held.epoch : (previous?.epoch ?? 0) + 1;
      const row = { holder, epoch, expiresAt: clock.now() + ttlMs };
      rows.set(name, row);
      return toLease(name, row);
    },
    async renew(lease, ttlMs) {
      // Expired but not yet taken still renews: nobody else can have held it under a newer epoch.
      const row = rows.get(lease.name);
      if (!row || row.holder !== lease.holder || row.epoch !== lease.epoch) return null;
      row.expiresAt = clock.now() + ttlMs;
      return toLease(lease.name, row);
    },
    async release(lease) {
      const row = rows.get(lease.name);
      if (row && row.holder === lease.holder && row.epoch === lease.epoch) row.holder = null;
    },
    async current(name) {
      const row = live(name);
      return row ? toLease(name, row) : null;
    },
  };
}
