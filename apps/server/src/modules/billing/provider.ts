import type { Plan } from '@xtrader/core/api/billing';
import type { BillingEvent } from './events';

/** Who pays: what a provider needs to open a checkout for a user. */
export interface BillingCustomer {
  name: string;
  email: string;
}

export interface CheckoutRequest {
  /** Our subscription record's id; the provider sends the buyer back with it. */
  subscriptionId: string;
  plan: Plan;
  customer: BillingCustomer;
}

export interface Checkout {
  /** Where the browser goes to pay (absolute, or a path on this server for the sandbox). */
  hostedPageUrl: string;
  /** The provider's id of this checkout (hosted page id). */
  checkoutRef: string;
  /** The provider's subscription id when it is known up front (sandbox), else null until paid. */
  providerSubscriptionId: string | null;
}

/** The free trial to create at the provider for one user. */
export interface TrialRequest {
  /** Our subscription record's id (sent as the provider's reference). */
  subscriptionId: string;
  customer: BillingCustomer;
  trialDays: number;
}

/** The trial as the provider holds it: its id and its term (epoch ms; null when the provider does not say). */
export interface ProviderTrial {
  providerSubscriptionId: string;
  trialStart: number | null;
  trialEnd: number | null;
}

/** One webhook request as received: the signature covers the exact bytes of the body and the query. */
export interface WebhookDelivery {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  rawBody: string;
  query: Readonly<Record<string, string>>;
}

/**
 * A subscription-billing provider: opens hosted checkouts, authenticates and reads its webhooks, and looks
 * up what a checkout produced. Providers translate; the billing service decides what an event means for
 * the subscription.
 */
export interface BillingProvider {
  readonly name: 'sandbox' | 'zoho';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Creates the free trial at the provider, so billing and our records agree when it converts. Absent (sandbox):
   * the trial exists only here.
   */
  createTrial?(request: TrialRequest): Promise<ProviderTrial>;
  /** True when the delivery carries a valid signature. */
  verifyWebhook(delivery: WebhookDelivery): boolean;
  /** The event of a verified delivery; throws a 400 error when the body is not an event. */
  parseWebhook(rawBody: string): BillingEvent;
  /** The activation a completed checkout produced, or null while it is unpaid (or unknowable). */
  lookupCheckout(checkoutRef: string): Promise<BillingEvent | null>;
}
