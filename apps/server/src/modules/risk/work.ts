import type { Logger } from '../../logger';

interface Lane {
  again: boolean;
  task: () => Promise<unknown>;
  drained: Promise<void>;
}

/**
 * Background work of the monitor: every task is tracked (so tests and shutdown can wait for quiet) and its
 * failure logged, never thrown at the tick that started it. `coalesce` runs one task per key at a time; asking
 * again while it runs schedules exactly one more run with the latest task (e.g. many order updates, one reload).
 */
export function createWork(logger: Logger) {
  const inFlight = new Set<Promise<unknown>>();
  const lanes = new Map<string, Lane>();

  const track = (work: Promise<unknown>): Promise<void> => {
    const settled = work.then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, 'profit protection background task failed'),
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return settled;
  };

  const drain = async (key: string, lane: Lane) => {
    do {
      lane.again = false;
      await lane
        .task()
        .catch((error: unknown) => logger.error({ err: error, key }, 'profit protection task failed'));
    } while (lane.again);
    lanes.delete(key);
  };

  return {
    track,

    coalesce(key: string, task: () => Promise<unknown>): Promise<void> {
      const running = lanes.get(key);
      if (running) {
        running.again = true;
        running.task = task;
        return running.drained;
      }
      const lane: Lane = { again: false, task, drained: Promise.resolve() };
      lanes.set(key, lane);
      lane.drained = track(drain(key, lane));
      return lane.drained;
    },

    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
