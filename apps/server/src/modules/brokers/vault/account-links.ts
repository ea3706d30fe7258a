import type { ActiveBroker } from '@xtrader/core/api/auth';

/**
 * The user record's broker fields, owned by the accounts module: a completed broker login
 * makes that broker the user's active one and records the broker's client id.
 */
export interface AccountLinks {
  activeBrokerOf(userId: string): Promise<ActiveBroker | null>;
  linkBroker(userId: string, broker: ActiveBroker, clientId: string): Promise<void>;
}
