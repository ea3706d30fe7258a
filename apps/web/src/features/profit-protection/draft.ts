import {
  DEFAULT_PROFIT_PROTECTION,
  PROFIT_PROTECTION_MESSAGES,
  type ProfitProtectionSettings,
  type ProfitProtectionStatus,
  validateProfitProtectionTargets,
} from '@xtrader/core/api/profit-protection';
import { formatIntegerInput, parseIntegerInput } from '@xtrader/core/format/format';

/** The modal's fields as typed (en-IN grouped text), held locally until Save or Cancel. */
export type ProfitProtectionDraft = {
  targetProfit: string;
  maxLoss: string;
  profitTrailingEnabled: boolean;
  increaseInProfit: string;
  trailMaxLoss: string;
};

export type DraftField = Exclude<keyof ProfitProtectionDraft, 'profitTrailingEnabled'>;
type DraftErrors = Partial<Record<DraftField, string>>;

export const DRAFT_MESSAGES = {
  notWhole: 'Enter a whole number of rupees',
  notPositive: 'Must be greater than 0',
} as const;

const text = (value: number) => formatIntegerInput(String(value));

/** The draft a modal opens with: the record as the server has it (max loss as in force now, i.e. trailed). */
export const draftFrom = (status: ProfitProtectionStatus): ProfitProtectionDraft => ({
  targetProfit: text(status.targetProfit),
  maxLoss: text(status.maxLoss),
  profitTrailingEnabled: status.profitTrailingEnabled,
  increaseInProfit: text(status.profitTrailingParams.increaseInProfit),
  trailMaxLoss: text(status.profitTrailingParams.trailMaxLoss),
});

export type DraftCheck = { errors: DraftErrors; settings: ProfitProtectionSettings | null };

/**
 * A trailing step: checked while trailing is on; while it is off an unusable value falls back to the default, so
 * switching trailing off never fails on fields the trader no longer uses.
 */
const readStep = (
  draft: ProfitProtectionDraft,
  errors: DraftErrors,
  field: 'increaseInProfit' | 'trailMaxLoss',
) => {
  const parsed = parseIntegerInput(draft[field]);
  if (draft.profitTrailingEnabled) {
    if (parsed === undefined) errors[field] = DRAFT_MESSAGES.notWhole;
    else if (parsed <= 0) errors[field] = DRAFT_MESSAGES.notPositive;
  }
  return parsed !== undefined && parsed > 0 ? parsed : DEFAULT_PROFIT_PROTECTION.profitTrailingParams[field];
};

/**
 * The Save rules: whole-rupee inputs, target >= total P&L, max loss <= total P&L, and positive
 * trailing steps when trailing is on. `settings` (switched on) is set only when every rule holds.
 */
export function checkDraft(draft: ProfitProtectionDraft, totalPnl: number): DraftCheck {
  const errors: DraftErrors = {};
  const targetProfit = parseIntegerInput(draft.targetProfit);
  const maxLoss = parseIntegerInput(draft.maxLoss);
  if (targetProfit === undefined) errors.targetProfit = DRAFT_MESSAGES.notWhole;
  if (maxLoss === undefined) errors.maxLoss = DRAFT_MESSAGES.notWhole;
  if (targetProfit !== undefined && maxLoss !== undefined) {
    for (const message of validateProfitProtectionTargets({ targetProfit, maxLoss }, totalPnl)) {
      errors[message === PROFIT_PROTECTION_MESSAGES.targetBelowPnl ? 'targetProfit' : 'maxLoss'] = message;
    }
  }
  const increaseInProfit = readStep(draft, errors, 'increaseInProfit');
  const trailMaxLoss = readStep(draft, errors, 'trailMaxLoss');
  if (Object.keys(errors).length > 0 || targetProfit === undefined || maxLoss === undefined) {
    return { errors, settings: null };
  }
  return {
    errors,
    settings: {
      profitProtectionEnabled: true,
      targetProfit,
      maxLoss,
      profitTrailingEnabled: draft.profitTrailingEnabled,
      profitTrailingParams: { increaseInProfit, trailMaxLoss },
    },
  };
}
