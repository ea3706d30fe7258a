import { istEpochMs } from '@xtrader/core/market/dates';
import { describe, expect, it } from 'vitest';
import { addIstMonths, endOfIstDay, periodEndFor } from './periods';
import { CHECKOUT_TTL_MS, type SubscriptionFacts, subscriptionStatusOf } from './status';

const DAY = 86_400_000;
const T0 = istEpochMs('2026-11-23', 9, 30);

const trial = (start = T0): SubscriptionFacts => ({
  planCode: 'freeTrial',
  status: 'active',
  periodStart: start,
  periodEnd: periodEndFor('freeTrial', start),
  createdAt: start,
});
const yearly = (start = T0, status: SubscriptionFacts['status'] = 'active'): SubscriptionFacts => ({
  planCode: 'x-trader-yearly',
  status,
  periodStart: status === 'active' || status === 'cancelled' ? start : null,
  periodEnd: status === 'active' || status === 'cancelled' ? periodEndFor('x-trader-yearly', start) : null,
  createdAt: start,
});

describe('plan periods', () => {
  it.each([
    ['freeTrial', '2026-12-07'],
    ['x-trader-quarterly', '2027-02-23'],
    ['x-trader-half-yearly', '2027-05-23'],
    ['x-trader-yearly', '2027-11-23'],
  ] as const)('%s bought on 23 Nov 2026 ends on %s (IST)', (plan, end) => {
    expect(periodEndFor(plan, T0)).toBe(istEpochMs(end, 9, 30));
  });

  it('clamps the day to the target month and keeps the IST wall-clock time', () => {
    expect(addIstMonths(istEpochMs('2027-01-31', 23, 50), 1)).toBe(istEpochMs('2027-02-28', 23, 50));
    expect(addIstMonths(istEpochMs('2027-11-30', 0, 10), 3)).toBe(istEpochMs('2028-02-29', 0, 10));
  });

  it('reads a provider date-only term end as the end of that IST day', () => {
    expect(endOfIstDay('2027-11-23')).toBe(istEpochMs('2027-11-24') - 1);
  });
});

describe('subscription status over time', () => {
  const at = (records: SubscriptionFacts[], now: number) => subscriptionStatusOf(records, now);

  it('never subscribed: none', () => {
    expect(at([], T0)).toEqual({ subscriptionStatus: 'none', activePlan: null, expirationDate: null });
  });

  it('trial running: live on freeTrial until its 14th day', () => {
    const expected = { subscriptionStatus: 'live', activePlan: 'freeTrial', expirationDate: '2026-12-07' };
    expect(at([trial()], T0)).toEqual(expected);
    expect(at([trial()], T0 + 14 * DAY - 1)).toEqual(expected);
  });

  it('trial ended: expired, and no plan is reported as active', () => {
    expect(at([trial()], T0 + 14 * DAY)).toEqual({
      subscriptionStatus: 'expired',
      activePlan: null,
      expirationDate: '2026-12-07',
    });
  });

  it('paid active: live on the paid plan, which outranks a trial still running', () => {
    expect(at([trial(), yearly(T0 + DAY)], T0 + 2 * DAY)).toEqual({
      subscriptionStatus: 'live',
      activePlan: 'x-trader-yearly',
      expirationDate: '2027-11-24',
    });
  });

  it('paid ended: expired with the last end date', () => {
    expect(at([trial(), yearly(T0)], periodEndFor('x-trader-yearly', T0))).toEqual({
      subscriptionStatus: 'expired',
      activePlan: null,
      expirationDate: '2027-11-23',
    });
  });

  it('pending while a checkout awaits payment, for as long as a hosted page lives', () => {
    const pending = [yearly(T0, 'pending')];
    expect(at(pending, T0 + CHECKOUT_TTL_MS - 1).subscriptionStatus).toBe('pending');
    expect(at(pending, T0 + CHECKOUT_TTL_MS).subscriptionStatus).toBe('none');
  });

  it('a running trial wins over a pending checkout; an ended one does not', () => {
    const records = [trial(T0 - 20 * DAY), yearly(T0, 'pending')];
    expect(at([trial(), yearly(T0, 'pending')], T0).subscriptionStatus).toBe('live');
    expect(at(records, T0)).toEqual({
      subscriptionStatus: 'pending',
      activePlan: null,
      expirationDate: null,
    });
  });

  it('a declined payment is not live and leaves the older state', () => {
    expect(at([yearly(T0, 'failed')], T0).subscriptionStatus).toBe('none');
    expect(at([trial(T0 - 20 * DAY), yearly(T0, 'failed')], T0).subscriptionStatus).toBe('expired');
  });

  it('a paid period bought to follow a running one is live through both', () => {
    const first = yearly(T0);
    const secondStart = first.periodEnd ?? 0;
    const records = [first, yearly(secondStart)];
    expect(at(records, secondStart + DAY)).toMatchObject({
      subscriptionStatus: 'live',
      expirationDate: '2028-11-23',
    });
  });
});
