import { describe, expect, it } from 'vitest';
import type { PriceSourceId, Quote } from './contract';
import { createPriceHolds, HOLD_MESSAGES } from './price-holds';

const T0 = Date.UTC(2026, 10, 24, 5, 0);

describe('price holds (server-side automation)', () => {
  const quotes = new Map<string, Quote>([
    ['sim X', { ts: T0 } as Quote],
    ['zerodha:u1 X', { ts: T0 + 10_000 } as Quote],
  ]);
  let now = T0;
  const holdOf = createPriceHolds({
    quoteOf: (source: PriceSourceId, symbol) => quotes.get(`${source} ${symbol}`),
    clock: { now: () => now },
    practiceDelayMs: 5000,
    staleAfterMs: 3000,
  });

  it('lets automation act on a fresh price and holds it once the contract stops ticking', () => {
    now = T0 + 3000;
    expect(holdOf('sim', 'X', 'live')).toBeNull();
    now = T0 + 12_000;
    expect(holdOf('sim', 'X', 'live')).toEqual({
      reason: 'stale',
      message: HOLD_MESSAGES.stale(12_000),
    });
    expect(HOLD_MESSAGES.stale(12_000)).toBe('Paused: prices are stale (last tick 12 s ago)');
    // The practice view is 5 s late on purpose.
    now = T0 + 7000;
    expect(holdOf('sim', 'X', 'live')?.reason).toBe('stale');
    expect(holdOf('sim', 'X', 'practice')).toBeNull();
    expect(holdOf('sim', 'NEVER', 'live')?.reason).toBe('stale');
  });

  it("judges each source by its own ticks: a user's fresh broker price is not held when the simulator's is stale", () => {
    now = T0 + 12_000;
    expect(holdOf('sim', 'X', 'live')?.reason).toBe('stale');
    expect(holdOf('zerodha:u1', 'X', 'live')).toBeNull();
    expect(holdOf('zerodha:u2', 'X', 'live')).toEqual({
      reason: 'stale',
      message: HOLD_MESSAGES.stale(null),
    });
  });
});
