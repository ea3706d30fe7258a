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
      const record = await matchRecord(queries, event);
      if (!record) {
        // Not recorded as seen: a redelivery after the record exists can still apply.
        logger.warn(
          { eventId: event.eventId, eventType: event.eventType },
          'billing event matches no subscription',
        );
        return 'unmatched';
      }
      const now = clock.now();
      const fresh = await queries.recordEvent({
        id: `${provider.name}:${event.eventId}`,
        eventType: event.eventType,
        subscriptionId: record.id,
        receivedAt: now,
      });
      if (!fresh) return 'duplicate';
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
