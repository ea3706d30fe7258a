/** Source of the current time in epoch milliseconds; injected so rules and tests never read time ad hoc. */
export interface Clock {
  now(): number;
}

/** The real wall clock. */
export const systemClock: Clock = Object.freeze({ now: () => Date.now() });

/**
 * Time for code that waits: pacing, retries, deadlines. `now` may be monotonic rather than the wall clock, so only
 * differences between its readings mean anything; tests pass a fake whose `sleep` moves `now`.
 */
export interface WaitingClock extends Clock {
  sleep(ms: number): Promise<void>;
}

/** Monotonic time and real timers. */
export const monotonicClock: WaitingClock = Object.freeze({
  now: () => performance.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
});
