import type { Transaction } from 'kysely';
import { DomainError } from '../domain-error';
import type { Logger } from '../logger';
import type { Database } from '../store/database';
import { instanceLeaseName, type Lease, type LeaseStore, userLeaseName } from './lease-store';

/**
 * Which instance runs each user's engine (order workflows, trailing, profit protection, the paper account, broker
 * streams). Clustered (PostgreSQL + Redis), a user's engine runs where the `user:<id>` lease is held: taken by the
 * instance that first serves the user, renewed every quarter of its time to live, taken over by a sweep when its
 * holder stops renewing. Not clustered (one process), this instance owns every user and nothing is stored.
 */
export interface EngineOwnership {
  readonly clustered: boolean;
  readonly instanceId: string;
  /** True while this instance holds the user's lease (always, when not clustered). */
  owns(userId: string): boolean;
  /** This instance's lease of the user, if it holds one. */
  leaseOf(userId: string): Lease | undefined;
  /** Takes the user's lease when it is free (starting the engine here); else names the instance holding it. */
  claim(userId: string): Promise<{ owner: 'self' } | { owner: 'other'; holder: string }>;
  /** Called (awaited, one user at a time) after this instance took a user's lease: load and resume their work. */
  onGained(handler: (userId: string) => Promise<void>): void;
  /** Called when this instance lost or gave up a user's lease: stop their work here. */
  onLost(handler: (userId: string) => Promise<void>): void;
  /**
   * The fencing check of an engine write, inside the write's transaction: throws unless the stored lease of the
   * user is still this instance's (same epoch). No-op when not clustered.
   */
  fence(trx: Transaction<Database>, userId: string): Promise<void>;
  /** Starts renewing and sweeping (taking over users whose holder died). */
  start(): Promise<void>;
  /** Drain: stops every user's engine here and releases their leases at once, so others take them now. */
  releaseAll(): Promise<void>;
  /** Stops the timers without releasing (the leases expire on their own). */
  stop(): Promise<void>;
}

export interface OwnershipDeps {
  instanceId: string;
  leases: LeaseStore;
  logger: Logger;
  ttlMs: number;
  /** Monotonic milliseconds, to stop acting on a lease before PostgreSQL's clock can hand it to someone else. */
  monotonicNow?: () => number;
}

export interface ClusterOwnershipDeps extends OwnershipDeps {
  /** User ids whose lease is free or expired (their engine has no running owner), at most `limit`. */
  orphans(limit: number): Promise<string[]>;
  /** How many user leases each live instance holds now, zero included (for spreading takeovers). */
  holdings(): Promise<Map<string, number>>;
  /** The fencing read in the write's transaction (pgLeaseStillHeld). */
  stillHeld(trx: Transaction<Database>, lease: Lease): Promise<boolean>;
}

/** Thrown by `fence`: the write belongs to an instance that no longer owns the user. */
export const fencedError = (userId: string) =>
  new DomainError('engine_moved', 'This account is now served by another instance; try again', { userId });

/** One process owns everyone: no leases are stored, no timers run. */
export function createSoloOwnership(instanceId: string): EngineOwnership {
  return {
    clustered: false,
    instanceId,
    owns: () => true,
    leaseOf: () => undefined,
    claim: async () => ({ owner: 'self' }),
    onGained() {},
    onLost() {},
    fence: async () => undefined,
    start: async () => undefined,
    releaseAll: async () => undefined,
    stop: async () => undefined,
  };
}

const SWEEP_LIMIT = 200;
const CLAIM_ATTEMPTS = 3;

export function createClusterOwnership(deps: ClusterOwnershipDeps): EngineOwnership {
  const { instanceId, leases, logger, ttlMs } = deps;
  const now = deps.monotonicNow ?? (() => performance.now());
  // Renewals and the takeover sweep run every quarter of the time to live: a lease gets three tries to renew
  // before it can lapse, and a dead instance's users are taken at most a quarter TTL after their leases expire.
  const intervalMs = Math.max(100, Math.floor(ttlMs / 4));
  // A lease counts as ours until this local deadline: the renewal that set it was sent before PostgreSQL stamped
  // its expiry, so the deadline falls before any other instance can take the lease.
  const held = new Map<string, { lease: Lease; deadline: number }>();
  const gainedHandlers: Array<(userId: string) => Promise<void>> = [];
  const lostHandlers: Array<(userId: string) => Promise<void>> = [];
  // Starting a user's engine happens once, even when a request and the sweep take the lease together.
  const starting = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let stopped = false;

  const gain = (userId: string, lease: Lease, sentAt: number): Promise<void> => {
    held.set(userId, { lease, deadline: sentAt + ttlMs });
    let run = starting.get(userId);
    if (!run) {
      run = (async () => {
        logger.info({ userId, epoch: lease.epoch }, 'engine lease taken');
        for (const handler of gainedHandlers) {
          await handler(userId).catch((error: unknown) =>
            logger.error({ err: error, userId }, 'starting a user engine failed'),
          );
        }
      })().finally(() => starting.delete(userId));
      starting.set(userId, run);
    }
    return run;
  };

  const lose = async (userId: string, why: string) => {
    if (!held.delete(userId)) return;
    logger.warn({ userId, why }, 'engine lease lost');
    for (const handler of lostHandlers) {
      await handler(userId).catch((error: unknown) =>
        logger.error({ err: error, userId }, 'stopping a user engine failed'),
      );
    }
  };

  const owns = (userId: string) => {
    const entry = held.get(userId);
    return entry !== undefined && entry.deadline > now();
  };

  // The instance's own presence lease: the others count it when sharing out orphaned users, even while it owns none.
  let presence: Lease | undefined;
  const renewPresence = async () => {
    presence =
      (presence && (await leases.renew(presence, ttlMs))) ??
      (await leases.acquire(instanceLeaseName(instanceId), instanceId, ttlMs)) ??
      undefined;
  };

  const renewAll = async () => {
    await renewPresence().catch((error: unknown) => logger.warn({ err: error }, 'presence renewal failed'));
    await Promise.all(
      [...held].map(async ([userId, entry]) => {
        const sentAt = now();
        try {
          const renewed = await leases.renew(entry.lease, ttlMs);
          if (renewed) held.set(userId, { lease: renewed, deadline: sentAt + ttlMs });
          else await lose(userId, 'taken by another instance');
        } catch (error) {
          // The store is unreachable: keep trying until the local deadline passes, then stop the engine here.
          logger.warn({ err: error, userId }, 'lease renewal failed');
          if (entry.deadline <= now()) await lose(userId, 'not renewed in time');
        }
      }),
    );
  };

  // Takes over users whose holder stopped renewing, up to this instance's fair share of all user leases, so
  // the users of a dead instance spread over the living ones.
  const sweep = async () => {
    const orphans = await deps.orphans(SWEEP_LIMIT);
    if (orphans.length === 0) return;
    const holdings = await deps.holdings();
    holdings.set(instanceId, held.size);
    const total = [...holdings.values()].reduce((sum, n) => sum + n, 0) + orphans.length;
    const share = Math.ceil(total / holdings.size);
    let room = Math.max(1, share - held.size);
    for (const userId of orphans) {
      if (room <= 0 || stopped) break;
      const sentAt = now();
      const lease = await leases.acquire(userLeaseName(userId), instanceId, ttlMs);
      if (!lease) continue;
      room -= 1;
      await gain(userId, lease, sentAt);
    }
  };

  const tick = async () => {
    try {
      await renewAll();
      if (!stopped) await sweep();
    } catch (error) {
      logger.warn({ err: error }, 'lease sweep failed');
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick().finally(() => {
        ticking = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref?.();
  };

  return {
    clustered: true,
    instanceId,
    owns,
    leaseOf: (userId) => (owns(userId) ? held.get(userId)?.lease : undefined),
    async claim(userId) {
      // A lease freed between the take and the read is tried again, a few times, rather than sent nowhere.
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        if (owns(userId)) {
          await starting.get(userId);
          return { owner: 'self' };
        }
        const sentAt = now();
        const lease = await leases.acquire(userLeaseName(userId), instanceId, ttlMs);
        if (lease) {
          await gain(userId, lease, sentAt);
          return { owner: 'self' };
        }
        const current = await leases.current(userLeaseName(userId));
        if (current) return { owner: 'other', holder: current.holder };
      }
      throw fencedError(userId);
    },
    onGained(handler) {
      gainedHandlers.push(handler);
    },
    onLost(handler) {
      lostHandlers.push(handler);
    },
    async fence(trx, userId) {
      const lease = held.get(userId)?.lease;
      if (!lease || !(await deps.stillHeld(trx, lease))) throw fencedError(userId);
    },
    async start() {
      stopped = false;
      await tick();
      schedule();
    },
    async releaseAll() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      if (presence) await leases.release(presence).catch(() => undefined);
      presence = undefined;
      const users = [...held.entries()];
      for (const [userId, entry] of users) {
        await lose(userId, 'released');
        await leases
          .release(entry.lease)
          .catch((error: unknown) => logger.warn({ err: error, userId }, 'lease release failed'));
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
    },
  };
}
