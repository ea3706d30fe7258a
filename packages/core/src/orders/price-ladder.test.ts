import { describe, expect, it } from 'vitest';
import { ladderPrice, repricedLimit } from './price-ladder';

const touch = { bid: 100, ask: 100.5 };

describe('price ladder', () => {
  it('joins the own side: a buy at the bid, a sell at the ask', () => {
    expect(ladderPrice('buy', 'join', touch, 0.05)).toEqual({ ok: true, price: 100 });
    expect(ladderPrice('sell', 'join', touch, 0.05)).toEqual({ ok: true, price: 100.5 });
  });

  it('steps one tick inside the spread', () => {
    expect(ladderPrice('buy', 'stepIn', touch, 0.05)).toEqual({ ok: true, price: 100.05 });
    expect(ladderPrice('sell', 'stepIn', touch, 0.05)).toEqual({ ok: true, price: 100.45 });
  });

  it('takes the far side', () => {
    expect(ladderPrice('buy', 'take', touch, 0.05)).toEqual({ ok: true, price: 100.5 });
    expect(ladderPrice('sell', 'take', touch, 0.05)).toEqual({ ok: true, price: 100 });
  });

  it('refuses a step-in when the spread is one tick', () => {
    const tight = { bid: 100, ask: 100.05 };
    expect(ladderPrice('buy', 'stepIn', tight, 0.05).ok).toBe(false);
    expect(ladderPrice('sell', 'stepIn', tight, 0.05).ok).toBe(false);
  });

  it('refuses without the side of the book it needs', () => {
    expect(ladderPrice('buy', 'join', { bid: undefined, ask: 101 }, 0.05)).toEqual({
      ok: false,
      message: 'No bid to join yet',
    });
    expect(ladderPrice('sell', 'take', { bid: 0, ask: 101 }, 0.05)).toEqual({
      ok: false,
      message: 'No bid to take yet',
    });
    // A step-in with no far side still steps (nothing to cross).
    expect(ladderPrice('buy', 'stepIn', { bid: 10, ask: undefined }, 0.05)).toEqual({
      ok: true,
      price: 10.05,
    });
  });

  it('re-prices only when the mode price moved', () => {
    expect(repricedLimit('buy', 'join', touch, 0.05, 100)).toBeUndefined();
    expect(repricedLimit('buy', 'join', { bid: 100.2, ask: 100.5 }, 0.05, 100)).toBe(100.2);
    expect(repricedLimit('buy', 'join', { bid: undefined, ask: 100.5 }, 0.05, 100)).toBeUndefined();
  });
});
