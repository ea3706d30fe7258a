import type { Logger } from '../../logger';
import type { Bot } from './bot';
import { type TelegramClient, TelegramError } from './telegram-client';

export interface PollerOptions {
  /** getUpdates long-poll timeout (seconds). */
  timeoutS: number;
  /** First pause after a failed poll; doubles up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_POLLER: PollerOptions = { timeoutS: 25, backoffMs: 1000, maxBackoffMs: 30_000 };

/**
 * The getUpdates loop: long polls with the offset after the last update handled (which confirms the earlier
 * ones to Telegram), hands each update to the bot in order, and backs off on failures (a 429 waits its
 * `retry_after`). Runs only while started: in a cluster only the leader of `leader:telegram` starts it.
 */
export function createPoller(deps: {
  client: TelegramClient;
  bot: Bot;
  logger: Logger;
  options?: Partial<PollerOptions>;
}) {
  const options = { ...DEFAULT_POLLER, ...deps.options };
  let offset = 0;
  let controller: AbortController | undefined;
  let loop: Promise<void> | undefined;

  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const run = async (signal: AbortSignal) => {
    let backoff = options.backoffMs;
    while (!signal.aborted) {
      try {
        const updates = await deps.client.getUpdates(offset, options.timeoutS, signal);
        backoff = options.backoffMs;
        for (const update of updates) {
          if (signal.aborted) return;
          offset = Math.max(offset, update.update_id + 1);
          await deps.bot.onUpdate(update);
        }
      } catch (error) {
        if (signal.aborted) return;
        const retryAfterMs =
          error instanceof TelegramError && error.code === 429 ? (error.retryAfterS ?? 1) * 1000 : undefined;
        deps.logger.warn({ err: error, retryAfterMs }, 'telegram getUpdates failed');
        await sleep(retryAfterMs ?? backoff, signal);
        if (retryAfterMs === undefined) backoff = Math.min(backoff * 2, options.maxBackoffMs);
      }
    }
  };

  return {
    get running() {
      return loop !== undefined;
    },
    start(): void {
      if (loop) return;
      controller = new AbortController();
      loop = run(controller.signal).finally(() => {
        loop = undefined;
      });
    },
    async stop(): Promise<void> {
      controller?.abort();
      await loop;
    },
  };
}
