import type { ApiApp } from '../http/types';

/**
 * One feature of the server (auth, orders, ...). `buildApp` registers each module's routes in its own
 * encapsulated plugin under `/v1/options-x`, runs `start` when the app is ready and `close` when it closes.
 */
export interface AppModule {
  readonly name: string;
  /**
   * Its routes act on the caller's engine (orders, the paper account, broker sessions, profit protection): in a
   * cluster they are answered by the instance that owns the user (cluster/forwarding.ts).
   */
  readonly userEngine?: boolean;
  /** Adds the module's routes; paths are relative to `/v1/options-x`. */
  registerRoutes?(app: ApiApp): void | Promise<void>;
  /** Work that needs the store and bus ready (seeding, timers, subscriptions). */
  start?(): Promise<void>;
  /**
   * Shutdown signal (drain), before `close`: hand over what this instance holds (leases) and send clients
   * elsewhere (sockets closed with a reconnect hint) while the store and bus still work.
   */
  drain?(): Promise<void>;
  /** Releases timers, subscriptions and connections. */
  close?(): Promise<void>;
}
