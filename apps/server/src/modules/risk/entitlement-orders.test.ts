import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import { silentLogger } from '../../logger';
import { createSandboxProvider } from '../billing/providers/sandbox/index';
import { type BillingService, createBillingService } from '../billing/service';
import { createBillingStore } from '../billing/store';
import { type BillingWebhooks, createBillingWebhooks } from '../billing/webhooks';
import type { BrokerRegistry } from '../brokers/broker';
import { createOrdersHarness, type OrdersHarness } from '../orders/testing/harness';
import { addUser, orderBody } from '../orders/testing/orders-fixtures';
import { createEntitlementGuard, SUBSCRIPTION_REQUIRED_MESSAGE } from './entitlement';

// The entitlement guard wired into the real order manager (as the composition root does): a refused order
// reaches no broker; the same order goes through once the user is entitled.

describeEachStore('entitlement on POST /order and /order/iceberg', (kind) => {
  let h: OrdersHarness;
  let billing: BillingService;
  let webhooks: BillingWebhooks;
  const brokers = new Map<string, string>();
  const sandbox = createSandboxProvider('sandbox-secret-for-tests');

  beforeEach(async () => {
    const guard = createEntitlementGuard({ subscriptionOf: (userId) => billing.getStatus(userId) });
    // Each user trades at their own broker: the fake broker's session under that broker's id.
    const registry: BrokerRegistry = {
      async sessionFor(userId) {
        const session = await h.broker.registry.sessionFor(userId);
        const brokerId = brokers.get(userId);
        return session && brokerId ? { ...session, brokerId } : session;
      },
    };
    h = await createOrdersHarness({ store: kind, placementGuards: [guard], registry });
    const store = createBillingStore(h.db);
    webhooks = createBillingWebhooks({ store, provider: sandbox, clock: h.clock, logger: silentLogger() });
    const customers = { getCustomer: async (id: string) => ({ name: 'Trader', email: `${id}@example.com` }) };
    billing = createBillingService({ store, provider: sandbox, webhooks, customers, clock: h.clock });
  });
  afterEach(async () => {
    await h.close();
  });

  /** A user of the order engine with an account row (subscriptions belong to accounts). */
  async function trader(activeBroker: string): Promise<string> {
    const id = addUser(h);
    brokers.set(id, activeBroker);
    const now = h.clock.now();
    await h.db
      .insertInto('users')
      .values({
        id,
        name: 'Trader',
        email: `${id}@example.com`,
        phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        passwordHash: 'x',
        referralCode: id.toUpperCase(),
        referredBy: null,
        activeBroker,
        clientId: null,
        settings: '{}',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return id;
  }

  const place = (userId: string, iceberg = false) =>
    h.module.service.place(userId, { body: orderBody(), iceberg });

  it('refuses a broker user without a subscription (403) and places nothing, regular or iceberg', async () => {
    const user = await trader('ZERODHA');
    for (const iceberg of [false, true]) {
      await expect(place(user, iceberg)).rejects.toMatchObject({
        code: 'subscription_required',
        message: SUBSCRIPTION_REQUIRED_MESSAGE,
      });
    }
    await h.settle();
    expect(h.broker.commands).toHaveLength(0);
  });

  it('places the same order once the free trial runs', async () => {
    const user = await trader('IIFL');
    await expect(place(user)).rejects.toMatchObject({ code: 'subscription_required' });
    await billing.startFreeTrial(user, 'freeTrial');
    await place(user);
    await h.settle();
    expect(h.broker.commands.length).toBeGreaterThan(0);
  });

  it('places the order after the yearly plan is paid in the sandbox checkout', async () => {
    const user = await trader('ZERODHA');
    await billing.openCheckout(user, 'x-trader-yearly');
    await expect(place(user)).rejects.toMatchObject({ code: 'subscription_required' });
    const record = (await createBillingStore(h.db).listForUser(user))[0];
    if (!record) throw new Error('no checkout recorded');
    await webhooks.receive(sandbox.deliveryFor('paid', record, h.clock.now()));
    await place(user);
    await h.settle();
    expect(h.broker.commands.length).toBeGreaterThan(0);
  });

  it('Practice Mode needs no subscription', async () => {
    const user = await trader('PAPERTRADE');
    await place(user);
    await h.settle();
    expect(h.broker.commands.length).toBeGreaterThan(0);
  });
});
