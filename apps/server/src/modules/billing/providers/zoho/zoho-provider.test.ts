import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../../../test/helpers/fake-clock';
import { BillingProviderError } from '../../errors';
import { endOfIstDay, startOfIstDay } from '../../periods';
import type { BillingProvider } from '../../provider';
import { createZohoProvider } from './index';
import { signZohoWebhook, ZOHO_SIGNATURE_HEADER, zohoSigningString } from './signature';
import { FakeZoho } from './test/fake-zoho-server';

const credentials = {
  clientId: '1000.CLIENT',
  clientSecret: 'client-secret',
  refreshToken: '1000.refresh',
  organizationId: '60012345',
  webhookSecret: 'webhooksecret123',
};
const PUBLIC_URL = 'https://trade.example.com';
const checkoutRequest = {
  subscriptionId: 'sub-1',
  plan: {
    key: 'x-trader-yearly',
    duration: 'yearly',
    title: 'Premium',
    discountedPrice: 40000,
    originalPrice: 60000,
    discountPercentage: 33,
    description: 'Yearly',
  },
  customer: { name: 'Asha Rao', email: 'asha@example.com' },
} as const;

describe('zoho provider against a fake Zoho (contract)', () => {
  let zoho: FakeZoho;
  let clock: FakeClock;
  let provider: BillingProvider;
  beforeEach(async () => {
    zoho = await new FakeZoho(credentials).start();
    clock = createFakeClock();
    const settings = { ...credentials, accountsUrl: zoho.accountsUrl, apiUrl: zoho.apiUrl };
    provider = createZohoProvider({ settings, publicUrl: PUBLIC_URL, clock });
  });
  afterEach(async () => {
    await zoho.stop();
  });

  it('opens a hosted page for a new subscription with the customer, plan code and return address', async () => {
    const checkout = await provider.createCheckout(checkoutRequest);
    const call = zoho.requests.find((r) => r.path === '/billing/v1/hostedpages/newsubscription');
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toMatch(/^Zoho-oauthtoken 1000\./);
    expect(call?.headers['x-com-zoho-subscriptions-organizationid']).toBe('60012345');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      customer: { display_name: 'Asha Rao', email: 'asha@example.com' },
      plan: { plan_code: 'x-trader-yearly' },
      redirect_url: 'https://trade.example.com/v1/options-x/zohoSubscriptions/return?ref=sub-1',
    });
    const page = zoho.hostedPages.get(checkout.checkoutRef);
    expect(checkout).toEqual({
      hostedPageUrl: page?.url,
      checkoutRef: page?.hostedpage_id,
      providerSubscriptionId: null,
    });
  });

  it('refreshes the access token with the refresh-token grant, reuses it, and renews it near expiry', async () => {
    await provider.createCheckout(checkoutRequest);
    await provider.createCheckout(checkoutRequest);
    expect(zoho.tokenRequests()).toBe(1);
    const tokenCall = zoho.requests.find((r) => r.path.startsWith('/oauth/v2/token'));
    const params = new URL(tokenCall?.path ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      refresh_token: '1000.refresh',
      client_id: '1000.CLIENT',
      client_secret: 'client-secret',
      grant_type: 'refresh_token',
    });
    clock.advance(59 * 60_000);
    await provider.createCheckout(checkoutRequest);
    expect(zoho.tokenRequests()).toBe(2);
  });

  it('retries once with a new token when Zoho refuses the current one', async () => {
    await provider.createCheckout(checkoutRequest);
    zoho.revokeTokens();
    await expect(provider.createCheckout(checkoutRequest)).resolves.toMatchObject({
      providerSubscriptionId: null,
    });
    expect(zoho.tokenRequests()).toBe(2);
  });

  it('reports refused credentials and Zoho errors as provider errors (502)', async () => {
    const settings = {
      ...credentials,
      refreshToken: 'revoked',
      accountsUrl: zoho.accountsUrl,
      apiUrl: zoho.apiUrl,
    };
    const refused = createZohoProvider({ settings, publicUrl: PUBLIC_URL, clock });
    await expect(refused.createCheckout(checkoutRequest)).rejects.toBeInstanceOf(BillingProviderError);
    const badPlan = { ...checkoutRequest, plan: { ...checkoutRequest.plan, key: 'gold' } } as never;
    await expect(provider.createCheckout(badPlan)).rejects.toMatchObject({ code: 'billing_unavailable' });
  });

  it('looks up a checkout: nothing while unpaid, then the live subscription and its term', async () => {
    const { checkoutRef } = await provider.createCheckout(checkoutRequest);
    expect(await provider.lookupCheckout(checkoutRef)).toBeNull();
    const subscription = zoho.completeHostedPage(checkoutRef, '2026-11-23');
    expect(await provider.lookupCheckout(checkoutRef)).toEqual({
      eventId: `hostedpage:${checkoutRef}`,
      eventType: 'subscription_activated',
      kind: 'activated',
      providerSubscriptionId: subscription.subscription_id,
      planCode: 'x-trader-yearly',
      customerEmail: 'asha@example.com',
      termStart: startOfIstDay('2026-11-23'),
      termEnd: endOfIstDay('2027-11-23'),
    });
    expect(
      zoho.requests.some((r) => r.path === `/billing/v1/subscriptions/${subscription.subscription_id}`),
    ).toBe(true);
  });

  it('verifies X-Zoho-Webhook-Signature over the sorted query pairs and the raw body', async () => {
    const { checkoutRef } = await provider.createCheckout(checkoutRequest);
    const delivery = zoho.webhook(
      'subscription_activated',
      zoho.completeHostedPage(checkoutRef, '2026-11-23'),
      {
        subscription_id: '90343',
        name: 'basic',
      },
    );
    expect(zohoSigningString('{"a":1}', { subscription_id: '90343', name: 'basic' })).toBe(
      'namebasicsubscription_id90343{"a":1}',
    );
    expect(provider.verifyWebhook(delivery)).toBe(true);
    expect(provider.verifyWebhook({ ...delivery, query: {} })).toBe(false);
    const forged = signZohoWebhook('another-secret', delivery.rawBody, delivery.query);
    expect(provider.verifyWebhook({ ...delivery, headers: { [ZOHO_SIGNATURE_HEADER]: forged } })).toBe(false);
    expect(provider.parseWebhook(delivery.rawBody)).toMatchObject({
      kind: 'activated',
      planCode: 'x-trader-yearly',
    });
  });
});
