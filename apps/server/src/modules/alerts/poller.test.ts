import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../logger';
import type { Bot } from './bot';
import { createPoller } from './poller';
import { TelegramError, type TelegramUpdate } from './telegram-client';

describe('getUpdates poller', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits the retry_after of a 429, then polls from the offset after the last update handled', async () => {
    vi.useFakeTimers({ now: 0 });
    const polls: { offset: number; at: number }[] = [];
    const handled: number[] = [];
    const answers: Array<() => Promise<TelegramUpdate[]>> = [
      async () => {
        throw new TelegramError('getUpdates', 429, 'Too Many Requests', 3);
      },
      async () => [{ update_id: 41 }, { update_id: 42 }],
    ];
    const client = {
      getUpdates: async (offset: number) => {
        polls.push({ offset, at: Date.now() });
        const next = answers.shift();
        return next ? next() : new Promise<TelegramUpdate[]>(() => {});
      },
      sendMessage: async () => undefined,
    };
    const bot = { onUpdate: async (update: TelegramUpdate) => void handled.push(update.update_id) } as Bot;
    const poller = createPoller({ client, bot, logger: silentLogger() });
    poller.start();
    await vi.advanceTimersByTimeAsync(2999);
    expect(polls).toEqual([{ offset: 0, at: 0 }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(handled).toEqual([41, 42]);
    expect(polls).toEqual([
      { offset: 0, at: 0 },
      { offset: 0, at: 3000 },
      { offset: 43, at: 3000 },
    ]);
    void poller.stop();
  });
});
