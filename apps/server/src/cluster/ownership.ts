import type { Transaction } from 'kysely';
import type { Logger } from '../logger';
import type { Database } from '../store/database';
import { drainingError, type EngineOwnership, fencedError } from './engine-ownership';
import { instanceLeaseName, type Lease, type LeaseStore, userLeaseName } from './lease-store';
import type { StoredLease } from './pg-lease-store';
import { usersToHandOff } from './rebalance';

export { createSoloOwnership, type EngineOwnership, fencedError } from './engine-ownership';

export interface OwnershipDeps {
  instanceId: string;
  leases: LeaseStore;
  logger: Logger;
  ttlMs: number;
  /** Monotonic milliseconds, to stop acting on a lease before PostgreSQL's clock can hand it to someone else. */
  monotonicNow?: () => number;
  /** Rebalancing: at most `users` idle users handed off per `intervalMs` while above the fair share (0: never). */
  rebalance?: { users: number; intervalMs: number };
}

export interface ClusterOwnershipDeps extends OwnershipDeps {
  /** User ids whose lease is free or expired (their engine has no running owner), at most `limit`. */
  orphans(limit: number): Promise<string[]>;
  /** How many user leases each live instance holds now, zero included (for spreading takeovers). */
  holdings(): Promise<Map<string, number>>;
  /** The fencing read in the write's transaction: the lease row's epoch and holder (pgStoredLease). */
  storedLease(trx: Transaction<Database>, name: string): Promise<StoredLease | undefined>;
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
  // Set by releaseAll (a drain): this instance never takes a user again, by request or by sweep.
  let draining = false;
  // Commands running here per user (requests past the ownership check): such a user is not handed off.
  const inFlight = new Map<string, number>();
  // Users being handed off (engine stopping, then lease released): a claim meanwhile waits for it to finish.
  const handingOff = new Map<string, Promise<void>>();
  // Users this instance handed off, until when (monotonic): its sweep leaves them to the instance they are for.
  const handedOff = new Map<string, number>();
  const rebalanceUsers = deps.rebalance?.users ?? 0;
  const rebalanceEveryMs = deps.rebalance?.intervalMs ?? 5000;
  let nextRebalanceAt = 0;

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
      if ((handedOff.get(userId) ?? 0) > now()) continue;
      const sentAt = now();
      const lease = await leases.acquire(userLeaseName(userId), instanceId, ttlMs);
      if (!lease) continue;
      room -= 1;
      await gain(userId, lease, sentAt);
    }
  };

  // Gives an idle user away: their engine stops here, then the lease is released for an instance below its share
  // to take at its next sweep (this one's sweep leaves them alone for a while).
  const handOff = (userId: string) => {
    const entry = held.get(userId);
    if (!entry || handingOff.has(userId)) return;
    handedOff.set(userId, now() + 4 * ttlMs);
    const run = (async () => {
      await lose(userId, 'handed off to rebalance');
      await leases
        .release(entry.lease)
        .catch((error: unknown) => logger.warn({ err: error, userId }, 'lease release failed'));
    })().finally(() => handingOff.delete(userId));
    handingOff.set(userId, run);
  };

  const rebalance = async () => {
    if (rebalanceUsers <= 0 || now() < nextRebalanceAt) return;
    nextRebalanceAt = now() + rebalanceEveryMs;
    for (const [userId, until] of handedOff) if (until <= now()) handedOff.delete(userId);
    const holdings = await deps.holdings();
    holdings.set(instanceId, held.size);
    const chosen = usersToHandOff({
      self: instanceId,
      held: [...held.keys()],
      holdings,
      busy: (userId) => (inFlight.get(userId) ?? 0) > 0 || starting.has(userId),
      max: rebalanceUsers,
    });
    if (chosen.length > 0) logger.info({ users: chosen.length }, 'handing users off to rebalance');
    for (const userId of chosen) handOff(userId);
    await Promise.all(chosen.map((userId) => handingOff.get(userId)));
  };

  const tick = async () => {
    try {
      await renewAll();
      if (!stopped) await sweep();
      if (!stopped) await rebalance();
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

  const claim = async (userId: string): Promise<{ owner: 'self' } | { owner: 'other'; holder: string }> => {
    // A user being handed off is claimed once that is done (the lease is then free, or the taker's).
    await handingOff.get(userId);
    // A lease freed between the take and the read is tried again, a few times, rather than sent nowhere.
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      if (owns(userId)) {
        await starting.get(userId);
        return { owner: 'self' };
      }
      if (draining) {
        // Shutting down: never take a user again; name their owner if there is one, else the client retries
        // (through another instance, once the load balancer sees /ready answer 503).
        const current = await leases.current(userLeaseName(userId));
        if (current && current.holder !== instanceId) return { owner: 'other', holder: current.holder };
        throw drainingError(userId);
      }
      const sentAt = now();
      const lease = await leases.acquire(userLeaseName(userId), instanceId, ttlMs);
      if (lease) {
        if (draining) {
          // The drain began while the lease was being taken: give it straight back.
          await leases.release(lease).catch(() => undefined);
          throw drainingError(userId);
        }
        await gain(userId, lease, sentAt);
        return { owner: 'self' };
      }
      const current = await leases.current(userLeaseName(userId));
      if (current) return { owner: 'other', holder: current.holder };
    }
    throw fencedError(userId);
  };

  return {
    clustered: true,
    instanceId,
    owns,
    leaseOf: (userId) => (owns(userId) ? held.get(userId)?.lease : undefined),
    claim,
    async enter(userId) {
      const claimed = await claim(userId);
      if (claimed.owner !== 'self') return claimed;
      // Counted in the same step as the ownership check: a rebalance cannot pick the user in between.
      inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1);
      let left = false;
      return {
        owner: 'self',
        done: () => {
          if (left) return;
          left = true;
          const count = (inFlight.get(userId) ?? 1) - 1;
          if (count > 0) inFlight.set(userId, count);
          else inFlight.delete(userId);
        },
      };
    },
    onGained(handler) {
      gainedHandlers.push(handler);
    },
    onLost(handler) {
      lostHandlers.push(handler);
    },
    async fence(trx, userId) {
      const lease = held.get(userId)?.lease;
      const stored = lease && (await deps.storedLease(trx, lease.name));
      if (!lease || stored?.epoch !== lease.epoch || stored.holder !== lease.holder) {
        // A late write of an instance that lost the user (a pause past the lease time): nothing of it is stored.
        logger.warn(
          {
            userId,
            epoch: lease?.epoch ?? null,
            storedEpoch: stored?.epoch ?? null,
            holder: stored?.holder ?? null,
          },
          'engine write refused: this instance no longer holds the user lease (engine_moved)',
        );
        throw fencedError(userId);
      }
    },
    async start() {
      stopped = false;
      await tick();
      schedule();
    },
    async releaseAll() {
      stopped = true;
      draining = true;
      clearTimeout(timer);
      await ticking;
      await Promise.all(handingOff.values());
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
