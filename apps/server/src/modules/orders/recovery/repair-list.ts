import type { Logger } from '../../../logger';
import type { RepairEntry } from '../context/events';
import type { TaskTracker } from '../context/user-queue';

/**
 * Pauses between repairs of one family: every 5 s at first, backing off to every 30 s, and never giving up while
 * the process lives (a family whose legs are missing is an unprotected position). The last pause repeats.
 */
export const REPAIR_DELAYS_MS: readonly number[] = [5_000, 10_000, 20_000, 30_000];

/**
 * A family can wait for hours (the user's broker session ended and they have not logged in again): the same
 * failure is logged again at most this often, so the log says it once a while instead of every 30 s.
 */
export const REPEATED_FAILURE_LOG_MS = 10 * 60_000;

/**
 * Work whose retries ran out: a family whose rules must run again (`rootId`), or a broker update that could not be
 * booked (`update`: the order is found by our tag or the broker's id, and read back from the broker).
 */
export interface RepairHooks {
  /** Repairs the entry; throws to be tried again later. */
  repair(entry: RepairEntry): Promise<void>;
  /** Heard once when an entry joins the list, and once when it leaves it repaired. */
  entered(entry: RepairEntry): void;
  repaired(entry: RepairEntry): void;
}

/** The families (and unbooked updates) the engine still owes a repair, each retried on its own timer. */
export interface RepairList {
  enlist(entry: RepairEntry, error: unknown): void;
  readonly size: number;
  /** Stops every timer (shutdown): what is left is repaired by recovery on the next start. */
  stop(): void;
}

const keyOf = (entry: RepairEntry) =>
  [entry.userId, entry.rootId ?? '', entry.update?.brokerId ?? '', entry.update?.brokerOrderId ?? ''].join(
    '\u0000',
  );

interface Item {
  entry: RepairEntry;
  attempt: number;
  timer?: NodeJS.Timeout;
  running: boolean;
  /** Enlisted again while a repair ran: that run may have read the state before the new failure. */
  again: boolean;
  /** The last failure logged, and when: an unchanged failure is logged again only after REPEATED_FAILURE_LOG_MS. */
  logged?: { message: string; at: number };
}

export function createRepairList(
  hooks: RepairHooks,
  deps: { logger: Logger; tracker: TaskTracker; delays?: readonly number[]; now?: () => number },
): RepairList {
  const delays = deps.delays ?? REPAIR_DELAYS_MS;
  const now = deps.now ?? Date.now;
  const items = new Map<string, Item>();
  let stopped = false;

  const schedule = (key: string, item: Item) => {
    const delay = delays[Math.min(item.attempt, delays.length - 1)] ?? 0;
    item.timer = setTimeout(() => void run(key, item), delay);
    // A pending repair does not keep the process alive on its own.
    item.timer.unref();
  };

  const run = async (key: string, item: Item) => {
    item.timer = undefined;
    item.running = true;
    item.again = false;
    try {
      await deps.tracker.track(hooks.repair(item.entry));
    } catch (error) {
      item.running = false;
      item.attempt += 1;
      const message = error instanceof Error ? error.message : String(error);
      const at = now();
      if (
        item.logged === undefined ||
        item.logged.message !== message ||
        at - item.logged.at >= REPEATED_FAILURE_LOG_MS
      ) {
        item.logged = { message, at };
        deps.logger.error(
          { err: error, ...item.entry, attempt: item.attempt },
          'order repair failed; retrying',
        );
      }
      if (!stopped) schedule(key, item);
      return;
    }
    item.running = false;
    if (stopped) return;
    if (item.again) {
      item.attempt = 0;
      schedule(key, item);
      return;
    }
    items.delete(key);
    deps.logger.info({ ...item.entry }, 'order repair done');
    hooks.repaired(item.entry);
  };

  return {
    enlist(entry, error) {
      if (stopped) return;
      const key = keyOf(entry);
      const known = items.get(key);
      if (known) {
        if (known.running) known.again = true;
        return;
      }
      deps.logger.error(
        { err: error, ...entry },
        'order work failed after every retry; repairing the family',
      );
      const item: Item = { entry, attempt: 0, running: false, again: false };
      items.set(key, item);
      hooks.entered(entry);
      schedule(key, item);
    },
    get size() {
      return items.size;
    },
    stop() {
      stopped = true;
      for (const item of items.values()) clearTimeout(item.timer);
      items.clear();
    },
  };
}
