/** Time as the pacer needs it: a monotonic now and a way to wait (real timers by default, fakes in tests). */
export interface PacerTime {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realPacerTime: PacerTime = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** How a command waits for its slot. */
export interface PacerTurn {
  /** A command no longer wanted when its turn comes resolves false at once and takes no slot. */
  wanted?: () => boolean;
  /**
   * Cancels and modifies of orders already at the broker go before placements still waiting: a long exit's slices
   * must not hold up a cancel-all behind them.
   */
  urgent?: boolean;
}

/** Spaces a user's broker commands to at most `perSecond` in any one-second window, urgent ones first. */
export interface Pacer {
  /** Resolves true when the command may go, false when it was no longer wanted (see PacerTurn). */
  acquire(key: string, perSecond: number, turn?: PacerTurn): Promise<boolean>;
  /** Lets every waiting command of `key` no longer wanted go now, without waiting for its turn. */
  release(key: string): void;
}

const WINDOW_MS = 1000;

interface Waiter {
  limit: number;
  wanted: () => boolean;
  go: (sent: boolean) => void;
}

/** One key's window (at most `perSecond` timestamps) and the commands waiting for it, kept for the process's life. */
interface Lane {
  sent: number[];
  urgent: Waiter[];
  normal: Waiter[];
  pumping: boolean;
}

/** Answers every waiter no longer wanted (false) and returns the rest, in order. */
function keepWanted(waiters: Waiter[]): Waiter[] {
  const kept: Waiter[] = [];
  for (const waiter of waiters) {
    if (waiter.wanted()) kept.push(waiter);
    else waiter.go(false);
  }
  return kept;
}

export function createPacer(time: PacerTime = realPacerTime): Pacer {
  const lanes = new Map<string, Lane>();

  /** The queue whose head goes next (urgent first), heads no longer wanted answered on the way. */
  const nextQueue = (lane: Lane): Waiter[] | undefined => {
    for (const queue of [lane.urgent, lane.normal]) {
      while (queue.length > 0 && !(queue[0] as Waiter).wanted()) queue.shift()?.go(false);
      if (queue.length > 0) return queue;
    }
    return undefined;
  };

  /** Hands out slots while commands wait; the next command is chosen only when a slot is free. */
  const pump = async (lane: Lane) => {
    lane.pumping = true;
    try {
      const { sent } = lane;
      for (;;) {
        const queue = nextQueue(lane);
        if (!queue) return;
        const now = time.now();
        while (sent.length > 0 && (sent[0] as number) <= now - WINDOW_MS) sent.shift();
        if (sent.length < (queue[0] as Waiter).limit) {
          sent.push(now);
          queue.shift()?.go(true);
          continue;
        }
        // The commands just let through start before the wait begins.
        await Promise.resolve();
        const wait = (sent[0] as number) + WINDOW_MS - time.now();
        if (wait > 0) await time.sleep(wait);
      }
    } finally {
      lane.pumping = false;
    }
  };

  return {
    acquire(key, perSecond, { wanted = () => true, urgent = false } = {}) {
      const limit = Number.isFinite(perSecond) && perSecond >= 1 ? Math.floor(perSecond) : 1;
      let lane = lanes.get(key);
      if (!lane) {
        lane = { sent: [], urgent: [], normal: [], pumping: false };
        lanes.set(key, lane);
      }
      const waiting = lane;
      const answer = new Promise<boolean>((go) => {
        (urgent ? waiting.urgent : waiting.normal).push({ limit, wanted, go });
      });
      if (!lane.pumping) void pump(lane);
      return answer;
    },
    release(key) {
      const lane = lanes.get(key);
      if (!lane) return;
      lane.urgent = keepWanted(lane.urgent);
      lane.normal = keepWanted(lane.normal);
    },
  };
}
