import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import type { Logger } from '../../logger';
import { type BillingEvent, changeFor } from './events';
import type { BillingProvider, WebhookDelivery } from './provider';
import type { BillingQueries, BillingStore, SubscriptionRow } from './store';

export type EventOutcome = 'applied' | 'duplicate' | 'unmatched';

/** The subscription an event is about: by the provider's id, else the customer's open checkout of that plan. */
async function matchRecord(
  queries: BillingQueries,
  event: BillingEvent,
): Promise<SubscriptionRow | undefined> {
  if (event.providerSubscriptionId) {
    const linked = await queries.findByProviderSubscriptionId(event.providerSubscriptionId);
    if (linked) return linked;
  }
  if (event.customerEmail && event.planCode)
    return queries.findOpenCheckout(event.customerEmail, event.planCode);
  return undefined;
}

/**
 * A trial created at the provider that the customer has now paid for: the paid term is a purchase of its own,
 * recorded beside the trial (which keeps its own end, and keeps the one-trial rule), under the same provider id.
 */
async function recordConvertedTrial(
  queries: BillingQueries,
  trial: SubscriptionRow,
  event: BillingEvent,
  source: SubscriptionRow['source'],
  now: number,
): Promise<SubscriptionRow> {
  const planCode = event.planCode as Exclude<BillingEvent['planCode'], null>;
  const row: SubscriptionRow = {
    id: randomUUID(),
    userId: trial.userId,
    planCode,
    status: 'pending',
    source,
    checkoutRef: null,
    providerSubscriptionId: event.providerSubscriptionId,
    customerEmail: event.customerEmail ?? trial.customerEmail,
    periodStart: null,
    periodEnd: null,
    createdAt: now,
    updatedAt: now,
  };
  await queries.insert(row);
  return row;
}

const convertsTrial = (record: SubscriptionRow, event: BillingEvent) =>
  record.planCode === 'freeTrial' &&
  event.planCode !== null &&
  event.planCode !== 'freeTrial' &&
  (event.kind === 'activated' || event.kind === 'renewed');

/** End of the user's latest other paid period still running at `now`, if any. */
async function paidUntil(
  queries: BillingQueries,
  record: SubscriptionRow,
  now: number,
): Promise<number | null> {
  const ends = (await queries.listForUser(record.userId))
    .filter((r) => r.id !== record.id && r.planCode !== 'freeTrial' && r.status === 'active')
    .map((r) => r.periodEnd ?? 0)
    .filter((end) => end > now);
  return ends.length > 0 ? Math.max(...ends) : null;
}

/**
 * Provider events in: verified, applied once (the event id is recorded in the same transaction as the
 * change, so a replayed delivery changes nothing), and matched to our subscription record.
 */
export function createBillingWebhooks(deps: {
  store: BillingStore;
  provider: BillingProvider;
  clock: Clock;
  logger: Logger;
}) {
  const { store, provider, clock, logger } = deps;

  async function apply(event: BillingEvent): Promise<EventOutcome> {
    return store.transaction(async (queries) => {
      const matched = await matchRecord(queries, event);
      if (!matched) {
        // Not recorded as seen: a redelivery after the record exists can still apply.
        logger.warn(
          { eventId: event.eventId, eventType: event.eventType },
          'billing event matches no subscription',
        );
        return 'unmatched';
      }
      const now = clock.now();
      // A replay must not convert twice: the event is recorded first, against the trial it named.
      const fresh = await queries.recordEvent({
        id: `${provider.name}:${event.eventId}`,
        eventType: event.eventType,
        subscriptionId: matched.id,
        receivedAt: now,
      });
      if (!fresh) return 'duplicate';
      const source = provider.name;
      const record = convertsTrial(matched, event)
        ? await recordConvertedTrial(queries, matched, event, source, now)
        : matched;
      const change = changeFor(record, event, { now, paidUntil: await paidUntil(queries, record, now) });
      const link =
        record.providerSubscriptionId === null && event.providerSubscriptionId
          ? { providerSubscriptionId: event.providerSubscriptionId }
          : {};
      if (change || 'providerSubscriptionId' in link)
        await queries.update(record.id, { ...change, ...link }, now);
      logger.info({ subscriptionId: record.id, eventType: event.eventType, change }, 'billing event applied');
      return 'applied';
    });
  }

  return {
    apply,
    /** One webhook request: 401 unless signed by the provider, 400 unless it is an event. */
    async receive(delivery: WebhookDelivery): Promise<EventOutcome> {
      if (!provider.verifyWebhook(delivery))
        throw new DomainError('bad_signature', 'Invalid webhook signature');
      return apply(provider.parseWebhook(delivery.rawBody));
    },
  };
}

export type BillingWebhooks = ReturnType<typeof createBillingWebhooks>;
