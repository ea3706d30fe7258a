/**
 * A named, expiring, exclusive lease with a fencing epoch. One holder at a time; the epoch grows by one each time
 * the lease changes hands (never when the same holder renews), so a write stamped with an older epoch can be
 * recognised and refused after the lease has moved (see docs/cluster.md).
 *
 * Names in use: `user:<userId>` (the instance running that user's engine), `leader:prices` (the instance running
 * the cluster's price stream), `instance:<instanceId>` (a running instance's presence).
 */
export interface Lease {
  readonly name: string;
  readonly holder: string;
  readonly epoch: number;
  /** Epoch ms, on the lease store's clock (PostgreSQL's for the PostgreSQL store). */
  readonly expiresAt: number;
}

export interface LeaseStore {
  /** Takes `name` for `holder` when free or expired (epoch + 1), or renews it when `holder` already holds it
   *  (same epoch). Null when another holder has it. */
  acquire(name: string, holder: string, ttlMs: number): Promise<Lease | null>;
  /** Extends a held lease; null when it was lost (expired and taken, or released). */
  renew(lease: Lease, ttlMs: number): Promise<Lease | null>;
  /** Gives it up at once (drain); others may take it with epoch + 1. */
  release(lease: Lease): Promise<void>;
  /** Who holds it now (null when free or expired). */
  current(name: string): Promise<Lease | null>;
}

/** The lease name of a user's engine. */
export const userLeaseName = (userId: string) => `user:${userId}`;

/** The presence lease of a running instance (renewed with its users' leases; counted when sharing users out). */
export const instanceLeaseName = (instanceId: string) => `instance:${instanceId}`;

/** The lease name of the cluster's single price stream. */
export const PRICES_LEADER_LEASE = 'leader:prices';
