import type { ProfitProtectionSettings } from '../api/profit-protection';

/** What the monitor carries between ticks for one user. */
export interface ProfitProtectionState {
  /** The max loss in force now (raised by trailing). */
  maxLoss: number;
  /** MTM level from which the next trailing step is measured. */
  trailAnchor: number;
}

export type ProfitProtectionTrigger = 'target_reached' | 'max_loss_hit';

export interface ProfitProtectionDecision {
  state: ProfitProtectionState;
  /** Set when all positions must be squared off now. */
  trigger: ProfitProtectionTrigger | null;
}

/**
 * State right after Save: the saved max loss, trailing measured from the profit already made (zero when the MTM
 * is at or below zero). Measuring from zero while already in profit would raise the max loss for gains made
 * before the Save, possibly above the MTM itself, and fire at once.
 */
export const initialProfitProtectionState = (
  settings: Pick<ProfitProtectionSettings, 'maxLoss'>,
  mtmAtSave = 0,
): ProfitProtectionState => ({
  maxLoss: settings.maxLoss,
  trailAnchor: Number.isFinite(mtmAtSave) ? Math.max(0, mtmAtSave) : 0,
});

/**
 * One MTM update. With trailing on, each full `increaseInProfit` the MTM gains above the anchor raises the max
 * loss by `trailMaxLoss` (the anchor moves up by the same whole steps, so nothing is counted twice). Then the
 * target (MTM >= target) or the possibly raised max loss (MTM <= max loss) fires.
 */
export const evaluateProfitProtection = (
  settings: ProfitProtectionSettings,
  state: ProfitProtectionState,
  mtm: number,
): ProfitProtectionDecision => {
  if (!settings.profitProtectionEnabled || !Number.isFinite(mtm)) return { state, trigger: null };
  let next = state;
  const { increaseInProfit, trailMaxLoss } = settings.profitTrailingParams;
  if (settings.profitTrailingEnabled && increaseInProfit > 0) {
    const steps = Math.floor((mtm - state.trailAnchor) / increaseInProfit);
    if (steps > 0) {
      next = {
        maxLoss: state.maxLoss + steps * trailMaxLoss,
        trailAnchor: state.trailAnchor + steps * increaseInProfit,
      };
    }
  }
  if (mtm >= settings.targetProfit) return { state: next, trigger: 'target_reached' };
  if (mtm <= next.maxLoss) return { state: next, trigger: 'max_loss_hit' };
  return { state: next, trigger: null };
};
