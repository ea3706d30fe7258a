import { expect, it } from 'vitest';
import { createTestUser } from '../../../../../test/helpers/auth';
import { describeEachStore } from '../../../../../test/helpers/test-store';
import { logIn, openCheckout, useBillingTestApp } from '../../testing/test-api';

const DAY = 86_400_000;

describeEachStore('billing: sandbox checkout', (kind) => {
  const ctx = useBillingTestApp(kind);

  const page = (url: string) => ctx.t.app.inject({ method: 'GET', url });
  const press = (url: string, button: 'pay' | 'fail') =>
    ctx.t.app.inject({
      method: 'POST',
      url: `${url}/${button}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it('shows the plan, its price, GST at 18% separately and the total, with Pay and Fail buttons', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const { url } = await openCheckout(ctx.t, token, 'x-trader-yearly');
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('Premium - Yearly');
    expect(html).toMatch(/data-testid="price">₹40,000(\.00)?</);
    expect(html).toContain('GST (18%)');
    expect(html).toMatch(/data-testid="gst">₹7,200(\.00)?</);
    expect(html).toMatch(/data-testid="total">₹47,200(\.00)?</);
    expect(html).toContain(`action="${url}/pay"`);
    expect(html).toContain(`action="${url}/fail"`);
    expect(html).toContain('background:#0d0f12');
  });

  it('Pay activates the plan through the webhook path and sends the buyer to the thank-you page', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const { url } = await openCheckout(ctx.t, token, 'x-trader-yearly');
    expect((await ctx.api.status(token)).subscriptionStatus).toBe('pending');
    const paid = await press(url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/thank-you?expiry=2027-11-23&plan=x-trader-yearly');
    expect(await ctx.api.status(token)).toEqual({
      subscriptionStatus: 'live',
      activePlan: 'x-trader-yearly',
      expirationDate: '2027-11-23',
    });
    const events = await ctx.t.resources.db.selectFrom('billingEvents').selectAll().execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.eventType).toBe('subscription_activated');
  });

  it('a paid checkout is closed: the page and the buttons do nothing more', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const { url } = await openCheckout(ctx.t, token, 'x-trader-quarterly');
    await press(url, 'pay');
    const again = await press(url, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('/thank-you?expiry=2027-02-23&amp;plan=x-trader-quarterly');
    expect((await page(url)).statusCode).toBe(409);
    expect(await ctx.t.resources.db.selectFrom('billingEvents').selectAll().execute()).toHaveLength(1);
  });

  it('Fail leaves the subscription not live, and the buyer may retry and pay', async () => {
    const { token } = await createTestUser(ctx.t.app);
    const { url } = await openCheckout(ctx.t, token, 'x-trader-half-yearly');
    const failed = await press(url, 'fail');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('Payment failed');
    expect(await ctx.api.status(token)).toEqual({
      subscriptionStatus: 'none',
      activePlan: null,
      expirationDate: null,
    });
    const retry = await page(url);
    expect(retry.body).toContain('The previous payment attempt failed');
    expect((await press(url, 'pay')).headers.location).toBe(
      '/thank-you?expiry=2027-05-23&plan=x-trader-half-yearly',
    );
    expect((await ctx.api.status(token)).activePlan).toBe('x-trader-half-yearly');
  });

  it('paying during the trial makes the paid plan the active one; it expires after its year', async () => {
    const { account, token } = await createTestUser(ctx.t.app);
    await ctx.api.createSubscription(token, { plan_code: 'freeTrial' });
    ctx.t.resources.clock.advance(3 * DAY);
    const { url } = await openCheckout(ctx.t, token, 'x-trader-yearly');
    expect((await press(url, 'pay')).headers.location).toBe(
      '/thank-you?expiry=2027-11-26&plan=x-trader-yearly',
    );
    expect((await ctx.api.status(token)).activePlan).toBe('x-trader-yearly');
    ctx.t.resources.clock.advance(365 * DAY);
    expect(await ctx.api.status(await logIn(ctx.t, account))).toEqual({
      subscriptionStatus: 'expired',
      activePlan: null,
      expirationDate: '2027-11-26',
    });
  });

  it('a second paid plan bought while one runs starts when the first ends', async () => {
    const { token } = await createTestUser(ctx.t.app);
    await press((await openCheckout(ctx.t, token, 'x-trader-quarterly')).url, 'pay');
    const second = await press((await openCheckout(ctx.t, token, 'x-trader-quarterly')).url, 'pay');
    expect(second.headers.location).toBe('/thank-you?expiry=2027-05-23&plan=x-trader-quarterly');
  });

  it('unknown or malformed checkout ids are refused', async () => {
    expect(
      (await page('/v1/options-x/billing/sandbox/checkout/0123456789abcdef0123456789abcdef')).statusCode,
    ).toBe(404);
    expect((await page('/v1/options-x/billing/sandbox/checkout/nope')).statusCode).toBe(400);
  });
});
