import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import type { UpdateChannel } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import type { BrokerAccount } from '../vault';

// Fyers' order updates: its order WebSocket for speed, the order-book poll as the safety net. The poll keeps
// running while the socket is up (a missed or misread socket message is caught at the next poll, and the kit's
// tracker reports each change once whichever delivers it first); when the socket drops it is reopened after a pause
// and the session catches up on what happened meanwhile.

/** The documented order socket; `XT_FYERS_BASE_URL` moves it to the same path on the base URL (ws://). */
export const FYERS_ORDER_SOCKET_URL = 'wss://socket.fyers.in/trade/v3';

export type FyersChannelState = 'streaming' | 'polling';

export interface FyersOrderChannelDeps {
  url: string;
  /** `<app_id>:<access_token>` for the account's socket, undefined when it cannot connect. */
  authorization(account: BrokerAccount): string | undefined;
  pollMs: number;
  poll(userId: string): Promise<void>;
  /** One text message from the user's socket. */
  onMessage(userId: string, text: string): void;
  /** The socket is (again) subscribed: catch up on what was missed while it was down. */
  onSubscribed(userId: string): void;
  logger: Logger;
  reconnectMs?: number;
  pingMs?: number;
}

interface Stream {
  ws: WebSocket;
  live: boolean;
  closed: boolean;
  ping?: NodeJS.Timeout;
  retry?: NodeJS.Timeout;
}

export function createFyersOrderChannel(deps: FyersOrderChannelDeps): UpdateChannel<FyersChannelState> {
  const { logger } = deps;
  const reconnectMs = deps.reconnectMs ?? 5000;
  const pingMs = deps.pingMs ?? 10_000;
  const streams = new Map<string, Stream>();
  const poller = createPollingChannel(deps.pollMs, deps.poll, (userId, error) =>
    logger.debug({ err: error, userId }, 'fyers order poll failed'),
  );

  const stop = (stream: Stream) => {
    stream.closed = true;
    stream.live = false;
    clearInterval(stream.ping);
    clearTimeout(stream.retry);
    stream.ws.removeAllListeners('close');
    stream.ws.on('error', () => undefined);
    stream.ws.terminate();
  };

  const connect = (userId: string, account: BrokerAccount) => {
    const authorization = deps.authorization(account);
    if (!authorization) return;
    const ws = new WebSocket(deps.url, { headers: { Authorization: authorization } });
    const stream: Stream = { ws, live: false, closed: false };
    streams.set(userId, stream);
    ws.on('open', () => {
      ws.send(JSON.stringify({ T: 'SUB_ORD', SLIST: ['orders'], SUB_T: 1 }));
      stream.live = true;
      stream.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), pingMs);
      stream.ping.unref();
      deps.onSubscribed(userId);
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (text !== 'pong') deps.onMessage(userId, text);
    });
    ws.on('error', (error) => logger.debug({ err: error, userId }, 'fyers order socket error'));
    ws.on('close', () => {
      stream.live = false;
      clearInterval(stream.ping);
      if (stream.closed || streams.get(userId) !== stream) return;
      // The poll carries the updates meanwhile.
      stream.retry = setTimeout(() => {
        if (streams.get(userId) === stream && !stream.closed) connect(userId, account);
      }, reconnectMs);
      stream.retry.unref();
    });
  };

  const close = (userId: string) => {
    const stream = streams.get(userId);
    streams.delete(userId);
    if (stream) stop(stream);
    poller.close(userId);
  };

  const open = (userId: string, account: BrokerAccount) => {
    close(userId);
    poller.open(userId, account);
    connect(userId, account);
  };

  return {
    open,
    close,
    reopen: open,
    state(userId) {
      if (!poller.state(userId)) return undefined;
      return streams.get(userId)?.live ? 'streaming' : 'polling';
    },
    closeAll() {
      for (const userId of [...streams.keys()]) close(userId);
      poller.closeAll();
    },
  };
}
