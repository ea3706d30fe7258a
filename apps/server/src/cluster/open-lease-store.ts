import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../store/database';
import type { StoreDialect } from '../store/open-store';
import type { LeaseStore } from './lease-store';
import { createMemoryLeaseStore } from './memory-lease-store';
import { createPgLeaseStore } from './pg-lease-store';

/**
 * PostgreSQL leases when the store is PostgreSQL (the fencing epoch is then checked in the same transaction as
 * the engine write it guards), memory leases on SQLite (one process owns the file, so it owns every lease).
 */
export function openLeaseStore(dialect: StoreDialect, db: Kysely<Database>, clock: Clock): LeaseStore {
  return dialect === 'postgres' ? createPgLeaseStore(db) : createMemoryLeaseStore(clock);
}
