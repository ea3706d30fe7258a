import type { Logger } from '../../logger';
import { TelegramError } from './telegram-client';

export interface OutboxOptions {
  /** Least gap between two messages to one chat (Telegram allows about one a second per chat). */
  perChatGapMs: number;
  /** Messages per second over all chats (Telegram allows about 30). */
  perSecond: number;
  /** Messages kept waiting per chat; older ones are dropped past it (alerts are news, not a ledger). */
  maxQueuedPerChat: number;
  /** Attempts of one message before it is dropped. */
  maxAttempts: number;
}

export const DEFAULT_OUTBOX: OutboxOptions = {
  perChatGapMs: 1000,
  perSecond: 30,
  maxQueuedPerChat: 20,
  maxAttempts: 3,
};

interface Queued {
  text: string;
  attempts: number;
}

/**
 * Outgoing Telegram messages, sent in the background within the Bot API's limits: `send` only queues and returns
 * at once, so nothing that raises an alert (the order path) waits on Telegram. A 429 pauses everything for the
 * `retry_after` Telegram gives, then the message is tried again.
 */
export function createOutbox(deps: {
  send(chatId: string, text: string): Promise<void>;
  logger: Logger;
  options?: Partial<OutboxOptions>;
  now?: () => number;
}) {
  const options = { ...DEFAULT_OUTBOX, ...deps.options };
  const now = deps.now ?? Date.now;
  const queues = new Map<string, Queued[]>();
  const lastSentTo = new Map<string, number>();
  /** Send times of the last second, for the overall limit. */
  let recent: number[] = [];
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let closed = false;
  const idleWaiters: Array<() => void> = [];

  const schedule = (delayMs: number) => {
    if (closed || timer || running) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void pump();
      },
      Math.max(0, delayMs),
    );
    timer.unref?.();
  };

  const settleIdle = () => {
    if (queues.size > 0 || running) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  /** Sends what the limits allow now, then sleeps until the next message may go. */
  const pump = async () => {
    running = true;
    let wakeIn: number | undefined;
    try {
      wakeIn = await sendWhatIsDue();
    } finally {
      running = false;
      if (wakeIn !== undefined) schedule(wakeIn);
      settleIdle();
    }
  };

  /** Sends until the limits say wait; resolves how long to wait, or undefined once nothing is queued. */
  const sendWhatIsDue = async (): Promise<number | undefined> => {
    for (;;) {
      const at = now();
      if (at < pausedUntil) return pausedUntil - at;
      recent = recent.filter((t) => t > at - 1000);
      if (recent.length >= options.perSecond) return (recent[0] ?? at) + 1000 - at;
      let next: string | undefined;
      let wait = Number.POSITIVE_INFINITY;
      for (const chatId of queues.keys()) {
        const free = (lastSentTo.get(chatId) ?? Number.NEGATIVE_INFINITY) + options.perChatGapMs;
        if (free <= at) {
          next = chatId;
          break;
        }
        wait = Math.min(wait, free - at);
      }
      if (next === undefined) return queues.size > 0 ? wait : undefined;
      const queue = queues.get(next) ?? [];
      const message = queue[0];
      if (!message) {
        queues.delete(next);
        continue;
      }
      lastSentTo.set(next, at);
      recent.push(at);
      try {
        await deps.send(next, message.text);
        queue.shift();
      } catch (error) {
        message.attempts += 1;
        if (error instanceof TelegramError && error.code === 429) {
          pausedUntil = now() + (error.retryAfterS ?? 1) * 1000;
          deps.logger.warn({ retryAfterS: error.retryAfterS }, 'telegram flood control: pausing messages');
        } else if (message.attempts >= options.maxAttempts || error instanceof TelegramError) {
          // Telegram refused it (blocked bot, unknown chat): retrying the same message will not help.
          deps.logger.warn({ err: error, chatId: next }, 'telegram message dropped');
          queue.shift();
        }
        if (message.attempts >= options.maxAttempts && queue[0] === message) queue.shift();
      }
      if (queue.length === 0) queues.delete(next);
    }
  };

  return {
    /** Queues a message; never throws, never waits. */
    send(chatId: string, text: string): void {
      if (closed) return;
      const queue = queues.get(chatId) ?? [];
      queue.push({ text, attempts: 0 });
      if (queue.length > options.maxQueuedPerChat) queue.shift();
      queues.set(chatId, queue);
      if (!running && !timer) schedule(0);
    },
    /** Resolves once nothing is queued or being sent (tests). */
    idle(): Promise<void> {
      if (queues.size === 0 && !running) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      queues.clear();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
