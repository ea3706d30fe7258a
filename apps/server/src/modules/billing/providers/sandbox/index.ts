import { randomBytes } from 'node:crypto';
import type { PlanKey } from '@xtrader/core/api/billing';
import { API_BASE } from '@xtrader/core/api/envelope';
import { deriveKey, type MasterKey } from '../../../../secrets';
import type { BillingProvider, WebhookDelivery } from '../../provider';
import { parseZohoWebhook } from '../zoho/map';
import { isValidZohoSignature, signZohoWebhook, ZOHO_SIGNATURE_HEADER } from '../zoho/signature';

/** Base path of the sandbox's hosted checkout pages on this server. */
export const SANDBOX_CHECKOUT_PATH = `${API_BASE}/billing/sandbox/checkout`;

/** The secret the sandbox signs its webhooks with (derived, so it never needs configuring). */
export const sandboxWebhookSecret = (masterKey: MasterKey): string =>
  Buffer.from(deriveKey(masterKey, 'billing-sandbox-webhook')).toString('hex');

/** What the sandbox needs to know of a checkout to report its outcome. */
interface SandboxCheckout {
  providerSubscriptionId: string | null;
  planCode: PlanKey;
  customerEmail: string | null;
}

export interface SandboxProvider extends BillingProvider {
  readonly name: 'sandbox';
  /** The signed webhook a real provider would send when the buyer pays (or the payment is declined). */
  deliveryFor(outcome: 'paid' | 'declined', checkout: SandboxCheckout, now: number): WebhookDelivery;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The offline provider: the hosted page is served by this server and nothing is charged. It speaks Zoho
 * Billing's webhook format and signature, so paying in the sandbox drives exactly the code a real Zoho
 * webhook drives.
 */
export function createSandboxProvider(webhookSecret: string): SandboxProvider {
  return {
    name: 'sandbox',
    async createCheckout() {
      // 128 random bits: the page is opened without our access token, so its address is the capability.
      const checkoutRef = randomBytes(16).toString('hex');
      return {
        hostedPageUrl: `${SANDBOX_CHECKOUT_PATH}/${checkoutRef}`,
        checkoutRef,
        providerSubscriptionId: randomId('sbx_sub'),
      };
    },
    verifyWebhook: (delivery) =>
      isValidZohoSignature(
        webhookSecret,
        delivery.headers[ZOHO_SIGNATURE_HEADER],
        delivery.rawBody,
        delivery.query,
      ),
    parseWebhook: parseZohoWebhook,
    lookupCheckout: async () => null,
    deliveryFor(outcome, checkout, now) {
      const rawBody = JSON.stringify({
        event_id: randomId('sbx_evt'),
        event_type: outcome === 'paid' ? 'subscription_activated' : 'payment_declined',
        created_time: new Date(now).toISOString(),
        data: {
          subscription: {
            subscription_id: checkout.providerSubscriptionId ?? randomId('sbx_sub'),
            status: outcome === 'paid' ? 'live' : 'unpaid',
            plan: { plan_code: checkout.planCode },
            customer: { email: checkout.customerEmail ?? undefined },
          },
        },
      });
      return {
        headers: { [ZOHO_SIGNATURE_HEADER]: signZohoWebhook(webhookSecret, rawBody) },
        rawBody,
        query: {},
      };
    },
  };
}
