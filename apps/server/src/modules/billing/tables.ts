import type { PlanKey } from '@xtrader/core/api/billing';

/**
 * Where one purchase stands. `pending`: checkout opened, payment not confirmed; `active`: paid (or the trial
 * granted) for `periodStart..periodEnd`; `failed`: the payment was declined; `cancelled`: ended early by the
 * provider. Whether an active period is running is decided against the clock, never stored.
 */
export type SubscriptionRecordStatus = 'pending' | 'active' | 'failed' | 'cancelled';

/** How a subscription was obtained: the free trial (no provider) or a provider's checkout. */
type SubscriptionSource = 'trial' | 'sandbox' | 'zoho';

/** One purchase (or the free trial) of one user. */
export interface SubscriptionsTable {
  id: string;
  userId: string;
  planCode: PlanKey;
  status: SubscriptionRecordStatus;
  source: SubscriptionSource;
  /** The provider's hosted page / checkout id. */
  checkoutRef: string | null;
  /** The provider's subscription id, once known (webhooks name the subscription by it). */
  providerSubscriptionId: string | null;
  /** The customer email given to the provider, to match events that arrive before the id is linked. */
  customerEmail: string | null;
  /** Epoch ms; null until activated. */
  periodStart: number | null;
  periodEnd: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A provider event already applied; its key makes webhook deliveries idempotent. */
interface BillingEventsTable {
  /** `<provider>:<event id>`. */
  id: string;
  eventType: string;
  subscriptionId: string | null;
  receivedAt: number;
}

export interface BillingTables {
  subscriptions: SubscriptionsTable;
  billingEvents: BillingEventsTable;
}
