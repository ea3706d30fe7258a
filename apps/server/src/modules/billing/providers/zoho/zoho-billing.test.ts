import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestUser } from '../../../../../test/helpers/auth';
import type { TestApp } from '../../../../../test/helpers/test-app';
import { describeEachStore } from '../../../../../test/helpers/test-store';
import { ConfigError, loadConfig } from '../../../../config';
import { billingApi, createBillingTestApp } from '../../testing/test-api';
import { FakeZoho } from './test/fake-zoho-server';

const credentials = {
  clientId: '1000.CLIENT',
  clientSecret: 'client-secret',
  refreshToken: '1000.refresh',
  organizationId: '60012345',
  webhookSecret: 'webhooksecret123',
};

describeEachStore('billing with the zoho provider (fake Zoho)', (kind) => {
  let zoho: FakeZoho;
  let t: TestApp;
  let api: ReturnType<typeof billingApi>;
  beforeEach(async () => {
    zoho = await new FakeZoho(credentials).start();
    t = await createBillingTestApp({
      store: kind,
      env: {
        XT_BILLING_PROVIDER: 'zoho',
        XT_PUBLIC_URL: 'https://trade.example.com/',
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

  async function checkout(token: string, plan = 'x-trader-yearly') {
    const response = await api.hostedPage(token, { plan_code: plan });
    expect(response.statusCode).toBe(200);
    const url = response.json().data.hostedPageUrl as string;
    const page = [...zoho.hostedPages.values()].find((p) => p.url === url);
    if (!page) throw new Error('no hosted page at Zoho');
    return page;
  }

  it('sends the buyer to Zoho and activates on Zoho webhook, idempotently', async () => {
    const { account, token } = await createTestUser(t.app);
    const page = await checkout(token);
    expect(page.email).toBe(account.email.toLowerCase());
    expect(page.redirectUrl).toMatch(
      /^https:\/\/trade\.example\.com\/v1\/options-x\/zohoSubscriptions\/return\?ref=/,
    );
    expect(await api.status(token)).toMatchObject({ subscriptionStatus: 'pending' });
    // The webhook arrives before the buyer is back: it is matched by customer email and plan.
    const delivery = zoho.webhook(
      'subscription_activated',
      zoho.completeHostedPage(page.hostedpage_id, '2026-11-23'),
    );
    expect((await api.webhook(delivery)).json().data.outcome).toBe('applied');
    const live = { subscriptionStatus: 'live', activePlan: 'x-trader-yearly', expirationDate: '2027-11-23' };
    expect(await api.status(token)).toEqual(live);
    expect((await api.webhook(delivery)).json().data.outcome).toBe('duplicate');
    expect(await api.status(token)).toEqual(live);
  });

  it('the return from the hosted page looks the payment up and lands on the thank-you page', async () => {
    const { token } = await createTestUser(t.app);
    const page = await checkout(token, 'x-trader-quarterly');
    const subscription = zoho.completeHostedPage(page.hostedpage_id, '2026-11-23');
    const back = await t.app.inject({
      method: 'GET',
      url: page.redirectUrl.replace('https://trade.example.com', ''),
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/thank-you?expiry=2027-02-23&plan=x-trader-quarterly');
    expect(await api.status(token)).toMatchObject({
      subscriptionStatus: 'live',
      activePlan: 'x-trader-quarterly',
    });
    // Zoho's own webhook for the same activation then changes nothing; its renewal extends the term.
    await api.webhook(zoho.webhook('subscription_activated', subscription));
    expect((await api.status(token)).expirationDate).toBe('2027-02-23');
    await api.webhook(zoho.webhook('subscription_renewed', zoho.renew(subscription.subscription_id)));
    expect((await api.status(token)).expirationDate).toBe('2027-05-23');
  });

  it('an unpaid return still lands on the thank-you page, with the plan pending', async () => {
    const { token } = await createTestUser(t.app);
    const page = await checkout(token);
    const back = await t.app.inject({
      method: 'GET',
      url: page.redirectUrl.replace('https://trade.example.com', ''),
    });
    expect(back.headers.location).toBe('/thank-you?expiry=2027-11-23&plan=x-trader-yearly');
    expect((await api.status(token)).subscriptionStatus).toBe('pending');
  });

  it('a declined payment webhook fails the checkout', async () => {
    const { token } = await createTestUser(t.app);
    const page = await checkout(token);
    const subscription = { ...zoho.completeHostedPage(page.hostedpage_id, '2026-11-23'), status: 'unpaid' };
    await api.webhook(zoho.webhook('payment_declined', subscription));
    expect((await api.status(token)).subscriptionStatus).toBe('none');
    const record = await t.resources.db
      .selectFrom('subscriptions')
      .select('status')
      .executeTakeFirstOrThrow();
    expect(record.status).toBe('failed');
  });

  it('Zoho unreachable: 502 with a plain message, and nothing recorded', async () => {
    const { token } = await createTestUser(t.app);
    await zoho.stop();
    const response = await api.hostedPage(token, { plan_code: 'x-trader-yearly' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('The payment provider is not reachable right now, please try again');
    expect((await api.status(token)).subscriptionStatus).toBe('none');
  });
});

it('the zoho provider needs its credentials and the public URL', () => {
  expect(() => loadConfig({ XT_BILLING_PROVIDER: 'zoho', XT_ZOHO_CLIENT_ID: 'x' })).toThrow(ConfigError);
  try {
    loadConfig({ XT_BILLING_PROVIDER: 'zoho', XT_ZOHO_CLIENT_ID: 'x' });
  } catch (error) {
    expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'XT_PUBLIC_URL',
      'XT_ZOHO_CLIENT_SECRET',
      'XT_ZOHO_ORGANIZATION_ID',
      'XT_ZOHO_REFRESH_TOKEN',
      'XT_ZOHO_WEBHOOK_SECRET',
    ]);
  }
  expect(loadConfig({}).billing).toEqual({ provider: 'sandbox', publicUrl: undefined, zoho: undefined });
});
