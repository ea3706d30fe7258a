import { describe, expect, it } from 'vitest';
import { trailStep } from './trailing';

describe('trailStep', () => {
  it('moves a sell stop-loss up by whole steps from the reference', () => {
    expect(trailStep('sell', 100, 120, 121.9, 2, 1)).toBeUndefined();
    expect(trailStep('sell', 100, 120, 125.5, 2, 1)).toEqual({ triggerPrice: 102, reference: 124 });
    expect(trailStep('sell', 100, 120, 110, 2, 1)).toBeUndefined();
  });

  it('moves a buy stop-loss down, never below the minimum price', () => {
    expect(trailStep('buy', 140, 120, 116.95, 1, 0.5)).toEqual({ triggerPrice: 138.5, reference: 117 });
    expect(trailStep('buy', 3, 10, 2, 1, 5)).toEqual({ triggerPrice: 0.05, reference: 2 });
    expect(trailStep('buy', 0.05, 10, 2, 1, 5)).toBeUndefined();
  });

  it('keeps decimal steps exact on the tick grid', () => {
    expect(trailStep('sell', 9.9, 10.1, 10.7, 0.15, 0.05)).toEqual({ triggerPrice: 10.1, reference: 10.7 });
  });
});
