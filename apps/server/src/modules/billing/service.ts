import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  PLANS,
  type PlanKey,
  type SubscriptionStatusResponse,
} from '@xtrader/core/api/billing';
import { FREE_TRIAL_DAYS } from '@xtrader/core/constants';
import type { IsoDate } from '@xtrader/core/market/dates';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import { expirationDateOf, periodEndFor } from './periods';
import type { BillingCustomer, BillingProvider } from './provider';
import { subscriptionStatusOf } from './status';
import type { BillingStore } from './store';
import type { BillingWebhooks } from './webhooks';

/** Who the user is to the provider; read through the accounts module. */
export interface BillingCustomers {
  getCustomer(userId: string): Promise<BillingCustomer>;
}

export interface BillingServiceDeps {
  store: BillingStore;
  provider: BillingProvider;
  webhooks: BillingWebhooks;
  customers: BillingCustomers;
  clock: Clock;
}

export const TRIAL_ALREADY_USED = 'Your free trial has already been used';

/** Subscriptions of the caller: status, the one free trial, and paid checkouts through the provider. */
export function createBillingService({ store, provider, webhooks, customers, clock }: BillingServiceDeps) {
  /**
   * The record is claimed first (the one-trial rule refuses a second request, even a racing one), then the trial
   * is created at the provider; if that fails the claim is dropped, so no trial exists here that the provider
   * does not hold.
   */
  async function startProviderTrial(
    userId: string,
    createTrial: NonNullable<BillingProvider['createTrial']>,
  ): Promise<{ expirationDate: IsoDate }> {
    const customer = await customers.getCustomer(userId);
    const id = randomUUID();
    const now = clock.now();
    const claimed = await store.insert({
      id,
      userId,
      planCode: 'freeTrial',
      status: 'pending',
      source: provider.name,
      checkoutRef: null,
      providerSubscriptionId: null,
      customerEmail: customer.email.toLowerCase(),
      periodStart: null,
      periodEnd: null,
      createdAt: now,
      updatedAt: now,
    });
    if (!claimed) throw new DomainError('trial_used', TRIAL_ALREADY_USED);
    let trial: Awaited<ReturnType<typeof createTrial>>;
    try {
      trial = await createTrial({ subscriptionId: id, customer, trialDays: FREE_TRIAL_DAYS });
    } catch (error) {
      await store.remove(id);
      throw error;
    }
    const periodStart = trial.trialStart ?? now;
    const periodEnd = trial.trialEnd ?? periodEndFor('freeTrial', now);
    await store.update(
      id,
      { status: 'active', periodStart, periodEnd, providerSubscriptionId: trial.providerSubscriptionId },
      clock.now(),
    );
    return { expirationDate: expirationDateOf(periodEnd) };
  }

  return {
    async getStatus(userId: string): Promise<SubscriptionStatusResponse> {
      return subscriptionStatusOf(await store.listForUser(userId), clock.now());
    },

    /**
     * Grants the 14-day trial, once per user (no other plan is created directly). With a provider that holds
     * trials (Zoho) the trial is created there first and runs as long as the provider says.
     */
    async startFreeTrial(userId: string, planCode: PlanKey): Promise<{ expirationDate: IsoDate }> {
      if (planCode !== 'freeTrial') throw new DomainError('plan_not_direct', BILLING_MESSAGES.checkInput);
      if (provider.createTrial) return startProviderTrial(userId, provider.createTrial.bind(provider));
      const now = clock.now();
      const periodEnd = periodEndFor('freeTrial', now);
      const inserted = await store.insert({
        id: randomUUID(),
        userId,
        planCode,
        status: 'active',
        source: 'trial',
        checkoutRef: null,
        providerSubscriptionId: null,
        customerEmail: null,
        periodStart: now,
        periodEnd,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) throw new DomainError('trial_used', TRIAL_ALREADY_USED);
      return { expirationDate: expirationDateOf(periodEnd) };
    },

    /** Opens the provider's hosted checkout for a paid plan and records the purchase as pending. */
    async openCheckout(userId: string, planCode: PlanKey): Promise<{ hostedPageUrl: string }> {
      if (planCode === 'freeTrial') throw new DomainError('plan_not_paid', BILLING_MESSAGES.checkInput);
      const customer = await customers.getCustomer(userId);
      const id = randomUUID();
      const checkout = await provider.createCheckout({ subscriptionId: id, plan: PLANS[planCode], customer });
      const now = clock.now();
      await store.insert({
        id,
        userId,
        planCode,
        status: 'pending',
        source: provider.name,
        checkoutRef: checkout.checkoutRef,
        providerSubscriptionId: checkout.providerSubscriptionId,
        customerEmail: customer.email.toLowerCase(),
        periodStart: null,
        periodEnd: null,
        createdAt: now,
        updatedAt: now,
      });
      return { hostedPageUrl: checkout.hostedPageUrl };
    },

    /**
     * The buyer is back from the provider's hosted page: ask the provider what the checkout produced (its
     * webhook may not have arrived yet) and say until when the plan runs, or would run once confirmed.
     */
    async confirmCheckout(subscriptionId: string): Promise<{ planCode: PlanKey; expirationDate: IsoDate }> {
      const record = await store.findById(subscriptionId);
      if (!record) throw new DomainError('not_found', 'Unknown checkout');
      if (record.status === 'pending' && record.checkoutRef) {
        const event = await provider.lookupCheckout(record.checkoutRef);
        if (event) await webhooks.apply(event);
      }
      const current = (await store.findById(subscriptionId)) ?? record;
      const periodEnd = current.periodEnd ?? periodEndFor(current.planCode, clock.now());
      return { planCode: current.planCode, expirationDate: expirationDateOf(periodEnd) };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
