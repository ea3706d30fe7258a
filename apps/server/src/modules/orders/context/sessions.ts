import { DomainError } from '../../../domain-error';
import type { BrokerOrderUpdate, BrokerRegistry, BrokerSession } from '../../brokers/broker';
import { ORDER_ERRORS } from '../model/messages';
import type { OrderRecord } from '../model/record';

/** Broker sessions as the order manager uses them: resolved per user, each listened to exactly once. */
export interface SessionDirectory {
  /** The user's active session without listening to it: for reads, which must change nothing. */
  peek(userId: string): Promise<BrokerSession | undefined>;
  /** The user's active session (listened to from now on), or undefined when the user has no broker. */
  current(userId: string): Promise<BrokerSession | undefined>;
  /** Listens to a session resolved with `peek` (a placement resolves its session once, then sends through it). */
  listen(session: BrokerSession): void;
  /** The user's active session; a 400 when there is none. */
  require(userId: string): Promise<BrokerSession>;
  /** The session an existing order lives at; a 400 when the user has since switched to another broker. */
  forOrder(order: OrderRecord): Promise<BrokerSession>;
  /** Stops listening to every session. */
  /** Stops hearing the user's sessions (another instance runs their engine now). */
  drop(userId: string): void;
  close(): void;
}

export function createSessionDirectory(
  registry: BrokerRegistry,
  onUpdate: (session: BrokerSession, update: BrokerOrderUpdate) => void,
): SessionDirectory {
  // One listener per user and broker. A registry may hand out a new session object for the same account (e.g.
  // after a reconnect): the listener moves to it, so no update is handled twice.
  const listening = new Map<string, { session: BrokerSession; unsubscribe: () => void }>();

  const attach = (session: BrokerSession) => {
    const key = `${session.userId}\u0000${session.brokerId}`;
    const current = listening.get(key);
    if (current?.session === session) return;
    current?.unsubscribe();
    listening.set(key, {
      session,
      unsubscribe: session.onOrderUpdate((update) => onUpdate(session, update)),
    });
  };

  const current = async (userId: string) => {
    const session = await registry.sessionFor(userId);
    if (session) attach(session);
    return session;
  };

  const require = async (userId: string) => {
    const session = await current(userId);
    if (!session) throw new DomainError('no_broker', ORDER_ERRORS.noBroker);
    return session;
  };

  return {
    peek: (userId) => registry.sessionFor(userId),
    current,
    listen: attach,
    require,
    async forOrder(order) {
      const session = await require(order.userId);
      if (session.brokerId !== order.brokerId) {
        throw new DomainError('other_broker', ORDER_ERRORS.otherBroker(order.brokerId));
      }
      return session;
    },
    drop(userId) {
      for (const [key, { session, unsubscribe }] of [...listening]) {
        if (session.userId !== userId) continue;
        unsubscribe();
        listening.delete(key);
      }
    },
    close() {
      for (const { unsubscribe } of listening.values()) unsubscribe();
      listening.clear();
    },
  };
}
