import { monotonicClock, type WaitingClock } from '../../../clock';

// The one rate limiter for broker commands. SEBI's retail-algo framework treats more than 10 orders per second per
// exchange as an algo needing registration, and brokers enforce their own windows (Kite: 10 order requests per
// second and 400 per minute, place, modify and cancel sharing them). Every live command waits here for a slot, so
// slices, iceberg legs and exit-all are paced below those limits instead of being refused.

export interface RateWindow {
  /** Most commands allowed in any window of `ms`. */
  limit: number;
  ms: number;
}

/** A broker's limits: every window must have room before a command goes. */
export type RateLimits = readonly RateWindow[];

/** At most `n` commands in any one-second window. */
export const perSecond = (n: number): RateLimits => [
  { limit: Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1, ms: 1000 },
];

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

/** Spaces a key's (a user's) broker commands within its rate limits, urgent ones first, the rest in arrival order. */
export interface Pacer {
  /**
   * Resolves true when the command may go, false when it was no longer wanted (see PacerTurn). `limits` is a
   * number of commands per second or the broker's windows.
   */
  acquire(key: string, limits: number | RateLimits, turn?: PacerTurn): Promise<boolean>;
  /** Lets every waiting command of `key` no longer wanted go now, without waiting for its turn. */
  release(key: string): void;
}

interface Waiter {
  limits: RateLimits;
  wanted: () => boolean;
  go: (sent: boolean) => void;
}

/** One key's recent send times (those inside its longest window) and the commands waiting for a slot. */
interface Lane {
  sent: number[];
  longest: number;
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

/** How long until every window has room for one more, given the send times (oldest first). */
function waitFor(limits: RateLimits, sent: readonly number[], now: number): number {
  let wait = 0;
  for (const { limit, ms } of limits) {
    const inside = sent.filter((t) => t > now - ms);
    if (inside.length >= limit) {
      const oldest = inside[inside.length - limit] as number;
      wait = Math.max(wait, oldest + ms - now);
    }
  }
  return wait;
}

export function createPacer(time: WaitingClock = monotonicClock): Pacer {
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
        while (sent.length > 0 && (sent[0] as number) <= now - lane.longest) sent.shift();
        const wait = waitFor((queue[0] as Waiter).limits, sent, now);
        if (wait <= 0) {
          sent.push(now);
          queue.shift()?.go(true);
          continue;
        }
        // The commands just let through start before the wait begins.
        await Promise.resolve();
        const left = wait - (time.now() - now);
        if (left > 0) await time.sleep(left);
      }
    } finally {
      lane.pumping = false;
    }
  };

  return {
    acquire(key, limits, { wanted = () => true, urgent = false } = {}) {
      const windows = typeof limits === 'number' ? perSecond(limits) : limits;
      let lane = lanes.get(key);
      if (!lane) {
        lane = { sent: [], longest: 0, urgent: [], normal: [], pumping: false };
        lanes.set(key, lane);
      }
      lane.longest = Math.max(lane.longest, ...windows.map((w) => w.ms));
      const waiting = lane;
      const answer = new Promise<boolean>((go) => {
        (urgent ? waiting.urgent : waiting.normal).push({ limits: windows, wanted, go });
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
