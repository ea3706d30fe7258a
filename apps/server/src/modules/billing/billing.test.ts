import { expect, it } from 'vitest';
import { createTestUser } from '../../../test/helpers/auth';
import { describeEachStore } from '../../../test/helpers/test-store';
import { TRIAL_ALREADY_USED } from './service';
import { CHECKOUT_TTL_MS } from './status';
import { useBillingTestApp } from './testing/test-api';

const DAY = 86_400_000;

describeEachStore('billing: status, free trial and checkout', (kind) => {
  const ctx = useBillingTestApp(kind);

  it('a new user has no subscription', async () => {
    const { token } = await createTestUser(ctx.t.app);
    expect(await ctx.api.status(token)).toEqual({
      subscriptionStatus: 'none',
      activePlan: null,
      expirationDate: null,
    });
  });

  it('the free trial runs 14 days: live, then expired', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const created = await ctx.api.createSubscription(token, { plan_code: 'freeTrial' });
    expect(created.statusCode).toBe(200);
    // The fake clock starts 2026-11-23 09:30 IST.
    expect(created.json().data).toEqual({ expirationDate: '2026-12-07' });
    expect(await ctx.api.status(token)).toEqual({
      subscriptionStatus: 'live',
      activePlan: 'freeTrial',
      expirationDate: '2026-12-07',
    });
    ctx.t.resources.clock.advance(14 * DAY - 1);
    expect((await ctx.api.status(token)).subscriptionStatus).toBe('live');
    ctx.t.resources.clock.advance(1);
    expect(await ctx.api.status(token)).toEqual({
      subscriptionStatus: 'expired',
      activePlan: null,
      expirationDate: '2026-12-07',
    });
  });

  it('grants the free trial once per user, even to concurrent requests', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const results = await Promise.all(
      [1, 2, 3].map(() => ctx.api.createSubscription(token, { planId: 'freeTrial' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    ctx.t.resources.clock.advance(30 * DAY);
    const again = await ctx.api.createSubscription(token, { plan_code: 'freeTrial' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: TRIAL_ALREADY_USED });
    const other = await createTestUser(ctx.t.app);
    expect((await ctx.api.createSubscription(other.token, { plan_code: 'freeTrial' })).statusCode).toBe(200);
  });

  it.each(['x-trader-quarterly', 'x-trader-half-yearly', 'x-trader-yearly'])(
    'refuses to create %s directly: Please check your input',
    async (plan) => {
      const { token } = await createTestUser(ctx.t.app);
      const response = await ctx.api.createSubscription(token, { plan_code: plan });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Please check your input' });
      expect((await ctx.api.status(token)).subscriptionStatus).toBe('none');
    },
  );

  it('names the field of a missing or unknown plan code', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const missing = await ctx.api.createSubscription(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('plan_code: Please check your input');
    const unknown = await ctx.api.hostedPage(token, { plan_code: 'x-trader-monthly' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^plan_code: /);
    const trialPage = await ctx.api.hostedPage(token, { plan_code: 'freeTrial' });
    expect(trialPage.statusCode).toBe(400);
    expect(trialPage.json().message).toBe('Please check your input');
  });

  it('requires a logged-in caller', async () => {
    const response = await ctx.t.app.inject({
      method: 'GET',
      url: '/v1/options-x/zohoSubscriptions/getSubscriptionStatus',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Invalid authentication' });
    const page = await ctx.t.app.inject({
      method: 'POST',
      url: '/v1/options-x/zohoSubscriptions/getHostedPage',
      payload: { plan_code: 'x-trader-yearly' },
    });
    expect(page.statusCode).toBe(401);
    const forged = await ctx.t.app.inject({
      method: 'POST',
      url: '/v1/options-x/zohoSubscriptions/createZohoSubscription',
      headers: { authorization: 'not-a-token' },
      payload: { plan_code: 'freeTrial' },
    });
    expect(forged.json()).toEqual({ success: false, message: 'Invalid authentication' });
  });

  it('a hosted page (plan_code or planId) makes the status pending until the checkout lapses', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const byCode = await ctx.api.hostedPage(token, { plan_code: 'x-trader-yearly' });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().data.hostedPageUrl).toMatch(
      /^\/v1\/options-x\/billing\/sandbox\/checkout\/[0-9a-f]{32}$/,
    );
    const byId = await ctx.api.hostedPage(token, { planId: 'x-trader-quarterly' });
    expect(byId.json().data.hostedPageUrl).not.toBe(byCode.json().data.hostedPageUrl);
    expect(await ctx.api.status(token)).toEqual({
      subscriptionStatus: 'pending',
      activePlan: null,
      expirationDate: null,
    });
    ctx.t.resources.clock.advance(CHECKOUT_TTL_MS);
    expect((await ctx.api.status(token)).subscriptionStatus).toBe('none');
  });

  it('keeps each user to their own subscriptions', async () => {
    const a = await createTestUser(ctx.t.app);
    const b = await createTestUser(ctx.t.app);
    await ctx.api.createSubscription(a.token, { plan_code: 'freeTrial' });
    expect((await ctx.api.status(a.token)).subscriptionStatus).toBe('live');
    expect((await ctx.api.status(b.token)).subscriptionStatus).toBe('none');
  });
});
