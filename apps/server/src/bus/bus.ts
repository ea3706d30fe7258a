/**
 * Topics carried by the bus and the message each one carries. Modules add their topics here (or by
 * declaration merging: `declare module '../../bus/bus' { interface BusEvents { ... } }`). Messages must be
 * JSON-serialisable: the Redis bus sends them between processes.
 */
export interface BusEvents {
  /** Sessions ended (logout, password reset): live connections authenticated by them must close. */
  'session.revoked': { userId: string; sessionIds: string[] };
}

export type BusTopic = keyof BusEvents & string;
export type BusHandler<T extends BusTopic> = (message: BusEvents[T]) => void | Promise<void>;
export type Unsubscribe = () => void;

/**
 * Publish/subscribe between the parts of the server (and between instances, on Redis). Delivery is
 * at-most-once and unordered across topics; a failing handler is logged and never reaches the publisher.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Sends `message` to every subscriber of `topic`; resolves once it is handed to the transport. */
  publish<T extends BusTopic>(topic: T, message: BusEvents[T]): Promise<void>;
  /** Calls `handler` for each later message on `topic` until the returned function is called. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): Unsubscribe;
  /** Resolves once every subscription made so far is active (Redis subscribes asynchronously). */
  ready(): Promise<void>;
  /** Whether the transport is connected now (readiness: an instance cut off from Redis misses others' events). */
  connected(): boolean;
  close(): Promise<void>;
}
