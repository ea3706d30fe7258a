import { BROKER_MESSAGES } from '@xtrader/core/api/brokers';
import { DomainError } from '../../../domain-error';
import type { BrokerRegistry, BrokerSession } from '../broker';

export const RECONNECT_MESSAGES = {
  noActiveBroker: 'No active broker. Log in with a broker or start Practice Mode.',
  reconnected: BROKER_MESSAGES.reconnected,
} as const;

/**
 * Called on reconnect with the user's session: the live broker re-subscribes its stream, the order manager
 * listens again and reconciles, profit protection refreshes.
 */
export type ReconnectHandler = (userId: string, session: BrokerSession) => Promise<void>;

export interface BrokerReconnect {
  /** 'Subscribe Updates': resolves the user's session and runs every handler on it, in registration order. */
  reconnect(userId: string): Promise<void>;
  onReconnect(handler: ReconnectHandler): () => void;
}

export function createBrokerReconnect(registry: BrokerRegistry): BrokerReconnect {
  const handlers = new Set<ReconnectHandler>();
  return {
    async reconnect(userId) {
      const session = await registry.sessionFor(userId);
      if (!session) throw new DomainError('no_broker', RECONNECT_MESSAGES.noActiveBroker);
      for (const handler of handlers) await handler(userId, session);
    },
    onReconnect(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
