import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProfitProtectionSettings } from '../api/profit-protection';
import {
  evaluateProfitProtection,
  initialProfitProtectionState,
  type ProfitProtectionState,
} from './profit-protection';

const settings: ProfitProtectionSettings = {
  profitProtectionEnabled: true,
  targetProfit: 10_000,
  maxLoss: -5000,
  profitTrailingEnabled: true,
  profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 500 },
};

const walk = (s: ProfitProtectionSettings, mtms: number[]) => {
  let state = initialProfitProtectionState(s);
  const triggers: (string | null)[] = [];
  for (const mtm of mtms) {
    const decision = evaluateProfitProtection(s, state, mtm);
    state = decision.state;
    triggers.push(decision.trigger);
  }
  return { state, triggers };
};

describe('profit protection', () => {
  it.each([
    [
      [0, 9999],
      [null, null],
    ],
    [
      [0, 10_000],
      [null, 'target_reached'],
    ],
    [[-4999], [null]],
    [[-5000], ['max_loss_hit']],
  ])('fires on target and max loss: %j', (mtms, triggers) => {
    expect(walk({ ...settings, profitTrailingEnabled: false }, mtms).triggers).toEqual(triggers);
  });

  it('raises the max loss by whole steps of profit and keeps it raised', () => {
    const { state, triggers } = walk(settings, [2500, 1000, 3100, -3999, -4000]);
    // 2500 -> 2 steps: max loss -4000, anchor 2000; 3100 -> 1 step more: -3500, anchor 3000.
    expect(state).toEqual({ maxLoss: -3500, trailAnchor: 3000 });
    expect(triggers).toEqual([null, null, null, 'max_loss_hit', 'max_loss_hit']);
  });

  it('does nothing when disabled', () => {
    expect(
      evaluateProfitProtection(
        { ...settings, profitProtectionEnabled: false },
        { maxLoss: 0, trailAnchor: 0 },
        -1e9,
      ),
    ).toEqual({
      state: { maxLoss: 0, trailAnchor: 0 },
      trigger: null,
    });
  });

  it('measures trailing from the profit made before Save, so a Save in profit does not fire at once', () => {
    // Saved at MTM 3000 with max loss 2500: measured from zero it would jump to 4000 and fire.
    const saved = { ...settings, maxLoss: 2500 };
    const state = initialProfitProtectionState(saved, 3000);
    expect(state).toEqual({ maxLoss: 2500, trailAnchor: 3000 });
    expect(evaluateProfitProtection(saved, state, 3000)).toEqual({ state, trigger: null });
    expect(evaluateProfitProtection(saved, state, 4000).state).toEqual({ maxLoss: 3000, trailAnchor: 4000 });
    expect(initialProfitProtectionState(saved, -1200).trailAnchor).toBe(0);
    expect(initialProfitProtectionState(saved, Number.NaN).trailAnchor).toBe(0);
  });

  it('never lowers the max loss and trails by exactly floor(peak / step) steps (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -4000, max: 9000 }), { maxLength: 50 }), (mtms) => {
        let state: ProfitProtectionState = initialProfitProtectionState(settings);
        let peak = 0;
        for (const mtm of mtms) {
          const before = state.maxLoss;
          state = evaluateProfitProtection(settings, state, mtm).state;
          peak = Math.max(peak, mtm);
          expect(state.maxLoss).toBeGreaterThanOrEqual(before);
        }
        expect(state.maxLoss).toBe(settings.maxLoss + Math.floor(peak / 1000) * 500);
      }),
    );
  });
});
