import type { UpdateChannel } from './links';

/**
 * An update channel for brokers whose push channel we do not speak: the order book is read every `pollMs` while
 * the user's session lives, one read at a time, and every change is reported through the session's tracker.
 */
export function createPollingChannel(
  pollMs: number,
  poll: (userId: string) => Promise<unknown>,
  onError: (userId: string, error: unknown) => void,
): UpdateChannel<'polling'> {
  const pollers = new Map<string, NodeJS.Timeout>();

  const close = (userId: string) => {
    clearInterval(pollers.get(userId));
    pollers.delete(userId);
  };

  const open = (userId: string) => {
    close(userId);
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      poll(userId)
        .catch((error: unknown) => onError(userId, error))
        .finally(() => {
          busy = false;
        });
    }, pollMs);
    timer.unref();
    pollers.set(userId, timer);
  };

  return {
    open,
    close,
    reopen: open,
    state: (userId) => (pollers.has(userId) ? 'polling' : undefined),
    closeAll() {
      for (const userId of [...pollers.keys()]) close(userId);
    },
  };
}
