import { EventEmitter } from 'node:events';
import type { Logger } from '../logger';
import type { Bus, BusEvents, BusHandler, BusTopic } from './bus';

/** Single-process bus: synchronous delivery to the subscribers of this process. */
export function createMemoryBus(logger: Logger): Bus {
  const emitter = new EventEmitter();
  // Many gateway connections may subscribe to one topic; that is expected, not a leak.
  emitter.setMaxListeners(0);
  let closed = false;

  return {
    kind: 'memory',
    async publish<T extends BusTopic>(topic: T, message: BusEvents[T]) {
      if (closed) throw new Error('Bus is closed');
      emitter.emit(topic, message);
    },
    subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>) {
      const listener = (message: BusEvents[T]) => deliver(logger, topic, handler, message);
      emitter.on(topic, listener);
      return () => {
        emitter.off(topic, listener);
      };
    },
    async ready() {},
    connected: () => !closed,
    async close() {
      closed = true;
      emitter.removeAllListeners();
    },
  };
}

/** Runs one handler, logging (never rethrowing) its failure so one subscriber cannot break another. */
export function deliver<T extends BusTopic>(
  logger: Logger,
  topic: T,
  handler: BusHandler<T>,
  message: BusEvents[T],
): void {
  try {
    const result = handler(message);
    if (result instanceof Promise) {
      result.catch((error: unknown) => logger.error({ err: error, topic }, 'bus handler failed'));
    }
  } catch (error) {
    logger.error({ err: error, topic }, 'bus handler failed');
  }
}
