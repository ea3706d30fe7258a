import { describe, expect, it } from 'vitest';
import type { Quote } from './contract';
import { createPriceHolds, HOLD_MESSAGES } from './price-holds';

const T0 = Date.UTC(2026, 10, 24, 5, 0);

describe('price holds (server-side automation)', () => {
  const quotes = new Map<string, Quote>([['X', { ts: T0 } as Quote]]);
  let now = T0;
  const streams = new Set<string>(['broker-user']);
  const holdOf = createPriceHolds({
    sources: { hasStream: (userId) => streams.has(userId) },
    shared: { getQuote: (symbol) => quotes.get(symbol) },
    clock: { now: () => now },
    practiceDelayMs: 5000,
    staleAfterMs: 3000,
  });

  it('lets automation act on a fresh shared price and holds it once the contract stops ticking', () => {
    now = T0 + 3000;
    expect(holdOf('sim-user', 'X', 'live')).toBeNull();
    now = T0 + 12_000;
    expect(holdOf('sim-user', 'X', 'live')).toEqual({
      reason: 'stale',
      message: HOLD_MESSAGES.stale(12_000),
    });
    expect(HOLD_MESSAGES.stale(12_000)).toBe('Paused: prices are stale (last tick 12 s ago)');
    // The practice view is 5 s late on purpose.
    now = T0 + 7000;
    expect(holdOf('sim-user', 'X', 'live')?.reason).toBe('stale');
    expect(holdOf('sim-user', 'X', 'practice')).toBeNull();
    expect(holdOf('sim-user', 'NEVER', 'live')?.reason).toBe('stale');
  });

  it("never acts on the shared (simulated) price for a live user whose prices are their broker's", () => {
    now = T0;
    expect(holdOf('broker-user', 'X', 'live')?.reason).toBe('not_own_source');
    expect(holdOf('broker-user', 'X', 'practice')).toBeNull();
  });
});
