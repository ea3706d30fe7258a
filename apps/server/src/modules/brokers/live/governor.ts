// A per-user order-rate governor. SEBI's retail-algo framework treats more than 10 orders per second per exchange as
// an algo needing exchange registration, and Kite enforces 10 order requests per calendar second and 400 per minute
// (place, modify and cancel share the allowance; reference A.8). Every live order command waits here for a slot, so
// slices, iceberg legs and exit-all are paced below those limits instead of being refused.

export interface GovernorTime {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realGovernorTime: GovernorTime = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface RateWindow {
  /** Most requests allowed in any window of `ms`. */
  limit: number;
  ms: number;
}

/** Strictly under the thresholds: 9 per second, 390 per minute. */
export const KITE_ORDER_WINDOWS: readonly RateWindow[] = [
  { limit: 9, ms: 1000 },
  { limit: 390, ms: 60_000 },
];

export interface OrderRateGovernor {
  /** Resolves when `key` (a user) may send one more order command; callers are served in arrival order. */
  acquire(key: string): Promise<void>;
}

export function createOrderRateGovernor(
  windows: readonly RateWindow[] = KITE_ORDER_WINDOWS,
  time: GovernorTime = realGovernorTime,
): OrderRateGovernor {
  const longest = Math.max(...windows.map((w) => w.ms));
  const users = new Map<string, { sent: number[]; tail: Promise<void> }>();

  /** How long until every window has room, given the send times still inside the longest window. */
  const waitFor = (sent: readonly number[], now: number): number => {
    let wait = 0;
    for (const { limit, ms } of windows) {
      const inside = sent.filter((t) => t > now - ms);
      if (inside.length >= limit) {
        const oldest = inside[inside.length - limit] as number;
        wait = Math.max(wait, oldest + ms - now);
      }
    }
    return wait;
  };

  const takeSlot = async (sent: number[]) => {
    for (;;) {
      const now = time.now();
      while (sent.length > 0 && (sent[0] as number) <= now - longest) sent.shift();
      const wait = waitFor(sent, now);
      if (wait <= 0) {
        sent.push(now);
        return;
      }
      await time.sleep(wait);
    }
  };

  return {
    acquire(key) {
      let user = users.get(key);
      if (!user) {
        user = { sent: [], tail: Promise.resolve() };
        users.set(key, user);
      }
      const { sent } = user;
      const turn = user.tail.then(() => takeSlot(sent));
      user.tail = turn.catch(() => undefined);
      return turn;
    },
  };
}
