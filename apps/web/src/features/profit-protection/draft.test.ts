import { DEFAULT_PROFIT_PROTECTION, PROFIT_PROTECTION_MESSAGES } from '@xtrader/core/api/profit-protection';
import { describe, expect, it } from 'vitest';
import { pollInterval } from './api/profit-protection-query';
import { checkDraft, DRAFT_MESSAGES, draftFrom, type ProfitProtectionDraft } from './draft';

const draft = (patch: Partial<ProfitProtectionDraft> = {}): ProfitProtectionDraft => ({
  targetProfit: '5,000',
  maxLoss: '-2,000',
  profitTrailingEnabled: false,
  increaseInProfit: '1,000',
  trailMaxLoss: '500',
  ...patch,
});

const status = { ...DEFAULT_PROFIT_PROTECTION, savedMaxLoss: 0, highWaterMark: 0, lastTrigger: null };

describe('profit protection draft', () => {
  it('opens with the record in en-IN grouping, max loss as in force', () => {
    expect(
      draftFrom({ ...status, targetProfit: 1_250_000, maxLoss: -75_000, savedMaxLoss: -100_000 }),
    ).toMatchObject({ targetProfit: '12,50,000', maxLoss: '-75,000', increaseInProfit: '1,000' });
  });

  it('saves whole rupees, negatives allowed, switched on', () => {
    expect(checkDraft(draft(), 0)).toEqual({
      errors: {},
      settings: {
        profitProtectionEnabled: true,
        targetProfit: 5000,
        maxLoss: -2000,
        profitTrailingEnabled: false,
        profitTrailingParams: { increaseInProfit: 1000, trailMaxLoss: 500 },
      },
    });
  });

  it.each([
    [{ targetProfit: '1,499' }, { targetProfit: PROFIT_PROTECTION_MESSAGES.targetBelowPnl }],
    [{ maxLoss: '1,501' }, { maxLoss: PROFIT_PROTECTION_MESSAGES.maxLossAbovePnl }],
    [{ targetProfit: '' }, { targetProfit: DRAFT_MESSAGES.notWhole }],
    [{ maxLoss: '-' }, { maxLoss: DRAFT_MESSAGES.notWhole }],
  ])('refuses %j against a total P&L of 1,500', (patch, errors) => {
    expect(checkDraft(draft(patch), 1500)).toEqual({ errors, settings: null });
  });

  it('accepts a target and a max loss equal to the total P&L', () => {
    expect(checkDraft(draft({ targetProfit: '1,500', maxLoss: '1,500' }), 1500).settings).not.toBeNull();
  });

  it('checks the trailing steps only while trailing is on', () => {
    const steps = { increaseInProfit: '0', trailMaxLoss: 'x' };
    expect(checkDraft(draft({ ...steps, profitTrailingEnabled: true }), 0).errors).toEqual({
      increaseInProfit: DRAFT_MESSAGES.notPositive,
      trailMaxLoss: DRAFT_MESSAGES.notWhole,
    });
    expect(checkDraft(draft(steps), 0).settings?.profitTrailingParams).toEqual(
      DEFAULT_PROFIT_PROTECTION.profitTrailingParams,
    );
  });

  it('polls every 5 s only while both protection and trailing are on', () => {
    const on = { ...status, profitProtectionEnabled: true };
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval(on)).toBe(false);
    expect(pollInterval({ ...status, profitTrailingEnabled: true })).toBe(false);
    expect(pollInterval({ ...on, profitTrailingEnabled: true })).toBe(5000);
  });
});
