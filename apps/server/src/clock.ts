/** Source of the current time in epoch milliseconds; injected so rules and tests never read time ad hoc. */
export interface Clock {
  now(): number;
}

/** The real wall clock. */
export const systemClock: Clock = Object.freeze({ now: () => Date.now() });
