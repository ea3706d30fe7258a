import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import { brokerEndpoint } from '../live-kit/endpoints';
import type { UpdateChannel } from '../live-kit/links';
import type { BrokerAccount } from '../vault';
import { type UpstoxOrder, upstoxOrderSchema } from './upstox-schemas';

// Upstox's portfolio stream feed for order updates, with the order-book poller as its fallback. Connecting is two
// steps: `GET /v2/feed/portfolio-stream-feed/authorize?update_types=order` (Bearer) answers a single-use
// `authorized_redirect_uri` (wss, its code in the query), then the socket is opened on it, so every (re)connect
// authorizes again. Each text message is one order in the order book's shape (`update_type: "order"`). Until the
// socket is up, and whenever it drops, the order book is polled; when it comes (back) up, the poller stops and the
// book is read once so nothing that happened meanwhile is lost.

/** streaming: the socket delivers; polling: the socket is down (or coming up), the order book is read instead. */
export type UpstoxChannelState = 'streaming' | 'polling';

export interface UpstoxOrderStreamDeps {
  /** The documented authorize endpoint, already moved by XT_UPSTOX_BASE_URL. */
  authorizeUrl: string;
  /** XT_UPSTOX_BASE_URL: the authorized socket URI moves to it too. */
  baseUrl: string | undefined;
  pollMs: number;
  /** Wait before authorizing again after a drop or a failed connect (doubles up to a minute). */
  retryMs?: number;
  logger: Logger;
  /** One order message from the socket. */
  deliver(userId: string, order: UpstoxOrder): void;
  /** Reads the order book and delivers what changed (the poll, and the catch-up when the socket comes up). */
  catchUp(userId: string): Promise<void>;
  /** The authorize call answered 401: the day's token is dead. */
  onTokenExpired(userId: string): void;
}

interface Link {
  state: UpstoxChannelState;
  closed: boolean;
  socket?: WebSocket;
  poller?: NodeJS.Timeout;
  retry?: NodeJS.Timeout;
  retryMs: number;
}

const MAX_RETRY_MS = 60_000;

export function createUpstoxOrderChannel(deps: UpstoxOrderStreamDeps): UpdateChannel<UpstoxChannelState> {
  const links = new Map<string, Link>();
  const firstRetry = deps.retryMs ?? 1000;

  const startPolling = (userId: string, link: Link) => {
    link.state = 'polling';
    if (link.poller) return;
    let busy = false;
    link.poller = setInterval(() => {
      if (busy) return;
      busy = true;
      deps
        .catchUp(userId)
        .catch((error: unknown) => deps.logger.debug({ err: error, userId }, 'upstox order poll failed'))
        .finally(() => {
          busy = false;
        });
    }, deps.pollMs);
    link.poller.unref();
  };

  const stopPolling = (link: Link) => {
    clearInterval(link.poller);
    link.poller = undefined;
  };

  const scheduleRetry = (userId: string, link: Link, account: BrokerAccount) => {
    if (link.closed || link.retry) return;
    link.retry = setTimeout(() => {
      link.retry = undefined;
      void connect(userId, link, account);
    }, link.retryMs);
    link.retry.unref();
    link.retryMs = Math.min(MAX_RETRY_MS, link.retryMs * 2);
  };

  /** The single-use socket URI, or undefined when the token is dead (reported) or Upstox did not answer. */
  const authorize = async (userId: string, token: string): Promise<string | undefined> => {
    const url = new URL(deps.authorizeUrl);
    url.searchParams.set('update_types', 'order');
    const response = await fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(7000),
    });
    if (response.status === 401) {
      deps.onTokenExpired(userId);
      return undefined;
    }
    if (!response.ok) throw new Error(`authorize answered HTTP ${response.status}`);
    const answer = (await response.json()) as { data?: { authorized_redirect_uri?: unknown } };
    const uri = answer.data?.authorized_redirect_uri;
    if (typeof uri !== 'string' || !uri) throw new Error('authorize answered no socket URI');
    return brokerEndpoint(uri, deps.baseUrl);
  };

  const onMessage = (userId: string, data: WebSocket.RawData) => {
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return;
    }
    const type = (message as { update_type?: unknown } | null)?.update_type;
    if (type !== undefined && type !== 'order') return;
    const order = upstoxOrderSchema.safeParse(message);
    if (order.success) deps.deliver(userId, order.data);
    else deps.logger.debug({ userId }, 'upstox stream sent an unreadable order');
  };

  const connect = async (userId: string, link: Link, account: BrokerAccount) => {
    const token = account.secrets.accessToken;
    if (link.closed || !token) return;
    let uri: string | undefined;
    try {
      uri = await authorize(userId, token);
    } catch (error) {
      deps.logger.debug({ err: error, userId }, 'upstox stream authorize failed');
      return scheduleRetry(userId, link, account);
    }
    if (!uri || link.closed) return;
    const socket = new WebSocket(uri);
    link.socket = socket;
    socket.on('open', () => {
      if (link.closed) return socket.close();
      link.state = 'streaming';
      link.retryMs = firstRetry;
      stopPolling(link);
      // What changed while the socket was down reaches the engine now.
      deps
        .catchUp(userId)
        .catch((error: unknown) => deps.logger.warn({ err: error, userId }, 'upstox catch-up failed'));
    });
    socket.on('message', (data) => onMessage(userId, data));
    socket.on('error', (error) => deps.logger.debug({ err: error, userId }, 'upstox stream error'));
    socket.on('close', () => {
      if (link.socket === socket) link.socket = undefined;
      if (link.closed) return;
      startPolling(userId, link);
      scheduleRetry(userId, link, account);
    });
  };

  const close = (userId: string) => {
    const link = links.get(userId);
    if (!link) return;
    link.closed = true;
    stopPolling(link);
    clearTimeout(link.retry);
    link.socket?.removeAllListeners('open');
    link.socket?.on('error', () => undefined);
    link.socket?.terminate();
    links.delete(userId);
  };

  const open = (userId: string, account: BrokerAccount) => {
    close(userId);
    const link: Link = { state: 'polling', closed: false, retryMs: firstRetry };
    links.set(userId, link);
    // The book is polled until the socket is up, so no report waits on it.
    startPolling(userId, link);
    void connect(userId, link, account);
  };

  return {
    open,
    close,
    reopen: open,
    state: (userId) => links.get(userId)?.state,
    closeAll() {
      for (const userId of [...links.keys()]) close(userId);
    },
  };
}
