/**
 * Runs each user's order-state work one task at a time, in arrival order, so a broker update, a user action and a
 * workflow step never read and write the same order at once. Tasks do store work only; broker calls happen outside
 * the queue, so a slow broker never holds up another user's (or the same user's) updates.
 */
export interface UserQueue {
  run<T>(userId: string, task: () => Promise<T>): Promise<T>;
}

/** Keeps count of work in flight so tests and shutdown can wait until the engine is quiet. */
export interface TaskTracker {
  /** Tracks `work`, as one user's when `userId` is given. */
  track<T>(work: Promise<T>, userId?: string): Promise<T>;
  /**
   * Resolves once nothing tracked is pending (including work started while waiting); with `userId`, once nothing of
   * that user is (a Practice Mode funds reset waits for its own user's work only, not for everyone's).
   */
  idle(userId?: string): Promise<void>;
  readonly pending: number;
}

export function createTaskTracker(): TaskTracker {
  const inFlight = new Set<Promise<unknown>>();
  const byUser = new Map<string, Set<Promise<unknown>>>();
  return {
    track<T>(work: Promise<T>, userId?: string): Promise<T> {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      let own: Set<Promise<unknown>> | undefined;
      if (userId !== undefined) {
        own = byUser.get(userId) ?? new Set<Promise<unknown>>();
        byUser.set(userId, own);
        own.add(settled);
      }
      void settled.then(() => {
        inFlight.delete(settled);
        if (userId === undefined || !own) return;
        own.delete(settled);
        if (own.size === 0 && byUser.get(userId) === own) byUser.delete(userId);
      });
      return work;
    },
    async idle(userId?: string) {
      for (;;) {
        const waiting = userId === undefined ? inFlight : byUser.get(userId);
        if (!waiting || waiting.size === 0) return;
        await Promise.all([...waiting]);
      }
    },
    get pending() {
      return inFlight.size;
    },
  };
}

export function createUserQueue(tracker: TaskTracker): UserQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(userId: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(userId) ?? Promise.resolve();
      // A failed task must not block the ones behind it.
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(userId, tail);
      void tail.then(() => {
        if (tails.get(userId) === tail) tails.delete(userId);
      });
      return tracker.track(result, userId);
    },
  };
}
