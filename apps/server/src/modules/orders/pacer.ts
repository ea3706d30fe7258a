/** Time as the pacer needs it: a monotonic now and a way to wait (real timers by default, fakes in tests). */
export interface PacerTime {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realPacerTime: PacerTime = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Spaces a user's broker commands to at most `perSecond` in any one-second window, in request order. */
export interface Pacer {
  /**
   * Resolves true when the command may go. With `wanted`, a command no longer wanted when its turn comes (or
   * while it waits for a slot) resolves false at once and takes no slot, so commands behind it move up.
   */
  acquire(key: string, perSecond: number, wanted?: () => boolean): Promise<boolean>;
}

const WINDOW_MS = 1000;

export function createPacer(time: PacerTime = realPacerTime): Pacer {
  const windows = new Map<string, { sent: number[]; tail: Promise<void> }>();

  const waitForSlot = async (sent: number[], perSecond: number, wanted: () => boolean) => {
    for (;;) {
      if (!wanted()) return false;
      const now = time.now();
      while (sent.length > 0 && (sent[0] as number) <= now - WINDOW_MS) sent.shift();
      if (sent.length < perSecond) {
        sent.push(now);
        return true;
      }
      await time.sleep((sent[0] as number) + WINDOW_MS - now);
    }
  };

  return {
    acquire(key, perSecond, wanted = () => true) {
      const limit = Number.isFinite(perSecond) && perSecond >= 1 ? Math.floor(perSecond) : 1;
      let window = windows.get(key);
      if (!window) {
        window = { sent: [], tail: Promise.resolve() };
        windows.set(key, window);
      }
      const { sent } = window;
      // One small window per user (at most `perSecond` timestamps), kept for the life of the process.
      const turn = window.tail.then(() => waitForSlot(sent, limit, wanted));
      window.tail = turn.then(() => undefined);
      return turn;
    },
  };
}
