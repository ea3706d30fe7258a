// A small client of the Telegram Bot API: the two methods the alerts use (long-polled getUpdates, sendMessage).
// Written here rather than taken from an SDK: the protocol is two JSON POSTs, and the SDKs bring their own
// polling loops and retry policies, where this server needs its own (leader-only polling, a shared rate limit).

/** The part of an update the bot reads: a text message and the chat it came from. */
export interface TelegramUpdate {
  update_id: number;
  message?: { message_id: number; chat: { id: number | string }; text?: string };
}

/** A Bot API call that answered `ok: false`; `retryAfterS` is set on 429 (flood control). */
export class TelegramError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    description: string,
    readonly retryAfterS?: number,
  ) {
    super(`Telegram ${method}: ${code} ${description}`);
    this.name = 'TelegramError';
  }
}

export interface TelegramClient {
  getUpdates(offset: number, timeoutS: number, signal?: AbortSignal): Promise<TelegramUpdate[]>;
  sendMessage(chatId: string, text: string): Promise<void>;
}

interface BotAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function createTelegramClient(options: {
  apiUrl: string;
  token: string;
  fetch?: typeof fetch;
}): TelegramClient {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.apiUrl.replace(/\/+$/, '')}/bot${options.token}`;

  const call = async (method: string, body: object, signal?: AbortSignal): Promise<unknown> => {
    const response = await doFetch(`${base}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
    const answer = (await response.json().catch(() => ({}))) as BotAnswer;
    if (!response.ok || answer.ok !== true) {
      throw new TelegramError(
        method,
        answer.error_code ?? response.status,
        answer.description ?? response.statusText,
        answer.parameters?.retry_after,
      );
    }
    return answer.result;
  };

  return {
    async getUpdates(offset, timeoutS, signal) {
      const result = await call(
        'getUpdates',
        { offset, timeout: timeoutS, allowed_updates: ['message'] },
        signal,
      );
      return Array.isArray(result) ? (result as TelegramUpdate[]) : [];
    },
    async sendMessage(chatId, text) {
      await call('sendMessage', { chat_id: chatId, text });
    },
  };
}
