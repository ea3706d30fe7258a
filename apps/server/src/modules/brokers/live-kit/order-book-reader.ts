// How a stream channel reads a user's order book: one read at a time; a request during a read makes one more read
// after it (however many came). A doorbell (a push that only says something changed) whose read reports nothing new
// is read again a few times with a short growing pause: a broker's order book can lag its own push, and concluding
// "nothing changed" would lose the change until the order's next event.

export interface DoorbellRetry {
  /** How many more reads a doorbell gets when its read showed nothing new. */
  attempts: number;
  /** Pause before the first re-read, doubled per re-read up to `maxMs`. */
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_DOORBELL_RETRY: DoorbellRetry = { attempts: 5, firstMs: 150, maxMs: 2000 };

export interface OrderBookReaderDeps {
  /** Reads the book and reports what changed; resolving to a number says how many changes it reported. */
  read(): Promise<unknown>;
  onError(error: unknown): void;
  doorbellRetry?: DoorbellRetry;
}

type Wanted = 'read' | 'doorbell';

export function createOrderBookReader(deps: OrderBookReaderDeps) {
  const retry = deps.doorbellRetry ?? DEFAULT_DOORBELL_RETRY;
  let wanted: Wanted | undefined;
  let running = false;
  let closed = false;
  let pause: { timer: NodeJS.Timeout; resolve: () => void } | undefined;

  /** How many changes one read reported: undefined when the read cannot tell, 0 when it failed. */
  const readOnce = async (): Promise<number | undefined> => {
    try {
      const changes = await deps.read();
      return typeof changes === 'number' ? changes : undefined;
    } catch (error) {
      deps.onError(error);
      return 0;
    }
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pause = undefined;
        resolve();
      }, ms);
      timer.unref();
      pause = { timer, resolve };
    });

  const drain = async () => {
    let staleReads = 0;
    let doorbellUnseen = false;
    while (!closed) {
      if (!wanted) {
        if (!doorbellUnseen || staleReads >= retry.attempts) return;
        // The doorbell's read showed nothing new: the book may not show the change yet.
        await sleep(Math.min(retry.maxMs, retry.firstMs * 2 ** staleReads));
        staleReads += 1;
        if (closed) return;
      }
      const kind = wanted ?? 'read';
      wanted = undefined;
      // A new doorbell gets the whole budget of re-reads.
      if (kind === 'doorbell') staleReads = 0;
      const changes = await readOnce();
      if (kind === 'doorbell') doorbellUnseen = true;
      if (changes !== 0) doorbellUnseen = false;
    }
  };

  const request = (kind: Wanted) => {
    if (closed) return;
    wanted = wanted === 'doorbell' ? 'doorbell' : kind;
    if (running) {
      // A request during a re-read's pause is served now.
      if (pause) {
        clearTimeout(pause.timer);
        pause.resolve();
        pause = undefined;
      }
      return;
    }
    running = true;
    void drain().finally(() => {
      running = false;
    });
  };

  return {
    /** Read now (a catch-up); once more after the running read if one is running. */
    read: () => request('read'),
    /** A push said something changed. */
    doorbell: () => request('doorbell'),
    /** A poll: skipped while a read is running (the running read covers it). */
    poll: () => {
      if (!running) request('read');
    },
    close() {
      closed = true;
      if (pause) {
        clearTimeout(pause.timer);
        pause.resolve();
      }
    },
  };
}
