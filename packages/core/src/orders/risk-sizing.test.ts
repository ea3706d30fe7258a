import { describe, expect, it } from 'vitest';
import { riskSizedLots } from './risk-sizing';

describe('risk-first sizing', () => {
  it('lots = floor(risk / (SL points x lot size))', () => {
    expect(riskSizedLots(5000, 25, 65)).toEqual({ ok: true, lots: 3, quantity: 195, atRisk: 4875 });
    expect(riskSizedLots(2000, 25, 80)).toEqual({ ok: true, lots: 1, quantity: 80, atRisk: 2000 });
    expect(riskSizedLots(0.3 * 10, 0.1 * 3, 10)).toMatchObject({ ok: true, lots: 1 });
  });

  it('0 lots is refused with a message, never rounded up to one', () => {
    const sized = riskSizedLots(1000, 25, 65);
    expect(sized).toEqual({
      ok: false,
      message: 'Risk ₹1,000 is less than one lot at the stop (₹1,625 per lot): 0 lots, nothing sent',
    });
    expect(riskSizedLots(0, 25, 65).ok).toBe(false);
    expect(riskSizedLots(1000, 0, 65).ok).toBe(false);
  });
});
