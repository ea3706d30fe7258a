import { isEntitledToTrade, type SubscriptionStatusResponse } from '@xtrader/core/api/billing';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import { DomainError } from '../../domain-error';

/** Refusal of an order by a user who may not trade (HTTP 403); nothing is placed. */
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'Subscription required: subscribe to a plan to trade with your broker, or use practice mode';

/** A check run before an order is placed; throws to refuse it. */
export type PlacementGuard = (userId: string) => Promise<void>;

/** Where the guard reads the two facts entitlement decides on. */
export interface EntitlementSources {
  /** `user.activeBroker`: PAPERTRADE in Practice Mode, a broker id, or null. */
  activeBrokerOf(userId: string): Promise<string | null>;
  subscriptionOf(
    userId: string,
  ): Promise<Pick<SubscriptionStatusResponse, 'subscriptionStatus' | 'activePlan'>>;
}

/**
 * Server-side entitlement for `POST /order` and `POST /order/iceberg`: a user
 * whose active broker is not PAPERTRADE needs a live subscription or a paid plan, else the order is refused
 * with a 403. Practice Mode never needs a subscription, so its orders skip the subscription lookup.
 */
export function createEntitlementGuard(sources: EntitlementSources): PlacementGuard {
  return async function requireEntitlement(userId: string): Promise<void> {
    const activeBroker = await sources.activeBrokerOf(userId);
    if (isPracticeBroker(activeBroker)) return;
    const subscription = await sources.subscriptionOf(userId);
    if (!isEntitledToTrade({ activeBroker, ...subscription })) {
      throw new DomainError('subscription_required', SUBSCRIPTION_REQUIRED_MESSAGE);
    }
  };
}

/** The guard's sources from the accounts and billing services (as the composition root wires them). */
export function entitlementSources(
  activeBrokerOf: (userId: string) => Promise<string | null>,
  billing: { getStatus(userId: string): Promise<SubscriptionStatusResponse> },
): EntitlementSources {
  return {
    activeBrokerOf,
    subscriptionOf: (userId) => billing.getStatus(userId),
  };
}
