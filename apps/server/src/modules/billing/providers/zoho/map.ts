import { planKeySchema } from '@xtrader/core/api/billing';
import { isIsoDate } from '@xtrader/core/market/dates';
import { z } from 'zod';
import { DomainError } from '../../../../domain-error';
import type { BillingEvent, BillingEventKind } from '../../events';
import { endOfIstDay, startOfIstDay } from '../../periods';

// Zoho Billing's JSON shapes (zoho.com/billing/api/v1: Subscriptions, Hosted-Pages; webhooks' default
// payload), read leniently: only the fields we use are required, everything else may come and go.

/** A subscription as Zoho reports it; statuses include live, trial, unpaid, cancelled, expired. */
export const zohoSubscriptionSchema = z.object({
  subscription_id: z.string().min(1),
  status: z.string(),
  plan: z.object({ plan_code: z.string() }).optional(),
  customer: z.object({ email: z.string().optional() }).optional(),
  /** Date-only, `YYYY-MM-DD`. */
  current_term_starts_at: z.string().optional(),
  current_term_ends_at: z.string().optional(),
  /** Date-only, while the subscription is in its trial. */
  trial_starts_at: z.string().optional(),
  trial_ends_at: z.string().optional(),
});
export type ZohoSubscription = z.infer<typeof zohoSubscriptionSchema>;

/** A webhook with Zoho's default payload: `event_id`, `event_type` and the record under `data`. */
const zohoWebhookSchema = z.object({
  event_id: z.union([z.string().min(1), z.number()]).transform(String),
  event_type: z.string().min(1),
  data: z.object({ subscription: zohoSubscriptionSchema.optional() }).optional(),
});

/** Zoho's subscription events and what each means here; any other event is acknowledged and ignored. */
const EVENT_KINDS: Readonly<Record<string, BillingEventKind>> = {
  subscription_created: 'activated',
  subscription_activated: 'activated',
  subscription_reactivated: 'activated',
  subscription_renewed: 'renewed',
  payment_declined: 'paymentFailed',
  subscription_cancelled: 'ended',
  subscription_expired: 'ended',
  subscription_unpaid: 'ended',
};

/** Statuses in which Zoho lets the customer use what they bought. */
const PAID_STATUSES = new Set(['live', 'non_renewing']);

const dateOrNull = (value: string | undefined, toInstant: (date: string) => number) =>
  value !== undefined && isIsoDate(value) ? toInstant(value) : null;

/** The normalised event of a Zoho subscription record under a given event id and type. */
export function eventFromSubscription(
  eventId: string,
  eventType: string,
  subscription: ZohoSubscription,
): BillingEvent {
  let kind = EVENT_KINDS[eventType] ?? 'ignored';
  // "created" also fires for subscriptions that are not paid yet; only a paid status activates.
  if (kind === 'activated' && !PAID_STATUSES.has(subscription.status)) kind = 'ignored';
  // A trial is created on a paid plan at Zoho, but it is no purchase of that plan: without a plan code its
  // events can only match our trial record (by Zoho's id), never a customer's open checkout of the plan.
  const plan = planKeySchema.safeParse(
    subscription.status === 'trial' ? undefined : subscription.plan?.plan_code,
  );
  return {
    eventId,
    eventType,
    kind,
    providerSubscriptionId: subscription.subscription_id,
    planCode: plan.success ? plan.data : null,
    customerEmail: subscription.customer?.email?.toLowerCase() ?? null,
    termStart: dateOrNull(subscription.current_term_starts_at, startOfIstDay),
    termEnd: dateOrNull(subscription.current_term_ends_at, endOfIstDay),
  };
}

const ignoredEvent = (eventId: string, eventType: string): BillingEvent => ({
  eventId,
  eventType,
  kind: 'ignored',
  providerSubscriptionId: null,
  planCode: null,
  customerEmail: null,
  termStart: null,
  termEnd: null,
});

/** Reads a (verified) webhook body; a body that is not a Zoho event is a 400. */
export function parseZohoWebhook(rawBody: string): BillingEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new DomainError('bad_request', 'body: Expected a JSON webhook payload');
  }
  const parsed = zohoWebhookSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError(
      'bad_request',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid webhook payload'}`,
    );
  }
  const { event_id, event_type, data } = parsed.data;
  return data?.subscription
    ? eventFromSubscription(event_id, event_type, data.subscription)
    : ignoredEvent(event_id, event_type);
}
