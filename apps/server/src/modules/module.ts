import type { ApiApp } from '../http/types';

/**
 * One feature of the server (auth, orders, ...). `buildApp` registers each module's routes in its own
 * encapsulated plugin under `/v1/options-x`, runs `start` when the app is ready and `close` when it closes.
 */
export interface AppModule {
  readonly name: string;
  /** Adds the module's routes; paths are relative to `/v1/options-x`. */
  registerRoutes?(app: ApiApp): void | Promise<void>;
  /** Work that needs the store and bus ready (seeding, timers, subscriptions). */
  start?(): Promise<void>;
  /** Releases timers, subscriptions and connections. */
  close?(): Promise<void>;
}
