import { z } from 'zod';
import { isPracticeBroker } from '../brokers/ids';
import { isoDateSchema } from './common';

export const PLAN_KEYS = [
  'freeTrial',
  'x-trader-quarterly',
  'x-trader-half-yearly',
  'x-trader-yearly',
] as const;
export const planKeySchema = z.enum(PLAN_KEYS);
export type PlanKey = z.infer<typeof planKeySchema>;

export const planSchema = z.object({
  key: planKeySchema,
  duration: z.enum(['monthly', 'quarterly', 'half_yearly', 'yearly']),
  title: z.string(),
  /** Rupees, before GST. */
  discountedPrice: z.number().nonnegative(),
  originalPrice: z.number().nonnegative(),
  discountPercentage: z.number().min(0).max(100),
  description: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** The four plans (percentages as published, not recomputed). */
export const PLANS: Readonly<Record<PlanKey, Plan>> = {
  freeTrial: {
    key: 'freeTrial',
    duration: 'monthly',
    title: 'Free Trial',
    discountedPrice: 0,
    originalPrice: 0,
    discountPercentage: 0,
    description: '14 days',
  },
  'x-trader-quarterly': {
    key: 'x-trader-quarterly',
    duration: 'quarterly',
    title: 'Premium',
    discountedPrice: 15000,
    originalPrice: 20000,
    discountPercentage: 25,
    description: 'Quarterly',
  },
  'x-trader-half-yearly': {
    key: 'x-trader-half-yearly',
    duration: 'half_yearly',
    title: 'Premium',
    discountedPrice: 25000,
    originalPrice: 35000,
    discountPercentage: 30,
    description: 'Half Yearly',
  },
  'x-trader-yearly': {
    key: 'x-trader-yearly',
    duration: 'yearly',
    title: 'Premium',
    discountedPrice: 40000,
    originalPrice: 60000,
    discountPercentage: 33,
    description: 'Yearly',
  },
};

/** The pricing page's period toggle, default quarterly. */
export const BILLING_PERIODS = [
  { label: 'Quarterly', plan: 'x-trader-quarterly' },
  { label: 'Half Yearly', plan: 'x-trader-half-yearly' },
  { label: 'Yearly', plan: 'x-trader-yearly' },
] as const satisfies readonly { label: string; plan: PlanKey }[];

/** The product's ten features: the signup page's benefits and the pricing table (all ticked for both plans). */
export const PLAN_FEATURES = [
  'One Click Trading',
  'Auto Stop Loss Trading',
  'PnL based Exit & MTM Trailing',
  'Bracket(OCO) Orders',
  'Market Order Quantity Slicing',
  'Unlimited Trade Quantity',
  'Kill Switch',
  'One Click Bulk Order Cancel',
  'All NSE and BSE Indices',
  'Single Screen Interface',
] as const;

export const BILLING_MESSAGES = {
  hostedUrlNotFound: 'Hosted URL not found',
  invalidAuthentication: 'Invalid authentication',
  checkInput: 'Please check your input',
  failed: 'Failed: something went wrong',
} as const;

export const SUBSCRIPTION_STATUSES = ['live', 'expired', 'pending', 'none'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** data of GET /zohoSubscriptions/getSubscriptionStatus. */
export const subscriptionStatusResponseSchema = z.object({
  subscriptionStatus: subscriptionStatusSchema,
  activePlan: planKeySchema.nullable(),
  /** When the current subscription ends, if there is one. */
  expirationDate: isoDateSchema.nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/** Body naming a plan; clients send either `{plan_code}` or `{planId}`, so either is read as `planCode`. */
export const planRequestSchema = z
  .object({ plan_code: planKeySchema.optional(), planId: planKeySchema.optional() })
  .refine((body) => body.plan_code !== undefined || body.planId !== undefined, {
    error: BILLING_MESSAGES.checkInput,
    path: ['plan_code'],
  })
  .transform((body) => ({ planCode: (body.plan_code ?? body.planId) as PlanKey }));

/** data of POST /zohoSubscriptions/createZohoSubscription. */
export const createSubscriptionResponseSchema = z.object({ expirationDate: isoDateSchema });
/** data of POST /zohoSubscriptions/getHostedPage. */
export const hostedPageResponseSchema = z.object({ hostedPageUrl: z.string() });

const PAID_PLANS: ReadonlySet<string> = new Set(PLAN_KEYS.filter((key) => key !== 'freeTrial'));

/**
 * May this user place orders? Practice Mode (PAPERTRADE) always may; otherwise a live
 * subscription or a paid plan is needed.
 */
export const isEntitledToTrade = ({
  activeBroker,
  subscriptionStatus,
  activePlan,
}: {
  activeBroker: string | null | undefined;
  subscriptionStatus: SubscriptionStatus | null | undefined;
  activePlan: string | null | undefined;
}): boolean =>
  isPracticeBroker(activeBroker) ||
  subscriptionStatus === 'live' ||
  (!!activePlan && PAID_PLANS.has(activePlan));
