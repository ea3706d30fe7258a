import { z } from 'zod';
import { marketProtectionFractionSchema } from './common';

/** Messages of SPEC sections 5 and 8. */
export const PROFIT_PROTECTION_MESSAGES = {
  targetBelowPnl: 'Target Profit should be greater than total P&L',
  maxLossAbovePnl: 'Max Loss should be less than total P&L',
  updated: 'Profit Protection parameters updated.',
} as const;

/** MTM amounts are whole rupees (the inputs accept integers only), negative allowed. */
const mtmSchema = z.number().int('Must be a whole number of rupees');

/** Profit protection on total MTM (SPEC section 3). */
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
