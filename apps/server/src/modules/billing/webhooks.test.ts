import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestUser } from '../../../test/helpers/auth';
import type { TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { sandboxWebhookSecret } from './providers/sandbox/index';
import { signZohoWebhook, ZOHO_SIGNATURE_HEADER } from './providers/zoho/signature';
import { createBillingStore } from './store';
import { billingApi, createBillingTestApp, logIn, openCheckout } from './testing/test-api';

const DAY = 86_400_000;

describeEachStore('billing: provider webhooks', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof billingApi>;
  let secret: string;
  beforeEach(async () => {
    t = await createBillingTestApp({ store: kind });
    api = billingApi(t);
    secret = sandboxWebhookSecret(t.resources.masterKey);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A signed Zoho-format event about the user's open checkout. */
  async function eventFor(token: string, plan: string, eventType: string, extra: object = {}) {
    const { ref } = await openCheckout(t, token, plan);
    const record = await createBillingStore(t.resources.db).findByCheckoutRef(ref);
    const subscription = {
      subscription_id: record?.providerSubscriptionId,
      status: 'live',
      plan: { plan_code: plan },
    };
    return (type = eventType, id = `evt-${Math.random()}`) => {
      const rawBody = JSON.stringify({
        event_id: id,
        event_type: type,
        data: { subscription: { ...subscription, ...extra } },
      });
      return { rawBody, headers: { [ZOHO_SIGNATURE_HEADER]: signZohoWebhook(secret, rawBody) } };
    };
  }

  it('activates on a signed event, and a replayed event id changes nothing', async () => {
    const { token } = await createTestUser(t.app);
    const event = await eventFor(token, 'x-trader-quarterly', 'subscription_activated');
    const delivery = event('subscription_activated', 'evt-1');
    const first = await api.webhook(delivery);
    expect(first.json()).toEqual({ success: true, message: 'received', data: { outcome: 'applied' } });
    const before = await api.status(token);
    expect(before).toEqual({
      subscriptionStatus: 'live',
      activePlan: 'x-trader-quarterly',
      expirationDate: '2027-02-23',
    });
    t.resources.clock.advance(DAY);
    const replay = await api.webhook(delivery);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ outcome: 'duplicate' });
    // A replayed renewal must not extend twice either.
    const renewal = event('subscription_renewed', 'evt-2');
    await api.webhook(renewal);
    await api.webhook(renewal);
    expect((await api.status(token)).expirationDate).toBe('2027-05-23');
  });

  it('refuses a bad or missing signature (401) and changes nothing', async () => {
    const { token } = await createTestUser(t.app);
    const delivery = (await eventFor(token, 'x-trader-yearly', 'subscription_activated'))();
    const forged = {
      ...delivery,
      headers: { [ZOHO_SIGNATURE_HEADER]: signZohoWebhook('not-the-secret', delivery.rawBody) },
    };
    expect((await api.webhook(forged)).statusCode).toBe(401);
    expect((await api.webhook({ rawBody: delivery.rawBody, headers: {} })).statusCode).toBe(401);
    const tampered = {
      ...delivery,
      rawBody: delivery.rawBody.replace('x-trader-yearly', 'x-trader-quarterly'),
    };
    expect((await api.webhook(tampered)).json()).toEqual({
      success: false,
      message: 'Invalid webhook signature',
    });
    expect((await api.status(token)).subscriptionStatus).toBe('pending');
  });

  it('a signed body that is not an event is a 400 naming the field', async () => {
    const rawBody = JSON.stringify({ event_type: 'subscription_activated' });
    const response = await api.webhook({
      rawBody,
      headers: { [ZOHO_SIGNATURE_HEADER]: signZohoWebhook(secret, rawBody) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^event_id: /);
    const notJson = await api.webhook({
      rawBody: '{',
      headers: { [ZOHO_SIGNATURE_HEADER]: signZohoWebhook(secret, '{') },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('a renewal extends the period past its first end', async () => {
    const { account, token } = await createTestUser(t.app);
    const event = await eventFor(token, 'x-trader-yearly', 'subscription_activated');
    await api.webhook(event());
    t.resources.clock.advance(364 * DAY);
    await api.webhook(event('subscription_renewed'));
    t.resources.clock.advance(2 * DAY);
    expect(await api.status(await logIn(t, account))).toEqual({
      subscriptionStatus: 'live',
      activePlan: 'x-trader-yearly',
      expirationDate: '2028-11-23',
    });
  });

  it('a declined payment leaves the subscription not live', async () => {
    const { token } = await createTestUser(t.app);
    const event = await eventFor(token, 'x-trader-yearly', 'payment_declined');
    expect((await api.webhook(event())).json().data.outcome).toBe('applied');
    expect(await api.status(token)).toEqual({
      subscriptionStatus: 'none',
      activePlan: null,
      expirationDate: null,
    });
  });

  it('a cancellation ends a running period now', async () => {
    const { token } = await createTestUser(t.app);
    const event = await eventFor(token, 'x-trader-yearly', 'subscription_activated');
    await api.webhook(event());
    t.resources.clock.advance(10 * DAY);
    await api.webhook(event('subscription_cancelled'));
    expect(await api.status(token)).toEqual({
      subscriptionStatus: 'expired',
      activePlan: null,
      expirationDate: '2026-12-03',
    });
  });

  it('acknowledges events it does not use and events about unknown subscriptions', async () => {
    const { token } = await createTestUser(t.app);
    const event = await eventFor(token, 'x-trader-yearly', 'invoice_created');
    expect((await api.webhook(event())).json().data.outcome).toBe('applied');
    expect((await api.status(token)).subscriptionStatus).toBe('pending');
    const stranger = JSON.stringify({
      event_id: 'evt-x',
      event_type: 'subscription_activated',
      data: {
        subscription: { subscription_id: 'nobody', status: 'live', plan: { plan_code: 'x-trader-yearly' } },
      },
    });
    const response = await api.webhook({
      rawBody: stranger,
      headers: { [ZOHO_SIGNATURE_HEADER]: signZohoWebhook(secret, stranger) },
    });
    expect(response.json().data.outcome).toBe('unmatched');
  });
});
