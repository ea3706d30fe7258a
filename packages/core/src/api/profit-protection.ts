import { z } from 'zod';
import { isoDateTimeSchema, marketProtectionFractionSchema } from './common';
import { productTypeSchema } from './orders';

/** User-facing messages of profit protection. */
export const PROFIT_PROTECTION_MESSAGES = {
  targetBelowPnl: 'Target Profit should be greater than total P&L',
  maxLossAbovePnl: 'Max Loss should be less than total P&L',
  updated: 'Profit Protection parameters updated.',
} as const;

/** MTM amounts are whole rupees (the inputs accept integers only), negative allowed. */
const mtmSchema = z.number().int('Must be a whole number of rupees');

/** Profit protection on total MTM. */
export const profitProtectionSettingsSchema = z.object({
  profitProtectionEnabled: z.boolean(),
  /** Square off everything when total MTM reaches this. */
  targetProfit: mtmSchema,
  /** Square off everything when total MTM falls to this (usually negative). */
  maxLoss: mtmSchema,
  profitTrailingEnabled: z.boolean(),
  /** For every `increaseInProfit` rupees of MTM gained, raise the max loss by `trailMaxLoss`. */
  profitTrailingParams: z.object({
    increaseInProfit: mtmSchema.positive('Must be greater than 0'),
    trailMaxLoss: mtmSchema.positive('Must be greater than 0'),
  }),
});
export type ProfitProtectionSettings = z.infer<typeof profitProtectionSettingsSchema>;

/** PUT /profit-protection body and GET /profit-protection data: the settings plus market protection (fraction). */
export const profitProtectionSchema = profitProtectionSettingsSchema.extend({
  marketProtection: marketProtectionFractionSchema,
});
export type ProfitProtection = z.infer<typeof profitProtectionSchema>;

/** Why protection fired: total MTM reached the target, or fell to the (possibly trailed) max loss. */
export const PROFIT_PROTECTION_TRIGGERS = ['target_reached', 'max_loss_hit'] as const;

/** An intraday position the square-off could not close, and why. */
export const unclosedPositionSchema = z.object({
  tradingSymbol: z.string(),
  productType: productTypeSchema,
  /** Net quantity still open (negative = short). */
  quantity: z.number().int(),
  reason: z.string(),
});
export type UnclosedPosition = z.infer<typeof unclosedPositionSchema>;

/** What the last trigger did: squaring off (in progress), every position closed, or some left open. */
export const profitProtectionOutcomeSchema = z.object({
  trigger: z.enum(PROFIT_PROTECTION_TRIGGERS),
  /** Total intraday MTM at the tick that fired. */
  mtm: z.number(),
  triggeredAt: isoDateTimeSchema,
  status: z.enum(['squaring_off', 'completed', 'incomplete']),
  finishedAt: isoDateTimeSchema.nullable(),
  unclosed: z.array(unclosedPositionSchema),
  /** The notification text: what fired and what could not be closed. */
  message: z.string(),
});
export type ProfitProtectionOutcome = z.infer<typeof profitProtectionOutcomeSchema>;

/**
 * data of GET /profit-protection: the saved settings with `maxLoss` as in force now (raised by MTM trailing),
 * the max loss as last saved, the MTM level trailing measures from, and what the last trigger did.
 */
export const profitProtectionStatusSchema = profitProtectionSchema.extend({
  savedMaxLoss: mtmSchema,
  highWaterMark: z.number(),
  lastTrigger: profitProtectionOutcomeSchema.nullable(),
});
export type ProfitProtectionStatus = z.infer<typeof profitProtectionStatusSchema>;

export const DEFAULT_PROFIT_PROTECTION: ProfitProtection = {
  profitProtectionEnabled: false,
  targetProfit: 0,
  maxLoss: 0,
  profitTrailingEnabled: false,
  profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 500 },
  marketProtection: 0,
};

/**
 * Save-time check against the current total P&L: the target must be at or above it and the max loss at or below
 * it, otherwise protection would fire at once. Returns the messages to show (empty when Save may proceed).
 */
export const validateProfitProtectionTargets = (
  { targetProfit, maxLoss }: Pick<ProfitProtectionSettings, 'targetProfit' | 'maxLoss'>,
  totalPnl: number,
): string[] => {
  const messages: string[] = [];
  if (!(targetProfit >= totalPnl)) messages.push(PROFIT_PROTECTION_MESSAGES.targetBelowPnl);
  if (!(maxLoss <= totalPnl)) messages.push(PROFIT_PROTECTION_MESSAGES.maxLossAbovePnl);
  return messages;
};
