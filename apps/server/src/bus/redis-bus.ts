import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import type { Bus, BusEvents, BusHandler, BusTopic } from './bus';
import { deliver } from './memory-bus';

export interface RedisBusOptions {
  url: string;
  /** Prepended to every channel name, so several deployments (or test suites) can share one Redis. */
  channelPrefix?: string;
}

type AnyHandler = (message: unknown) => void | Promise<void>;

/**
 * Bus over Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do nothing
 * else). Messages travel as JSON. A channel is subscribed while it has at least one local handler.
 */
export async function createRedisBus(options: RedisBusOptions, logger: Logger): Promise<Bus> {
  const prefix = options.channelPrefix ?? 'xt:';
  const publisher = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => logger.warn({ err: error }, 'redis bus connection error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);

  const handlers = new Map<string, Set<AnyHandler>>();
  subscriber.on('message', (channel: string, payload: string) => {
    const topic = channel.slice(prefix.length) as BusTopic;
    const set = handlers.get(topic);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch (error) {
      logger.error({ err: error, topic }, 'bus message is not JSON');
      return;
    }
    for (const handler of set) deliver(logger, topic, handler as BusHandler<BusTopic>, message as never);
  });

  let pending: Promise<unknown> = Promise.resolve();
  let closed = false;
  const channelSubscription = (action: 'subscribe' | 'unsubscribe', topic: string) => {
    const done = subscriber[action](prefix + topic).catch((error: unknown) =>
      logger.error({ err: error, topic }, `redis bus ${action} failed`),
    );
    pending = Promise.all([pending, done]);
  };

  return {
    kind: 'redis',
    async publish<T extends BusTopic>(topic: T, message: BusEvents[T]) {
      await publisher.publish(prefix + topic, JSON.stringify(message));
    },
    subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        channelSubscription('subscribe', topic);
      }
      const entry = handler as AnyHandler;
      set.add(entry);
      return () => {
        if (!set.delete(entry) || set.size > 0) return;
        handlers.delete(topic);
        channelSubscription('unsubscribe', topic);
      };
    },
    async ready() {
      await pending;
    },
    connected: () => !closed && publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      closed = true;
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
