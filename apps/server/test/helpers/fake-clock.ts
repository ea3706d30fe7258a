import type { Clock } from '../../src/clock';

/** A clock tests move by hand. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(epochMs: number): void;
}

/** Starts at 2026-11-23 09:30 IST (a Monday, market open) unless told otherwise. */
export function createFakeClock(start = Date.UTC(2026, 10, 23, 4, 0)): FakeClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(epochMs) {
      current = epochMs;
    },
  };
}
