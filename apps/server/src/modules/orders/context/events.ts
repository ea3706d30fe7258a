import type { OrderEvent } from '@xtrader/core/orders/order-status';
import type { BrokerOrderUpdate, BrokerSession } from '../../brokers/broker';
import type { OrderRecord } from '../model/record';

/**
 * The order manager's internal event stream: what one part of the flow tells the others. The parts that react
 * (workflow runner, trailing system, repairs, the update handler) subscribe in `index.ts`; the parts that tell
 * import nothing of them, so the flow has no import cycle.
 */
export interface OrderStreamEvents {
  /** A broker reported on one of the user's orders (from the session directory's one listener per session). */
  'broker.update': { session: BrokerSession; update: BrokerOrderUpdate };
  /**
   * An order's state changed: stored already, inside the user's queue. Listeners are awaited in turn (publishing it,
   * the trailing system letting a final order go, the order's group following its part).
   */
  'order.changed': { before: OrderRecord; after: OrderRecord; event: OrderEvent };
  /** Something in the family changed that its workflow rules may act on: schedule an evaluation. */
  'family.touched': { userId: string; rootId: string };
  /** A stop the server watches (trailed locally, or held) was stored: watch its prices. */
  'stop.watch': { order: OrderRecord };
  /** An exit limit order that chases the best price was sent: watch its quotes. */
  'exit.chase': { order: OrderRecord };
  /** A stop no longer trails: stop watching it. */
  'stop.unwatch': { orderId: string };
  /** An update or workflow step failed past its retries: repair the family until its rules ran through. */
  'repair.needed': { entry: RepairEntry; error: unknown };
}

/** What a repair starts from: a family, or an update that could not be booked (found again by its ids). */
export interface RepairEntry {
  userId: string;
  rootId?: string;
  update?: { brokerId: string; brokerOrderId: string; clientOrderId?: string };
}

type OrderStreamListener<K extends keyof OrderStreamEvents> = (
  payload: OrderStreamEvents[K],
) => void | Promise<void>;

export interface OrderStream {
  /** Adds a listener; returns its removal. Listeners run in the order they subscribed. */
  on<K extends keyof OrderStreamEvents>(name: K, listener: OrderStreamListener<K>): () => void;
  /**
   * Runs the listeners in turn. Synchronous listeners run before `emit` returns; an asynchronous one is awaited
   * before the next runs. The promise rejects with the first listener's failure.
   */
  emit<K extends keyof OrderStreamEvents>(name: K, payload: OrderStreamEvents[K]): Promise<void>;
}

export function createOrderStream(): OrderStream {
  const listeners: { [K in keyof OrderStreamEvents]: Array<OrderStreamListener<K>> } = {
    'broker.update': [],
    'order.changed': [],
    'family.touched': [],
    'stop.watch': [],
    'stop.unwatch': [],
    'exit.chase': [],
    'repair.needed': [],
  };
  return {
    on(name, listener) {
      const list = listeners[name];
      list.push(listener);
      return () => {
        const at = list.indexOf(listener);
        if (at >= 0) list.splice(at, 1);
      };
    },
    emit(name, payload) {
      const list = [...listeners[name]];
      const next = (): Promise<void> | undefined => {
        for (let listener = list.shift(); listener; listener = list.shift()) {
          const result = listener(payload);
          if (result instanceof Promise) return result.then(next);
        }
        return undefined;
      };
      try {
        return Promise.resolve(next());
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}
