import { describe, expect, it } from 'vitest';
import {
  breakEvenTrigger,
  checkBreakEven,
  disasterTrigger,
  nextChaseStep,
  nudgedTrigger,
} from './edge-stops';

describe('disaster stop trigger', () => {
  it('sits the points beyond the local trigger, away from the market', () => {
    expect(disasterTrigger('sell', 100, 10)).toBe(90);
    expect(disasterTrigger('buy', 100, 10)).toBe(110);
    expect(disasterTrigger('sell', 100.1, 0.2)).toBe(99.9);
  });
  it('never goes below the smallest price', () => {
    expect(disasterTrigger('sell', 5, 10)).toBe(0.05);
  });
});

describe('break-even', () => {
  it('rounds to the tick in the direction that books no loss', () => {
    expect(breakEvenTrigger('sell', 100.03)).toBe(100.05);
    expect(breakEvenTrigger('buy', 100.03)).toBe(100);
    expect(breakEvenTrigger('sell', 100.1)).toBe(100.1);
    expect(breakEvenTrigger('buy', 0.1 + 0.2)).toBe(0.3);
  });
  it('refuses while the price has not moved past the average', () => {
    expect(checkBreakEven('sell', 100, 120)).toEqual({ ok: true, triggerPrice: 100 });
    expect(checkBreakEven('sell', 100, 99)).toMatchObject({ ok: false });
    expect(checkBreakEven('buy', 100, 90)).toEqual({ ok: true, triggerPrice: 100 });
    expect(checkBreakEven('buy', 100, 100)).toMatchObject({ ok: false });
    expect(checkBreakEven('sell', 100, null)).toEqual({ ok: true, triggerPrice: 100 });
  });
});

describe('nudge', () => {
  it('moves one step on the tick grid and never below the smallest price', () => {
    expect(nudgedTrigger(100, 0.5, 'up')).toBe(100.5);
    expect(nudgedTrigger(100.1, 0.05, 'down')).toBe(100.05);
    expect(nudgedTrigger(0.05, 1, 'down')).toBe(0.05);
  });
});

describe('exit chaser', () => {
  const quote = { bid: 99.5, ask: 100 };
  it('re-prices a sell to the bid and a buy to the ask when the best price moved', () => {
    expect(nextChaseStep('sell', 100, 0, 3, quote)).toEqual({ type: 'reprice', price: 99.5 });
    expect(nextChaseStep('buy', 99, 2, 3, quote)).toEqual({ type: 'reprice', price: 100 });
  });
  it('waits while the best price is where the order is, or unknown', () => {
    expect(nextChaseStep('sell', 99.5, 0, 3, quote)).toEqual({ type: 'none' });
    expect(nextChaseStep('sell', 99.5, 0, 3, { bid: null, ask: 100 })).toEqual({ type: 'none' });
  });
  it('goes to market on the move after its last re-price', () => {
    expect(nextChaseStep('sell', 100, 3, 3, quote)).toEqual({ type: 'market' });
  });
});
