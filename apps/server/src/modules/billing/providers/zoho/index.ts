import { API_BASE } from '@xtrader/core/api/envelope';
import { isIsoDate } from '@xtrader/core/market/dates';
import { z } from 'zod';
import type { Clock } from '../../../../clock';
import type { ZohoSettings } from '../../../../config';
import { BillingProviderError } from '../../errors';
import type { BillingEvent } from '../../events';
import { endOfIstDay, startOfIstDay } from '../../periods';
import type { BillingProvider, Checkout, CheckoutRequest, ProviderTrial, TrialRequest } from '../../provider';
import { createZohoHttp } from './http';
import { eventFromSubscription, parseZohoWebhook, zohoSubscriptionSchema } from './map';
import { createZohoTokenSource } from './oauth';
import { isValidZohoSignature, ZOHO_SIGNATURE_HEADER } from './signature';

/** The plan a trial is created on when the operator names none. */
const DEFAULT_TRIAL_PLAN_CODE = 'x-trader-quarterly';

const dateOrNull = (value: string | undefined, toInstant: (date: string) => number) =>
  value !== undefined && isIsoDate(value) ? toInstant(value) : null;

/** Where Zoho's hosted page sends the buyer after paying (our return route, see billing routes). */
const ZOHO_RETURN_PATH = `${API_BASE}/zohoSubscriptions/return`;

const hostedPageSchema = z.object({
  hostedpage_id: z.string().min(1),
  url: z.string().min(1),
  status: z.string().optional(),
  data: z.object({ subscription: zohoSubscriptionSchema.optional() }).nullish(),
});

function readHostedPage(reply: Record<string, unknown>, what: string) {
  // Create answers `{hostedpage: {...}}`; retrieve answers with the page's fields at the top level.
  const parsed = hostedPageSchema.safeParse(reply.hostedpage ?? reply);
  if (!parsed.success)
    throw new BillingProviderError(`Zoho ${what}: unexpected hosted page ${parsed.error.message}`);
  return parsed.data;
}

export interface ZohoProviderOptions {
  settings: ZohoSettings;
  /** Public address of this app (no trailing slash), for the hosted page's redirect_url. */
  publicUrl: string;
  clock: Clock;
  fetch?: typeof fetch;
}

/**
 * Zoho Billing (zoho.com/billing/api/v1): a hosted page per new subscription (POST
 * /hostedpages/newsubscription with customer, plan.plan_code and redirect_url), the free trial as a subscription
 * with trial days (POST /subscriptions), secured webhooks, and
 * lookups of the hosted page (GET /hostedpages/{id}) and of the subscription (GET /subscriptions/{id}).
 */
export function createZohoProvider(options: ZohoProviderOptions): BillingProvider {
  const { settings, publicUrl } = options;
  const fetchImpl = options.fetch ?? fetch;
  const request = createZohoHttp(
    settings,
    createZohoTokenSource(settings, options.clock, fetchImpl),
    fetchImpl,
  );

  async function createCheckout({ subscriptionId, plan, customer }: CheckoutRequest): Promise<Checkout> {
    const reply = await request('POST', '/hostedpages/newsubscription', {
      customer: { display_name: customer.name, email: customer.email },
      plan: { plan_code: plan.key },
      redirect_url: `${publicUrl}${ZOHO_RETURN_PATH}?ref=${encodeURIComponent(subscriptionId)}`,
    });
    const page = readHostedPage(reply, 'newsubscription');
    return { hostedPageUrl: page.url, checkoutRef: page.hostedpage_id, providerSubscriptionId: null };
  }

  /**
   * The free trial as a Zoho subscription (POST /subscriptions): the trial plan with `trial_days`, a new customer,
   * no automatic charge (no card was given), and our record's id as `reference_id`.
   */
  async function createTrial({ subscriptionId, customer, trialDays }: TrialRequest): Promise<ProviderTrial> {
    const reply = await request('POST', '/subscriptions', {
      customer: { display_name: customer.name, email: customer.email },
      plan: { plan_code: settings.trialPlanCode ?? DEFAULT_TRIAL_PLAN_CODE, trial_days: trialDays },
      auto_collect: false,
      reference_id: subscriptionId,
    });
    const created = zohoSubscriptionSchema.safeParse(reply.subscription);
    if (!created.success) throw new BillingProviderError(`Zoho subscription: ${created.error.message}`);
    const zoho = created.data;
    return {
      providerSubscriptionId: zoho.subscription_id,
      trialStart: dateOrNull(zoho.trial_starts_at ?? zoho.current_term_starts_at, startOfIstDay),
      trialEnd: dateOrNull(zoho.trial_ends_at ?? zoho.current_term_ends_at, endOfIstDay),
    };
  }

  async function lookupCheckout(checkoutRef: string): Promise<BillingEvent | null> {
    const page = readHostedPage(
      await request('GET', `/hostedpages/${encodeURIComponent(checkoutRef)}`),
      'hostedpage',
    );
    const fromPage = page.data?.subscription;
    if (!fromPage) return null;
    // The hosted page shows the subscription as it was at checkout; its current record is authoritative.
    const reply = await request('GET', `/subscriptions/${encodeURIComponent(fromPage.subscription_id)}`);
    const current = zohoSubscriptionSchema.safeParse(reply.subscription);
    if (!current.success) throw new BillingProviderError(`Zoho subscription: ${current.error.message}`);
    return eventFromSubscription(`hostedpage:${checkoutRef}`, 'subscription_activated', current.data);
  }

  return {
    name: 'zoho',
    createCheckout,
    createTrial,
    verifyWebhook: (delivery) =>
      isValidZohoSignature(
        settings.webhookSecret,
        delivery.headers[ZOHO_SIGNATURE_HEADER],
        delivery.rawBody,
        delivery.query,
      ),
    parseWebhook: parseZohoWebhook,
    lookupCheckout,
  };
}
