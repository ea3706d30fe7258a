import type { OrderActivitySource } from './ports';

/**
 * Lets the kill switch wait for "something happened to this user's orders" instead of polling: each waiter is
 * woken by the user's next order activity or by its own timeout.
 */
export function createActivityWaits(source: OrderActivitySource) {
  const waiters = new Map<string, Set<() => void>>();
  let unsubscribe: (() => void) | undefined;

  const wakeAll = (userId: string) => {
    const set = waiters.get(userId);
    if (set) for (const wake of [...set]) wake();
  };

  return {
    start(): void {
      unsubscribe ??= source.onOrderActivity(wakeAll);
    },

    /** Resolves true on the user's next order activity, false after `ms` without one. */
    wait(userId: string, ms: number): Promise<boolean> {
      return new Promise((resolve) => {
        const set = waiters.get(userId) ?? new Set<() => void>();
        waiters.set(userId, set);
        const done = (woken: boolean) => {
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0) waiters.delete(userId);
          resolve(woken);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), ms);
        set.add(wake);
      });
    },

    close(): void {
      unsubscribe?.();
      unsubscribe = undefined;
      for (const userId of [...waiters.keys()]) wakeAll(userId);
    },
  };
}
