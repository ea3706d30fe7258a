import { istEpochMs } from '@xtrader/core/market/dates';
import { describe, expect, it } from 'vitest';
import { type BillingEvent, changeFor, type SubscriptionState } from './events';
import { periodEndFor } from './periods';

const NOW = istEpochMs('2026-11-23', 9, 30);
const YEAR_END = periodEndFor('x-trader-yearly', NOW);
const event = (kind: BillingEvent['kind'], extra: Partial<BillingEvent> = {}): BillingEvent => ({
  eventId: 'e1',
  eventType: kind,
  kind,
  providerSubscriptionId: 's1',
  planCode: 'x-trader-yearly',
  customerEmail: 'a@b.c',
  termStart: null,
  termEnd: null,
  ...extra,
});
const pending: SubscriptionState = {
  planCode: 'x-trader-yearly',
  status: 'pending',
  periodStart: null,
  periodEnd: null,
};
const active: SubscriptionState = { ...pending, status: 'active', periodStart: NOW, periodEnd: YEAR_END };
const ctx = { now: NOW, paidUntil: null };

describe('what a provider event does to a subscription', () => {
  it('activation starts the period now, for the plan length', () => {
    expect(changeFor(pending, event('activated'), ctx)).toEqual({
      status: 'active',
      periodStart: NOW,
      periodEnd: YEAR_END,
    });
  });

  it('activation follows a paid period still running, and takes the provider term when given', () => {
    const later = NOW + 1000;
    expect(changeFor(pending, event('activated'), { now: NOW, paidUntil: later })).toMatchObject({
      periodStart: later,
    });
    expect(changeFor(pending, event('activated', { termStart: 5, termEnd: 9 }), ctx)).toEqual({
      status: 'active',
      periodStart: 5,
      periodEnd: 9,
    });
  });

  it('a second activation changes nothing unless it reports a later end', () => {
    expect(changeFor(active, event('activated'), ctx)).toBeNull();
    expect(changeFor(active, event('activated', { termEnd: YEAR_END + 1 }), ctx)).toEqual({
      periodEnd: YEAR_END + 1,
    });
  });

  it('a renewal extends by one more term from the current end', () => {
    expect(changeFor(active, event('renewed'), ctx)).toEqual({
      periodEnd: periodEndFor('x-trader-yearly', YEAR_END),
    });
    expect(changeFor(active, event('renewed', { termEnd: YEAR_END - 1 }), ctx)).toBeNull();
  });

  it('a failed payment fails an unpaid checkout and leaves a running period alone', () => {
    expect(changeFor(pending, event('paymentFailed'), ctx)).toEqual({ status: 'failed' });
    expect(changeFor(active, event('paymentFailed'), ctx)).toBeNull();
  });

  it('an end closes the period now; cancelled stays cancelled', () => {
    const later = { now: NOW + 5000, paidUntil: null };
    expect(changeFor(active, event('ended'), later)).toEqual({ status: 'cancelled', periodEnd: NOW + 5000 });
    expect(changeFor({ ...active, status: 'cancelled' }, event('activated'), ctx)).toBeNull();
    expect(changeFor(active, event('ignored'), ctx)).toBeNull();
  });
});
