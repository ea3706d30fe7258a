import { isEntitledToTrade, type SubscriptionStatusResponse } from '@xtrader/core/api/billing';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import { DomainError } from '../../domain-error';

/** Refusal of an order by a user who may not trade (HTTP 403); nothing is placed. */
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'Subscription required: subscribe to a plan to trade with your broker, or use practice mode';

/**
 * A check run before an order is placed, with the broker the order would go to (the session's: PAPERTRADE in
 * Practice Mode, a live broker id, or null); throws to refuse it.
 */
export type PlacementGuard = (userId: string, brokerId: string | null) => Promise<void>;

/** Where the guard reads the subscription, the fact entitlement decides on besides the broker. */
export interface EntitlementSources {
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
  return async function requireEntitlement(userId: string, activeBroker: string | null): Promise<void> {
    if (isPracticeBroker(activeBroker)) return;
    const subscription = await sources.subscriptionOf(userId);
    if (!isEntitledToTrade({ activeBroker, ...subscription })) {
      throw new DomainError('subscription_required', SUBSCRIPTION_REQUIRED_MESSAGE);
    }
  };
}

/** The guard's source from the billing service (as the composition root wires it). */
export function entitlementSources(billing: {
  getStatus(userId: string): Promise<SubscriptionStatusResponse>;
}): EntitlementSources {
  return { subscriptionOf: (userId) => billing.getStatus(userId) };
}
