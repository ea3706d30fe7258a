import type { Transaction } from 'kysely';
import { DomainError } from '../domain-error';
import type { Database } from '../store/database';
import type { Lease } from './lease-store';

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
  /**
   * `claim` for a command about to run here: when this instance owns the user, the user counts as busy (never
   * handed off by a rebalance) until `done` is called.
   */
  enter(userId: string): Promise<{ owner: 'self'; done: () => void } | { owner: 'other'; holder: string }>;
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

/** Thrown by `fence`: the write belongs to an instance that no longer owns the user. */
export const fencedError = (userId: string) =>
  new DomainError('engine_moved', 'This account is now served by another instance; try again', { userId });

/** Refused by a draining instance: it takes no user again. */
export const drainingError = (userId: string) =>
  new DomainError('engine_unreachable', 'This server is shutting down; try again', {
    userId,
    retryAfterSeconds: 1,
  });

/** One process owns everyone: no leases are stored, no timers run. */
export function createSoloOwnership(instanceId: string): EngineOwnership {
  return {
    clustered: false,
    instanceId,
    owns: () => true,
    leaseOf: () => undefined,
    claim: async () => ({ owner: 'self' }),
    enter: async () => ({ owner: 'self', done: () => undefined }),
    onGained() {},
    onLost() {},
    fence: async () => undefined,
    start: async () => undefined,
    releaseAll: async () => undefined,
    stop: async () => undefined,
  };
}
