import { describe, expect, it } from 'vitest';
import { symbolsWithinBudget, type WantedSymbol } from './symbol-budget';

const want = (symbol: string, tier: WantedSymbol['tier'], readers: number, lastWantedAt: number) => ({
  symbol,
  tier,
  readers,
  lastWantedAt,
});

describe('symbolsWithinBudget', () => {
  const wanted = [
    want('WATCHED-OLD', 'watched', 1, 1),
    want('WATCHED-NEW', 'watched', 1, 5),
    want('WATCHED-BY-3', 'watched', 3, 2),
    want('HELD', 'held', 1, 3),
    want('NIFTY 50', 'index', 1, 4),
  ];

  it('keeps every symbol without a limit or within it', () => {
    expect(symbolsWithinBudget(wanted, undefined).size).toBe(5);
    expect(symbolsWithinBudget(wanted, 5).size).toBe(5);
  });

  it('keeps indices, then held contracts, then the most watched, then the most recently wanted', () => {
    expect([...symbolsWithinBudget(wanted, 1)]).toEqual(['NIFTY 50']);
    expect([...symbolsWithinBudget(wanted, 2)].sort()).toEqual(['HELD', 'NIFTY 50']);
    expect([...symbolsWithinBudget(wanted, 3)].sort()).toEqual(['HELD', 'NIFTY 50', 'WATCHED-BY-3']);
    // Equal readers: the least recently wanted is the one left out.
    expect([...symbolsWithinBudget(wanted, 4)].sort()).toEqual([
      'HELD',
      'NIFTY 50',
      'WATCHED-BY-3',
      'WATCHED-NEW',
    ]);
  });

  it('keeps nothing with a budget of zero', () => {
    expect(symbolsWithinBudget(wanted, 0).size).toBe(0);
  });
});
