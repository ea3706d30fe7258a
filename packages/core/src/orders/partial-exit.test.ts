import { describe, expect, it } from 'vitest';
import { partialExitQuantity } from './partial-exit';

describe('partial exits', () => {
  it('whole lots of the fraction, rounded down, with the sign of the position', () => {
    expect(partialExitQuantity(260, 65, 0.5)).toEqual({ ok: true, quantity: 130 });
    expect(partialExitQuantity(195, 65, 0.5)).toEqual({ ok: true, quantity: 65 });
    expect(partialExitQuantity(-260, 65, 0.75)).toEqual({ ok: true, quantity: -195 });
    expect(partialExitQuantity(260, 65, 0.25)).toEqual({ ok: true, quantity: 65 });
  });

  it('refuses less than one lot and a flat position', () => {
    expect(partialExitQuantity(65, 65, 0.5)).toEqual({
      ok: false,
      message: '50% of 65 is less than one lot (65)',
    });
    expect(partialExitQuantity(0, 65, 0.5).ok).toBe(false);
  });
});
