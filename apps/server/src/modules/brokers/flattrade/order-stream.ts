import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import type { UpdateChannel } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import type { BrokerAccount } from '../vault';

// Flattrade's order feed on Noren's WebSocket: connect with `{t: "a", uid, actid, source: "API", accesstoken}`, the
// ack `{t: "ak", s: "OK"}`, then `{t: "o", actid}` subscribes the account's order updates, which arrive as
// `{t: "om", ...order fields}`; `{t: "h"}` every 30 s keeps the line alive. While the socket is down the order
// book is polled instead, and the socket is retried; each (re)connection catches up on what was missed.

/** The documented order-feed endpoint (moved by XT_FLATTRADE_BASE_URL like every other host). */
export const FLATTRADE_STREAM_URL = 'wss://piconnect.flattrade.in/PiConnectWSAPI/';

export type FlattradeStreamState = 'connected' | 'reconnecting';

export interface FlattradeStreamDeps {
  url: string;
  logger: Logger;
  /** Order-book polling interval while the socket is down. */
  pollMs: number;
  /** Wait before a new connection attempt. */
  reconnectMs?: number;
  heartbeatMs?: number;
  /** Reads the order book and reports what changed (a poll, and the catch-up after each connection). */
  catchUp(userId: string): Promise<void>;
  /** One `om` message as the feed sent it. */
  deliver(userId: string, message: Record<string, unknown>): void;
}

interface Line {
  account: BrokerAccount;
  socket: WebSocket | undefined;
  state: FlattradeStreamState;
  heartbeat: NodeJS.Timeout | undefined;
  retry: NodeJS.Timeout | undefined;
}

export function createFlattradeStreamChannel(deps: FlattradeStreamDeps): UpdateChannel<FlattradeStreamState> {
  const { logger } = deps;
  const reconnectMs = deps.reconnectMs ?? 5000;
  const heartbeatMs = deps.heartbeatMs ?? 30_000;
  const lines = new Map<string, Line>();
  const poller = createPollingChannel(deps.pollMs, deps.catchUp, (userId, error) =>
    logger.debug({ err: error, userId }, 'flattrade order poll failed'),
  );

  const catchUpQuietly = (userId: string) => {
    deps
      .catchUp(userId)
      .catch((error: unknown) => logger.warn({ err: error, userId }, 'flattrade catch-up failed'));
  };

  /** The socket is gone: poll meanwhile and try again later (unless the line was closed on purpose). */
  const lost = (userId: string, line: Line) => {
    if (lines.get(userId) !== line) return;
    clearInterval(line.heartbeat);
    line.heartbeat = undefined;
    line.socket = undefined;
    line.state = 'reconnecting';
    if (!poller.state(userId)) poller.open(userId, line.account);
    clearTimeout(line.retry);
    line.retry = setTimeout(() => connect(userId, line), reconnectMs);
    line.retry.unref();
  };

  const onMessage = (userId: string, line: Line, socket: WebSocket, raw: WebSocket.RawData) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(raw.toString()) as Record<string, unknown>;
    } catch {
      return;
    }
    if (message.t === 'ak') {
      if (String(message.s ?? message.stat ?? '').toUpperCase() !== 'OK') {
        logger.warn({ userId, answer: message }, 'flattrade order feed refused the session');
        socket.close();
        return;
      }
      socket.send(JSON.stringify({ t: 'o', actid: line.account.clientId }));
      line.state = 'connected';
      poller.close(userId);
      line.heartbeat = setInterval(() => socket.send(JSON.stringify({ t: 'h' })), heartbeatMs);
      line.heartbeat.unref();
      catchUpQuietly(userId);
      return;
    }
    if (message.t === 'om') deps.deliver(userId, message);
  };

  const connect = (userId: string, line: Line) => {
    if (lines.get(userId) !== line) return;
    const socket = new WebSocket(deps.url, { handshakeTimeout: 10_000 });
    line.socket = socket;
    socket.on('open', () => {
      socket.send(
        JSON.stringify({
          t: 'a',
          uid: line.account.clientId,
          actid: line.account.clientId,
          source: 'API',
          accesstoken: line.account.secrets.accessToken,
        }),
      );
    });
    socket.on('message', (raw) => onMessage(userId, line, socket, raw));
    socket.on('error', (error) => logger.debug({ err: error, userId }, 'flattrade order feed error'));
    socket.on('close', () => {
      if (line.socket === socket) lost(userId, line);
    });
  };

  const close = (userId: string) => {
    const line = lines.get(userId);
    lines.delete(userId);
    poller.close(userId);
    if (!line) return;
    clearInterval(line.heartbeat);
    clearTimeout(line.retry);
    line.socket?.removeAllListeners();
    line.socket?.on('error', () => undefined);
    line.socket?.terminate();
  };

  const open = (userId: string, account: BrokerAccount) => {
    close(userId);
    const line: Line = {
      account,
      socket: undefined,
      state: 'reconnecting',
      heartbeat: undefined,
      retry: undefined,
    };
    lines.set(userId, line);
    // Polling covers the moments before the feed is up.
    poller.open(userId, account);
    connect(userId, line);
  };

  return {
    open,
    close,
    reopen: open,
    state: (userId) => lines.get(userId)?.state,
    closeAll() {
      for (const userId of [...lines.keys()]) close(userId);
      poller.closeAll();
    },
  };
}
