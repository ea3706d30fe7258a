import type { PlanKey } from '@xtrader/core/api/billing';
import { periodEndFor } from './periods';
import type { SubscriptionRecordStatus } from './tables';

/** What a provider event means for a subscription, whatever the provider calls it. */
export type BillingEventKind = 'activated' | 'renewed' | 'paymentFailed' | 'ended' | 'ignored';

/** A provider's webhook (or a checkout lookup), normalised. */
export interface BillingEvent {
  /** Unique per delivery of the provider; a replay carries the same id. */
  eventId: string;
  /** The provider's own event name, kept for the record. */
  eventType: string;
  kind: BillingEventKind;
  providerSubscriptionId: string | null;
  planCode: PlanKey | null;
  customerEmail: string | null;
  /** The term the provider reports, epoch ms; null lets us compute it from the plan. */
  termStart: number | null;
  termEnd: number | null;
}

/** The part of a subscription record an event may change. */
export interface SubscriptionState {
  planCode: PlanKey;
  status: SubscriptionRecordStatus;
  periodStart: number | null;
  periodEnd: number | null;
}

export type SubscriptionChange = Partial<Pick<SubscriptionState, 'status' | 'periodStart' | 'periodEnd'>>;

export interface EventContext {
  now: number;
  /** End of the user's other paid period still running, if any: a new purchase starts after it. */
  paidUntil: number | null;
}

function activate(
  state: SubscriptionState,
  event: BillingEvent,
  ctx: EventContext,
): SubscriptionChange | null {
  if (state.status === 'cancelled') return null;
  if (state.status === 'active') {
    // Already active (e.g. the return-page lookup beat the webhook): only a later reported end changes it.
    return event.termEnd !== null && event.termEnd > (state.periodEnd ?? 0)
      ? { periodEnd: event.termEnd }
      : null;
  }
  const start = event.termStart ?? Math.max(ctx.now, ctx.paidUntil ?? ctx.now);
  return {
    status: 'active',
    periodStart: start,
    periodEnd: event.termEnd ?? periodEndFor(state.planCode, start),
  };
}

function renew(state: SubscriptionState, event: BillingEvent, ctx: EventContext): SubscriptionChange | null {
  if (state.status !== 'active' || state.periodEnd === null) return activate(state, event, ctx);
  const periodEnd = event.termEnd ?? periodEndFor(state.planCode, state.periodEnd);
  return periodEnd > state.periodEnd ? { periodEnd } : null;
}

/**
 * How an event changes a subscription; null when it changes nothing. Activation starts the period (after any
 * paid period still running), a renewal extends it by one more term, a failed payment leaves an unpaid
 * checkout `failed` (a running period simply is not renewed), an end closes the period now.
 */
export function changeFor(
  state: SubscriptionState,
  event: BillingEvent,
  ctx: EventContext,
): SubscriptionChange | null {
  switch (event.kind) {
    case 'activated':
      return activate(state, event, ctx);
    case 'renewed':
      return renew(state, event, ctx);
    case 'paymentFailed':
      return state.status === 'pending' ? { status: 'failed' } : null;
    case 'ended':
      if (state.status === 'cancelled' || state.status === 'failed') return null;
      return { status: 'cancelled', periodEnd: Math.min(state.periodEnd ?? ctx.now, ctx.now) };
    case 'ignored':
      return null;
  }
}
