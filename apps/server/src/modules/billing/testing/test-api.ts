import { afterEach, beforeEach } from 'vitest';
import { authHeader } from '../../../../test/helpers/auth';
import { createTestApp, type TestApp, type TestResourcesOptions } from '../../../../test/helpers/test-app';
import type { Resources } from '../../../resources';
import type { StoreDialect } from '../../../store/open-store';
import { type AuthModule, createAuthModule } from '../../auth/index';
import { type BillingModule, type BillingModuleOptions, createBillingModule } from '../index';

// Calls of the subscription API shared by the billing tests.

/** Subscriptions span months: tokens of test users must outlive the fake clock's jumps. */
export const LONG_SESSIONS = { XT_ACCESS_TOKEN_TTL_HOURS: String(24 * 365) };

/** Accounts and billing wired as in `createModules`, without the modules billing does not need. */
export function billingModules(resources: Resources, options: BillingModuleOptions = {}) {
  const auth = createAuthModule(resources);
  const customers = { getCustomer: async (userId: string) => (await auth.account.getUserInfo(userId)).user };
  return {
    auth,
    billing: createBillingModule(resources, { requireUser: auth.requireUser, customers }, options),
  };
}

export interface BillingTestApp extends TestApp {
  auth: AuthModule;
  billing: BillingModule;
}

/** A test app with accounts and billing on `store`, long sessions, and extra `env`. */
export async function createBillingTestApp(
  options: TestResourcesOptions & { billing?: BillingModuleOptions } = {},
): Promise<BillingTestApp> {
  let built: ReturnType<typeof billingModules> | undefined;
  const t = await createTestApp({
    ...options,
    env: { ...LONG_SESSIONS, ...options.env },
    modules: (resources) => {
      built = billingModules(resources, options.billing);
      return [built.auth, built.billing];
    },
  });
  if (!built) throw new Error('modules were not built');
  return { ...t, ...built };
}

/**
 * Registers hooks that give each test of the suite its own billing app on `store` and the API calls bound to it;
 * tests read them from the returned context.
 */
export function useBillingTestApp(store: StoreDialect) {
  const ctx = {} as { t: BillingTestApp; api: ReturnType<typeof billingApi> };
  beforeEach(async () => {
    ctx.t = await createBillingTestApp({ store });
    ctx.api = billingApi(ctx.t);
  });
  afterEach(async () => {
    await ctx.t.close();
  });
  return ctx;
}

const BASE = '/v1/options-x/zohoSubscriptions';

export function billingApi(t: TestApp) {
  return {
    status: async (token: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${BASE}/getSubscriptionStatus`,
        headers: authHeader(token),
      });
      return response.json().data as {
        subscriptionStatus: string;
        activePlan: string | null;
        expirationDate: string | null;
      };
    },
    createSubscription: (token: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/createZohoSubscription`,
        headers: authHeader(token),
        payload,
      }),
    hostedPage: (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${BASE}/getHostedPage`, headers: authHeader(token), payload }),
    webhook: (delivery: {
      rawBody: string;
      headers: Record<string, string>;
      query?: Record<string, string>;
    }) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/webhook`,
        query: delivery.query ?? {},
        headers: { 'content-type': 'application/json', ...delivery.headers },
        payload: delivery.rawBody,
      }),
  };
}

/** The sandbox checkout id at the end of a hosted page URL. */
export const checkoutRefOf = (hostedPageUrl: string) => hostedPageUrl.split('/').pop() ?? '';

/** Opens a sandbox checkout for `plan` and returns its page path and id. */
export async function openCheckout(t: TestApp, token: string, plan: string) {
  const response = await billingApi(t).hostedPage(token, { plan_code: plan });
  if (response.statusCode !== 200) throw new Error(`getHostedPage failed: ${response.body}`);
  const url = response.json().data.hostedPageUrl as string;
  return { url, ref: checkoutRefOf(url) };
}

/** A fresh access token (after the fake clock outran the first one). */
export async function logIn(t: TestApp, account: { phone: string; passcode: string }): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/options-x/auth/login',
    payload: { username: account.phone, passcode: account.passcode },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().data.accessToken as string;
}
