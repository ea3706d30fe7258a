import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../logger';
import { createOutbox } from './outbox';
import { TelegramError } from './telegram-client';

describe('Telegram outbox', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const recorder = (fail: (n: number) => Error | undefined = () => undefined) => {
    const sent: { chatId: string; text: string; at: number }[] = [];
    let calls = 0;
    const send = async (chatId: string, text: string) => {
      const error = fail(++calls);
      if (error) throw error;
      sent.push({ chatId, text, at: Date.now() });
    };
    return { sent, send };
  };

  it('returns at once and keeps one message a second per chat, while other chats go meanwhile', async () => {
    const { sent, send } = recorder();
    const outbox = createOutbox({ send, logger: silentLogger(), now: Date.now });
    outbox.send('a', 'one');
    outbox.send('a', 'two');
    outbox.send('b', 'three');
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((m) => m.text)).toEqual(['one', 'three']);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((m) => `${m.text}@${m.at}`)).toEqual(['one@0', 'three@0', 'two@1000']);
    outbox.close();
  });

  it('holds every message for the retry_after of a 429, then sends it', async () => {
    const { sent, send } = recorder((n) =>
      n === 1 ? new TelegramError('sendMessage', 429, 'Too Many Requests', 7) : undefined,
    );
    const outbox = createOutbox({ send, logger: silentLogger(), now: Date.now });
    outbox.send('a', 'held');
    outbox.send('b', 'other');
    await vi.advanceTimersByTimeAsync(6999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((m) => `${m.text}@${m.at}`)).toEqual(['held@7000', 'other@7000']);
    outbox.close();
  });

  it('drops a message Telegram refuses (blocked bot) and keeps the overall rate', async () => {
    const { sent, send } = recorder((n) =>
      n === 1 ? new TelegramError('sendMessage', 403, 'Forbidden: bot was blocked by the user') : undefined,
    );
    const outbox = createOutbox({ send, logger: silentLogger(), now: Date.now, options: { perSecond: 2 } });
    outbox.send('blocked', 'lost');
    for (const chat of ['a', 'b', 'c']) outbox.send(chat, chat);
    await vi.advanceTimersByTimeAsync(0);
    // The refused send counts against the second's budget of two.
    expect(sent.map((m) => m.text)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((m) => m.text)).toEqual(['a', 'b', 'c']);
    outbox.close();
  });
});
