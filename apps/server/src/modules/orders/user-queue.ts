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
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once nothing tracked is pending (including work started while waiting). */
  idle(): Promise<void>;
  readonly pending: number;
}

export function createTaskTracker(): TaskTracker {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return work;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
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
      return tracker.track(result);
    },
  };
}
