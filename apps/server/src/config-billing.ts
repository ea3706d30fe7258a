import { z } from 'zod';
import { httpUrl, optionalText } from './config-fields';

// Billing of subscriptions (see docs/config.md): the variables and what they make. Pure over the values config.ts
// parsed; config.ts reports the problems.

/** The billing variables, part of config.ts's environment schema. */
export const BILLING_ENV_FIELDS = {
  XT_BILLING_PROVIDER: z.enum(['sandbox', 'zoho']).default('sandbox'),
  XT_PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  XT_ZOHO_ACCOUNTS_URL: httpUrl.default('https://accounts.zoho.in'),
  XT_ZOHO_API_URL: httpUrl.default('https://www.zohoapis.in/billing/v1'),
  XT_ZOHO_CLIENT_ID: optionalText,
  XT_ZOHO_CLIENT_SECRET: optionalText,
  XT_ZOHO_REFRESH_TOKEN: optionalText,
  XT_ZOHO_ORGANIZATION_ID: optionalText,
  XT_ZOHO_WEBHOOK_SECRET: optionalText,
  XT_ZOHO_TRIAL_PLAN_CODE: z.string().trim().min(1).default('x-trader-quarterly'),
};

const billingEnvSchema = z.object(BILLING_ENV_FIELDS);
type BillingEnv = z.infer<typeof billingEnvSchema>;

/** Zoho Billing account of the `zoho` billing provider (every field required when it is selected). */
export type ZohoSettings = Readonly<{
  /** Zoho Accounts server of the data centre, e.g. https://accounts.zoho.in (OAuth token refresh). */
  accountsUrl: string;
  /** Zoho Billing API base, e.g. https://www.zohoapis.in/billing/v1. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  organizationId: string;
  /** Secret token of the secured webhook (X-Zoho-Webhook-Signature). */
  webhookSecret: string;
  /** Zoho plan the free trial is created on (with `trial_days`); undefined: `x-trader-quarterly`. */
  trialPlanCode?: string;
}>;

/** Subscriptions' billing provider (see docs/config.md). */
export type BillingSettings = Readonly<{
  /** `sandbox`: checkout served by this server, nothing charged; `zoho`: Zoho Billing hosted pages. */
  provider: 'sandbox' | 'zoho';
  /** Where users reach the app (no trailing slash); the provider's hosted page sends them back there. */
  publicUrl: string | undefined;
  zoho: ZohoSettings | undefined;
}>;

/**
 * Billing settings and what is wrong with them; the zoho provider needs every Zoho credential and the public URL to
 * return to.
 */
export function parseBillingSettings(e: BillingEnv): { settings: BillingSettings; problems: string[] } {
  const publicUrl = e.XT_PUBLIC_URL?.replace(/\/+$/, '');
  if (e.XT_BILLING_PROVIDER === 'sandbox')
    return { settings: Object.freeze({ provider: 'sandbox', publicUrl, zoho: undefined }), problems: [] };
  const required = {
    XT_PUBLIC_URL: publicUrl,
    XT_ZOHO_CLIENT_ID: e.XT_ZOHO_CLIENT_ID,
    XT_ZOHO_CLIENT_SECRET: e.XT_ZOHO_CLIENT_SECRET,
    XT_ZOHO_REFRESH_TOKEN: e.XT_ZOHO_REFRESH_TOKEN,
    XT_ZOHO_ORGANIZATION_ID: e.XT_ZOHO_ORGANIZATION_ID,
    XT_ZOHO_WEBHOOK_SECRET: e.XT_ZOHO_WEBHOOK_SECRET,
  };
  const missing = Object.entries(required).filter(([, value]) => value === undefined);
  if (missing.length > 0) {
    return {
      settings: Object.freeze({ provider: 'zoho', publicUrl, zoho: undefined }),
      problems: missing.map(([key]) => `${key}: required when XT_BILLING_PROVIDER is zoho`),
    };
  }
  const zoho: ZohoSettings = Object.freeze({
    accountsUrl: e.XT_ZOHO_ACCOUNTS_URL.replace(/\/+$/, ''),
    apiUrl: e.XT_ZOHO_API_URL.replace(/\/+$/, ''),
    clientId: e.XT_ZOHO_CLIENT_ID as string,
    clientSecret: e.XT_ZOHO_CLIENT_SECRET as string,
    refreshToken: e.XT_ZOHO_REFRESH_TOKEN as string,
    organizationId: e.XT_ZOHO_ORGANIZATION_ID as string,
    webhookSecret: e.XT_ZOHO_WEBHOOK_SECRET as string,
    trialPlanCode: e.XT_ZOHO_TRIAL_PLAN_CODE,
  });
  return { settings: Object.freeze({ provider: 'zoho', publicUrl, zoho }), problems: [] };
}
