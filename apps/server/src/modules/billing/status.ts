import type { PlanKey, SubscriptionStatusResponse } from '@xtrader/core/api/billing';
import { expirationDateOf } from './periods';
import type { SubscriptionRecordStatus } from './tables';

/** Zoho Billing hosted pages expire within one hour; a checkout left open longer is abandoned. */
export const CHECKOUT_TTL_MS = 60 * 60_000;

/** What the status rule needs of a subscription record. */
export interface SubscriptionFacts {
  planCode: PlanKey;
  status: SubscriptionRecordStatus;
  periodStart: number | null;
  periodEnd: number | null;
  createdAt: number;
}

const isRunning = (record: SubscriptionFacts, now: number) =>
  record.status === 'active' &&
  record.periodStart !== null &&
  record.periodEnd !== null &&
  record.periodStart <= now &&
  now < record.periodEnd;

const hasEnded = (record: SubscriptionFacts, now: number) =>
  (record.status === 'active' || record.status === 'cancelled') &&
  record.periodEnd !== null &&
  record.periodEnd <= now;

/** Paid periods outrank the trial; among equals the one that runs longest is shown. */
const outranks = (a: SubscriptionFacts, b: SubscriptionFacts) => {
  const aPaid = a.planCode !== 'freeTrial';
  const bPaid = b.planCode !== 'freeTrial';
  if (aPaid !== bPaid) return aPaid;
  return (a.periodEnd ?? 0) > (b.periodEnd ?? 0);
};

const pick = (records: SubscriptionFacts[]) =>
  records.reduce<SubscriptionFacts | undefined>(
    (best, r) => (!best || outranks(r, best) ? r : best),
    undefined,
  );

/**
 * The user's subscription status at `now`: `live` while a trial or paid period runs, `pending`
 * while a checkout awaits payment, `expired` once every period has ended, `none` if never subscribed.
 * `activePlan` names the running plan only: entitlement accepts a paid `activePlan` on its own, so an
 * ended or unpaid plan must never be reported there.
 */
export function subscriptionStatusOf(records: SubscriptionFacts[], now: number): SubscriptionStatusResponse {
  const running = pick(records.filter((r) => isRunning(r, now)));
  if (running?.periodEnd != null) {
    return {
      subscriptionStatus: 'live',
      activePlan: running.planCode,
      expirationDate: expirationDateOf(running.periodEnd),
    };
  }
  if (records.some((r) => r.status === 'pending' && now - r.createdAt < CHECKOUT_TTL_MS)) {
    return { subscriptionStatus: 'pending', activePlan: null, expirationDate: null };
  }
  const ended = records
    .filter((r) => hasEnded(r, now))
    .reduce<SubscriptionFacts | undefined>(
      (last, r) => (!last || (r.periodEnd ?? 0) > (last.periodEnd ?? 0) ? r : last),
      undefined,
    );
  if (ended?.periodEnd != null) {
    return {
      subscriptionStatus: 'expired',
      activePlan: null,
      expirationDate: expirationDateOf(ended.periodEnd),
    };
  }
  return { subscriptionStatus: 'none', activePlan: null, expirationDate: null };
}
