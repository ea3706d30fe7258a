import type { Kysely } from 'kysely';
import type { Bus } from '../bus/bus';
import type { Logger } from '../logger';
import type { Database } from '../store/database';
import type { StoreDialect } from '../store/open-store';
import type { LeaseStore } from './lease-store';
import { createClusterOwnership, createSoloOwnership, type EngineOwnership } from './ownership';
import { pgLeaseHoldings, pgOrphanedLeases, pgSeedUserLeases, pgStoredLease } from './pg-lease-store';

const USER_PREFIX = 'user:';

/**
 * Clustered ownership when instances can share work: PostgreSQL (shared store and leases) and a Redis bus
 * (commands forwarded to the owner). Anything else is one process owning every user, as before leases.
 */
export async function openOwnership(deps: {
  instanceId: string;
  leaseTtlMs: number;
  rebalanceUsers?: number;
  rebalanceIntervalMs?: number;
  dialect: StoreDialect;
  db: Kysely<Database>;
  bus: Bus;
  leases: LeaseStore;
  logger: Logger;
}): Promise<EngineOwnership> {
  if (deps.dialect !== 'postgres' || deps.bus.kind !== 'redis') return createSoloOwnership(deps.instanceId);
  await pgSeedUserLeases(deps.db);
  return createClusterOwnership({
    instanceId: deps.instanceId,
    leases: deps.leases,
    logger: deps.logger,
    ttlMs: deps.leaseTtlMs,
    rebalance: { users: deps.rebalanceUsers ?? 0, intervalMs: deps.rebalanceIntervalMs ?? 5000 },
    orphans: async (limit) =>
      (await pgOrphanedLeases(deps.db, USER_PREFIX, limit)).map((name) => name.slice(USER_PREFIX.length)),
    holdings: () => pgLeaseHoldings(deps.db, USER_PREFIX),
    storedLease: pgStoredLease,
  });
}
