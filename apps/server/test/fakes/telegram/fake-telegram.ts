import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Telegram Bot API: `POST /bot<token>/<method>` with a JSON body, answering
// `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`. getUpdates long-polls: it
// answers at once when updates at or after `offset` wait, else holds the request up to `timeout` seconds for one.
// An `offset` confirms (forgets) every earlier update, as Telegram does. Flood control answers 429 with
// `parameters.retry_after`.

export interface SentMessage {
  chatId: string;
  text: string;
}

interface Update {
  update_id: number;
  message: { message_id: number; date: number; chat: { id: number; type: 'private' }; text: string };
}

interface Poll {
  offset: number;
  answer: (updates: Update[]) => void;
}

export class FakeTelegram {
  /** Every message the bot sent, in order. */
  readonly sent: SentMessage[] = [];
  /** Method calls in order (`getUpdates`, `sendMessage`), with the time each came in. */
  readonly calls: { method: string; at: number; body: Record<string, unknown> }[] = [];
  /** The next this many sendMessage calls answer 429 with this retry_after (seconds). */
  floodNext = 0;
  floodRetryAfterS = 1;
  /** Chats that blocked the bot: sendMessage answers 403. */
  readonly blocked = new Set<string>();
  baseUrl = '';
  private server: Server | undefined;
  private updates: Update[] = [];
  private nextUpdateId = 1000;
  private polls = new Set<Poll>();
  private waiters: Array<() => void> = [];

  constructor(readonly token: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const poll of this.polls) poll.answer([]);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A trader writes `text` to the bot from `chatId`. */
  userSays(chatId: number, text: string): void {
    const id = this.nextUpdateId++;
    this.updates.push({
      update_id: id,
      message: {
        message_id: id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private' },
        text,
      },
    });
    for (const poll of [...this.polls]) this.answerPoll(poll);
  }

  /** Resolves once the bot sent a message matching `match` to the chat (checks those already sent too). */
  async waitForMessage(chatId: number | string, match: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.sent.find((m) => m.chatId === String(chatId) && match.test(m.text));
      if (found) return found.text;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no message ${match} to ${chatId}; sent: ${JSON.stringify(this.sent)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Messages sent to one chat. */
  sentTo(chatId: number | string): string[] {
    return this.sent.filter((m) => m.chatId === String(chatId)).map((m) => m.text);
  }

  private answerPoll(poll: Poll): void {
    const ready = this.updates.filter((u) => u.update_id >= poll.offset);
    if (ready.length === 0) return;
    this.polls.delete(poll);
    poll.answer(ready);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const reply = (status: number, json: unknown) => {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const fail = (code: number, description: string, parameters?: object) =>
      reply(code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', this.baseUrl).pathname);
    if (!match) return fail(404, 'Not Found');
    if (match[1] !== this.token) return fail(401, 'Unauthorized');
    let body: Record<string, unknown>;
    try {
      body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
    } catch {
      return fail(400, 'Bad Request: invalid JSON');
    }
    const method = match[2] ?? '';
    this.calls.push({ method, at: Date.now(), body });
    if (method === 'getUpdates') return this.getUpdates(body, res, reply);
    if (method === 'sendMessage') {
      const chatId = body.chat_id;
      const text = body.text;
      if (
        (typeof chatId !== 'string' && typeof chatId !== 'number') ||
        typeof text !== 'string' ||
        text === ''
      )
        return fail(400, 'Bad Request: chat_id and text are required');
      if (this.floodNext > 0) {
        this.floodNext -= 1;
        return fail(429, `Too Many Requests: retry after ${this.floodRetryAfterS}`, {
          retry_after: this.floodRetryAfterS,
        });
      }
      if (this.blocked.has(String(chatId))) return fail(403, 'Forbidden: bot was blocked by the user');
      this.sent.push({ chatId: String(chatId), text });
      for (const wake of this.waiters.splice(0)) wake();
      return reply(200, { ok: true, result: { message_id: this.sent.length, chat: { id: chatId }, text } });
    }
    return fail(404, 'Not Found: method not found');
  }

  private getUpdates(
    body: Record<string, unknown>,
    res: ServerResponse,
    reply: (status: number, json: unknown) => void,
  ): void {
    const offset = typeof body.offset === 'number' ? body.offset : 0;
    const timeoutS = typeof body.timeout === 'number' ? Math.min(body.timeout, 50) : 0;
    // Confirmed updates are forgotten.
    if (offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
    const poll: Poll = {
      offset,
      answer: (updates) => {
        clearTimeout(timer);
        reply(200, { ok: true, result: updates });
      },
    };
    const timer = setTimeout(() => {
      this.polls.delete(poll);
      poll.answer([]);
    }, timeoutS * 1000);
    res.on('close', () => {
      clearTimeout(timer);
      this.polls.delete(poll);
    });
    this.polls.add(poll);
    this.answerPoll(poll);
  }
}
