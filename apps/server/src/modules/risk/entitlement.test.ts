import { PLAN_KEYS, SUBSCRIPTION_STATUSES } from '@xtrader/core/api/billing';
import { BROKER_IDS } from '@xtrader/core/brokers/ids';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { describeEachStore } from '../../../test/helpers/test-store';
import { DomainError } from '../../domain-error';
import {
  type BillingTestApp,
  billingApi,
  createBillingTestApp,
  openCheckout,
} from '../billing/testing/test-api';
import {
  createEntitlementGuard,
  entitlementSources,
  type PlacementGuard,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from './entitlement';

const PAID = new Set(['x-trader-quarterly', 'x-trader-half-yearly', 'x-trader-yearly']);
const BROKERS = [...BROKER_IDS, null];
const PLANS = [...PLAN_KEYS, null];

describe('entitlement guard: every broker x status x plan combination', () => {
  const cases = BROKERS.flatMap((broker) =>
    SUBSCRIPTION_STATUSES.flatMap((status) => PLANS.map((plan) => [broker, status, plan] as const)),
  );

  it.each(cases)('broker %s, status %s, plan %s', async (broker, status, plan) => {
    let subscriptionReads = 0;
    const guard = createEntitlementGuard({
      subscriptionOf: async () => {
        subscriptionReads += 1;
        return { subscriptionStatus: status, activePlan: plan };
      },
    });
    const entitled = broker === 'PAPERTRADE' || status === 'live' || (plan !== null && PAID.has(plan));
    if (entitled) await expect(guard('u1', broker)).resolves.toBeUndefined();
    else {
      const refusal = guard('u1', broker);
      await expect(refusal).rejects.toBeInstanceOf(DomainError);
      await expect(refusal).rejects.toMatchObject({
        code: 'subscription_required',
        message: SUBSCRIPTION_REQUIRED_MESSAGE,
      });
    }
    // Practice Mode trades without asking billing at all.
    expect(subscriptionReads).toBe(broker === 'PAPERTRADE' ? 0 : 1);
  });
});

describeEachStore('entitlement guard on real accounts and subscriptions', (kind) => {
  let t: BillingTestApp;
  let guard: PlacementGuard;
  beforeEach(async () => {
    t = await createBillingTestApp({ store: kind });
    guard = createEntitlementGuard(entitlementSources(t.billing.service));
  });
  afterEach(async () => {
    await t.close();
  });

  const userIdOf = async (token: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/v1/options-x/auth/getUserInfo', headers: authHeader(token) })
    ).json().data.user.id as string;

  it('refuses a user with no subscription, with or without a linked broker; Practice Mode may trade', async () => {
    const { token } = await createTestUser(t.app);
    const userId = await userIdOf(token);
    await expect(guard(userId, null)).rejects.toMatchObject({ code: 'subscription_required' });
    await expect(guard(userId, 'ZERODHA')).rejects.toMatchObject({ code: 'subscription_required' });
    await expect(guard(userId, 'PAPERTRADE')).resolves.toBeUndefined();
  });

  it('admits a broker user during the trial and refuses them once it has ended', async () => {
    const { token } = await createTestUser(t.app);
    const userId = await userIdOf(token);
    await billingApi(t).createSubscription(token, { plan_code: 'freeTrial' });
    await expect(guard(userId, 'IIFL')).resolves.toBeUndefined();
    t.resources.clock.advance(14 * 86_400_000);
    await expect(guard(userId, 'IIFL')).rejects.toBeInstanceOf(DomainError);
  });

  it('admits a broker user once a paid plan is paid, not while it is pending', async () => {
    const { token } = await createTestUser(t.app);
    const userId = await userIdOf(token);
    const { url } = await openCheckout(t, token, 'x-trader-yearly');
    await expect(guard(userId, 'ZERODHA')).rejects.toMatchObject({ code: 'subscription_required' });
    await t.app.inject({
      method: 'POST',
      url: `${url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await expect(guard(userId, 'ZERODHA')).resolves.toBeUndefined();
  });
});
