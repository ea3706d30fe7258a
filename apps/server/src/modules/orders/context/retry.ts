/**
 * Pauses between the attempts of engine work whose store write failed: short at first (a passing fault), then
 * backing off (a store that needs a moment). Five attempts in about 2.6 s; past them the work's caller reports it.
 */
const RETRY_DELAYS_MS: readonly number[] = [20, 100, 500, 2000];

/**
 * Runs `work` until it succeeds or the delays are spent; `work` learns whether it is a retry. `onRetry` hears of
 * each failure that will be retried; the last failure is thrown.
 */
export async function withRetries<T>(
  work: (retry: boolean) => Promise<T>,
  onRetry: (error: unknown, attempt: number) => void,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work(attempt > 0);
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      onRetry(error, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
