import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestUser } from '../../../../../test/helpers/auth';
import type { TestApp } from '../../../../../test/helpers/test-app';
import { describeEachStore } from '../../../../../test/helpers/test-store';
import { billingApi, createBillingTestApp } from '../../testing/test-api';
import { FakeZoho } from './test/fake-zoho-server';

const credentials = {
  clientId: '1000.CLIENT',
  clientSecret: 'client-secret',
  refreshToken: '1000.refresh',
  organizationId: '60012345',
  webhookSecret: 'webhooksecret123',
};

describeEachStore('the free trial with the zoho provider (fake Zoho)', (kind) => {
  let zoho: FakeZoho;
  let t: TestApp;
  let api: ReturnType<typeof billingApi>;
  beforeEach(async () => {
    zoho = await new FakeZoho(credentials).start();
    // Zoho's date differs from ours on purpose (the app's clock says 23 Nov): the trial runs as Zoho holds it.
    zoho.today = '2026-11-22';
    t = await createBillingTestApp({
      store: kind,
      env: {
        XT_BILLING_PROVIDER: 'zoho',
        XT_PUBLIC_URL: 'https://trade.example.com',
        XT_ZOHO_ACCOUNTS_URL: zoho.accountsUrl,
        XT_ZOHO_API_URL: zoho.apiUrl,
        XT_ZOHO_CLIENT_ID: credentials.clientId,
        XT_ZOHO_CLIENT_SECRET: credentials.clientSecret,
        XT_ZOHO_REFRESH_TOKEN: credentials.refreshToken,
        XT_ZOHO_ORGANIZATION_ID: credentials.organizationId,
        XT_ZOHO_WEBHOOK_SECRET: credentials.webhookSecret,
      },
    });
    api = billingApi(t);
  });
  afterEach(async () => {
    await t.close();
    await zoho.stop();
  });

  const subscriptionCalls = () => zoho.requests.filter((r) => r.path === '/billing/v1/subscriptions');
  const rows = () => t.resources.db.selectFrom('subscriptions').selectAll().execute();

  it('creates the trial at Zoho and shows the expiry Zoho holds, in the answer and the status', async () => {
    const { account, token } = await createTestUser(t.app);
    const response = await api.createSubscription(token, { plan_code: 'freeTrial' });
    expect(response.statusCode).toBe(200);
    const [call] = subscriptionCalls();
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toMatch(/^Zoho-oauthtoken 1000\./);
    expect(call?.headers['x-com-zoho-subscriptions-organizationid']).toBe('60012345');
    const [record] = await rows();
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      customer: { display_name: account.name, email: account.email.toLowerCase() },
      plan: { plan_code: 'x-trader-quarterly', trial_days: 14 },
      auto_collect: false,
      reference_id: record?.id,
    });
    const atZoho = [...zoho.subscriptions.values()][0];
    expect(atZoho).toMatchObject({ status: 'trial', trial_ends_at: '2026-12-06' });
    // The thank-you page shows the date of this answer (/thank-you?expiry=...).
    expect(response.json().data).toEqual({ expirationDate: '2026-12-06' });
    expect(await api.status(token)).toEqual({
      subscriptionStatus: 'live',
      activePlan: 'freeTrial',
      expirationDate: '2026-12-06',
    });
    expect(record).toMatchObject({
      planCode: 'freeTrial',
      status: 'active',
      source: 'zoho',
      providerSubscriptionId: atZoho?.subscription_id,
    });
  });

  it("Zoho's webhooks for the trial change nothing, however often they come", async () => {
    const { token } = await createTestUser(t.app);
    await api.createSubscription(token, { plan_code: 'freeTrial' });
    // An open checkout of the trial's Zoho plan must not be taken for the trial's subscription either.
    expect((await api.hostedPage(token, { plan_code: 'x-trader-quarterly' })).statusCode).toBe(200);
    const before = await rows();
    const trial = [...zoho.subscriptions.values()][0];
    if (!trial) throw new Error('no trial at Zoho');
    const created = zoho.webhook('subscription_created', trial);
    expect((await api.webhook(created)).json().data.outcome).toBe('applied');
    expect((await api.webhook(created)).json().data.outcome).toBe('duplicate');
    expect((await api.webhook(zoho.webhook('subscription_created', trial))).statusCode).toBe(200);
    expect(await rows()).toEqual(before);
    expect(await api.status(token)).toEqual({
      subscriptionStatus: 'live',
      activePlan: 'freeTrial',
      expirationDate: '2026-12-06',
    });
  });

  it('a trial webhook that beats our link to it is never taken for an open checkout of the same plan', async () => {
    const { account, token } = await createTestUser(t.app);
    expect((await api.hostedPage(token, { plan_code: 'x-trader-quarterly' })).statusCode).toBe(200);
    const early = {
      subscription_id: '903000099',
      status: 'trial',
      plan: { plan_code: 'x-trader-quarterly' },
      customer: { email: account.email.toLowerCase(), display_name: account.name },
      current_term_starts_at: '2026-11-22',
      current_term_ends_at: '2026-12-06',
      trial_ends_at: '2026-12-06',
    };
    expect((await api.webhook(zoho.webhook('subscription_created', early))).json().data.outcome).toBe(
      'unmatched',
    );
    const [checkout] = await rows();
    expect(checkout).toMatchObject({ planCode: 'x-trader-quarterly', providerSubscriptionId: null });
  });

  it('a trial the customer pays for at Zoho becomes a paid plan here, once, and renews as one', async () => {
    const { token } = await createTestUser(t.app);
    await api.createSubscription(token, { plan_code: 'freeTrial' });
    const trial = [...zoho.subscriptions.values()][0];
    if (!trial) throw new Error('no trial at Zoho');
    const converted = zoho.webhook(
      'subscription_activated',
      zoho.convertTrial(trial.subscription_id, '2026-11-23'),
    );
    expect((await api.webhook(converted)).json().data.outcome).toBe('applied');
    const paid = {
      subscriptionStatus: 'live',
      activePlan: 'x-trader-quarterly',
      expirationDate: '2027-02-23',
    };
    expect(await api.status(token)).toEqual(paid);
    expect((await api.webhook(converted)).json().data.outcome).toBe('duplicate');
    expect(await rows()).toHaveLength(2);
    await api.webhook(zoho.webhook('subscription_renewed', zoho.renew(trial.subscription_id)));
    expect(await api.status(token)).toEqual({ ...paid, expirationDate: '2027-05-23' });
    expect(await rows()).toHaveLength(2);
    // The trial itself is not given back: the one-trial rule still holds.
    expect((await api.createSubscription(token, { plan_code: 'freeTrial' })).statusCode).toBe(409);
  });

  it('Zoho down: a clear error, no local trial, and the trial can be started once Zoho is back', async () => {
    const { token } = await createTestUser(t.app);
    zoho.failSubscriptionsWith = 503;
    const refused = await api.createSubscription(token, { plan_code: 'freeTrial' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      success: false,
      message: 'The payment provider is not reachable right now, please try again',
    });
    expect(await rows()).toEqual([]);
    expect(await api.status(token)).toMatchObject({ subscriptionStatus: 'none' });
    zoho.failSubscriptionsWith = undefined;
    expect((await api.createSubscription(token, { plan_code: 'freeTrial' })).statusCode).toBe(200);
    expect(zoho.subscriptions.size).toBe(1);
  });

  it('Zoho unreachable: the same clear error and no local trial', async () => {
    const { token } = await createTestUser(t.app);
    await zoho.stop();
    const refused = await api.createSubscription(token, { plan_code: 'freeTrial' });
    expect(refused.statusCode).toBe(502);
    expect(await rows()).toEqual([]);
  });

  it('one trial per user: a second request is refused before Zoho is asked again', async () => {
    const { token } = await createTestUser(t.app);
    expect((await api.createSubscription(token, { plan_code: 'freeTrial' })).statusCode).toBe(200);
    const again = await api.createSubscription(token, { plan_code: 'freeTrial' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your free trial has already been used');
    expect(subscriptionCalls()).toHaveLength(1);
  });
});
