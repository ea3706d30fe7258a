import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFIT_PROTECTION, profitProtectionStatusSchema } from './profit-protection';

describe('profit protection status', () => {
  const status = {
    ...DEFAULT_PROFIT_PROTECTION,
    savedMaxLoss: -5000,
    highWaterMark: 2000,
    lastTrigger: {
      trigger: 'max_loss_hit',
      mtm: -4000.5,
      triggeredAt: '2026-11-23T04:00:00.000Z',
      status: 'incomplete',
      finishedAt: '2026-11-23T04:00:01.000Z',
      unclosed: [
        { tradingSymbol: 'NIFTY25D0926000CE', productType: 'intraday', quantity: -75, reason: 'Rejected' },
      ],
      message: 'Max loss hit',
    },
  };

  it('carries the trailed state and the last outcome', () => {
    expect(profitProtectionStatusSchema.parse(status)).toEqual(status);
    expect(profitProtectionStatusSchema.parse({ ...status, lastTrigger: null }).lastTrigger).toBeNull();
  });

  it('refuses an unknown trigger or outcome status', () => {
    const bad = (patch: object) =>
      profitProtectionStatusSchema.safeParse({ ...status, lastTrigger: { ...status.lastTrigger, ...patch } });
    expect(bad({ trigger: 'manual' }).success).toBe(false);
    expect(bad({ status: 'done' }).success).toBe(false);
  });
});
