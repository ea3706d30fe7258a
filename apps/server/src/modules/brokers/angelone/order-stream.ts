import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import type { UpdateChannel } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import type { BrokerAccount } from '../vault';
import { type AngelOrder, angelOrderSchema } from './angelone-schemas';

// SmartAPI's order-status WebSocket (`wss://tns.angelone.in/smart-order-update`, `Authorization: Bearer <jwt>` on
// the handshake, a ping about every 10 s): each message carries an `order-status` code and `orderData`, the order
// as the order book shows it; `AB00` acknowledges the connection. While the socket is down (connecting, dropped,
// refused) the order book is polled instead, and the socket is retried with a growing delay; when it comes up, the
// order book is read once so nothing that happened meanwhile is lost.

export type AngelUpdateState = 'streaming' | 'polling';

export interface AngelStreamTiming {
  /** How often a ping keeps the socket alive. */
  pingMs: number;
  /** First retry delay after a drop; doubled per failed attempt up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
}

const DEFAULT_TIMING: AngelStreamTiming = { pingMs: 9000, retryMs: 2000, maxRetryMs: 60_000 };

export interface AngelOrderStreamDeps {
  url: string;
  logger: Logger;
  pollMs: number;
  /** Reads the order book and delivers what changed (a poll, or the catch-up after the socket comes up). */
  catchUp(userId: string): Promise<void>;
  /** One order as the stream reported it. */
  deliver(userId: string, row: AngelOrder): void;
  /** The stream refused the token (HTTP 401 on the handshake). */
  tokenExpired(userId: string): void;
  timing?: Partial<AngelStreamTiming>;
}

/** SmartAPI's order-status codes, for a message whose `orderData` lacks its status word. */
const STATUS_WORDS: Record<string, string> = {
  AB01: 'open',
  AB02: 'cancelled',
  AB03: 'rejected',
  AB05: 'complete',
  AB07: 'cancelled',
  AB09: 'open pending',
  AB10: 'trigger pending',
  AB11: 'modify pending',
};

/** The order a stream message reports; undefined for the acknowledgement and anything unreadable. */
export function streamedOrder(text: string): AngelOrder | undefined {
  let message: { 'order-status'?: unknown; orderData?: Record<string, unknown> | null };
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  const code = String(message['order-status'] ?? '').toUpperCase();
  const data = message.orderData;
  if (code === 'AB00' || !data?.orderid) return undefined;
  const word = STATUS_WORDS[code];
  const status = data.orderstatus || data.status || word;
  const row = angelOrderSchema.safeParse({ ...data, status, orderstatus: data.orderstatus || word });
  return row.success ? row.data : undefined;
}

interface Connection {
  account: BrokerAccount;
  token: string;
  socket: WebSocket | undefined;
  live: boolean;
  closed: boolean;
  attempts: number;
  retry: NodeJS.Timeout | undefined;
  ping: NodeJS.Timeout | undefined;
}

export function createAngelOrderStream(deps: AngelOrderStreamDeps): UpdateChannel<AngelUpdateState> {
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  const connections = new Map<string, Connection>();
  const poller = createPollingChannel(deps.pollMs, deps.catchUp, (userId, error) =>
    deps.logger.debug({ err: error, userId }, 'angel one order poll failed'),
  );

  const catchUpQuietly = (userId: string) => {
    deps
      .catchUp(userId)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, userId }, 'angel one catch-up after the stream came up failed'),
      );
  };

  const down = (userId: string, conn: Connection) => {
    clearInterval(conn.ping);
    conn.socket?.removeAllListeners();
    // Terminating a socket still connecting reports an error; nobody is listening for it any more.
    conn.socket?.on('error', () => undefined);
    conn.socket?.terminate();
    conn.socket = undefined;
    const wasLive = conn.live;
    conn.live = false;
    if (conn.closed) return;
    if (wasLive || !poller.state(userId)) poller.open(userId, conn.account);
    const delay = Math.min(timing.maxRetryMs, timing.retryMs * 2 ** conn.attempts);
    conn.attempts += 1;
    conn.retry = setTimeout(() => connect(userId, conn), delay);
    conn.retry.unref();
  };

  const connect = (userId: string, conn: Connection) => {
    const socket = new WebSocket(deps.url, {
      headers: { Authorization: `Bearer ${conn.token}` },
      handshakeTimeout: 10_000,
    });
    conn.socket = socket;
    socket.on('open', () => {
      conn.live = true;
      conn.attempts = 0;
      poller.close(userId);
      conn.ping = setInterval(() => socket.ping(), timing.pingMs);
      conn.ping.unref();
      catchUpQuietly(userId);
    });
    socket.on('message', (data) => {
      const row = streamedOrder(String(data));
      if (row) deps.deliver(userId, row);
    });
    socket.on('unexpected-response', (request, response) => {
      // The refused upgrade is ours to end (ws leaves it open once this is listened to); a reset after that must
      // not surface as an unhandled error.
      request.on('error', () => undefined);
      response.on('error', () => undefined);
      response.destroy();
      if (response.statusCode === 401) {
        conn.closed = true;
        deps.tokenExpired(userId);
      }
      down(userId, conn);
    });
    socket.on('error', (error) => {
      deps.logger.debug({ err: error, userId }, 'angel one order stream failed');
      down(userId, conn);
    });
    socket.on('close', () => down(userId, conn));
  };

  const close = (userId: string) => {
    const conn = connections.get(userId);
    if (conn) {
      conn.closed = true;
      clearTimeout(conn.retry);
      down(userId, conn);
      connections.delete(userId);
    }
    poller.close(userId);
  };

  const open = (userId: string, account: BrokerAccount) => {
    close(userId);
    const token = account.secrets.accessToken;
    if (!token) return;
    const conn: Connection = {
      account,
      token,
      socket: undefined,
      live: false,
      closed: false,
      attempts: 0,
      retry: undefined,
      ping: undefined,
    };
    connections.set(userId, conn);
    // Until the socket is up, the order book is polled.
    poller.open(userId, account);
    connect(userId, conn);
  };

  return {
    open,
    close,
    reopen: open,
    state: (userId) => (connections.get(userId)?.live ? 'streaming' : poller.state(userId)),
    closeAll() {
      for (const userId of [...connections.keys()]) close(userId);
      poller.closeAll();
    },
  };
}
