import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import type { BrokerAccount } from '../vault';
import type { UpdateChannel } from './links';
import { createOrderBookReader, type DoorbellRetry } from './order-book-reader';
import type { PushSocket, SocketTarget } from './push-socket';

// The order-update channel every live broker with a push stream shares: the broker's socket while it is up, the
// order book polled while it is not (before it first opens, after a drop, when the broker refuses it), reconnects
// with a growing pause, one catch-up read of the book each time the stream comes (back) up so nothing that happened
// meanwhile is lost, and the state the status card shows. The broker adds only what is its own: where and how the
// socket connects (URL, headers, login frames), what a frame means, its heartbeat and its retry pauses.

export type { DoorbellRetry } from './order-book-reader';
export { jsonFrame, type PushSocket, type SocketTarget } from './push-socket';

/** What one frame of the broker's socket means to the channel. */
export type FrameMeaning =
  /** Nothing to act on (acknowledgements, heartbeats, prices, an order the broker callback delivered itself). */
  | 'ignore'
  /** Something changed: read the order book (one read at a time; again when the book does not show it yet). */
  | 'doorbell'
  /** The broker accepted the session (brokers whose stream is only up after an acknowledgement frame). */
  | 'live'
  /** The broker refused the session on the socket: drop it and try again later. */
  | 'refused';

/** The open socket, as a frame handler may answer on it, and the account it serves. */
export interface StreamLine {
  account: BrokerAccount;
  send(text: string): void;
}

/** What every broker's stream channel is built with: the plugin's logger, poll interval and session catch-up. */
export interface StreamChannelDeps {
  logger: Logger;
  /** Order-book polling interval while the stream is down. */
  pollMs: number;
  /**
   * Reads the user's order book and reports every change since the last report (the session's catch-up). A
   * number it resolves to is how many changes it reported; 0 after a doorbell means the book does not show the
   * change yet.
   */
  catchUp(userId: string): Promise<unknown>;
  /** Re-reads after a doorbell whose read showed nothing new (the broker's book lagging its push). */
  doorbellRetry?: DoorbellRetry;
}

/** What one broker's stream is: how it connects, what its frames mean, how it is kept alive and retried. */
export interface StreamSpec<State extends string> {
  /** The broker's name in log lines. */
  name: string;
  /** The words the status card's "update channel" shows while the stream delivers, and while the book is polled. */
  states: { streaming: State; polling: State };
  /**
   * Where the user's socket connects. May call the broker first (a single-use socket URL, an order token); a throw
   * is retried after the pause; undefined means this account has no stream (the book is polled, never retried).
   */
  target(
    userId: string,
    account: BrokerAccount,
  ): Promise<SocketTarget | undefined> | SocketTarget | undefined;
  /** What one frame means; a frame carrying a whole order may be delivered here and answered 'ignore'. */
  frame(userId: string, frame: { text: string; binary: boolean }, line: StreamLine): FrameMeaning;
  /** The stream is up when the socket opens (default), or only when a frame answers 'live'. */
  liveOn?: 'open' | 'ack';
  /** Keeps the line alive: a frame sent (or a WebSocket ping when `frame` is absent) every `everyMs`. */
  heartbeat?: { everyMs: number; frame?: (account: BrokerAccount) => string };
  /** Pause before reconnecting: `firstMs`, doubled per failed attempt up to `maxMs` (equal for a fixed pause). */
  retry: { firstMs: number; maxMs: number };
  /** A longer pause for some failures (an account without the stream is asked again less often). */
  retryDelay?(reason: unknown, delayMs: number): number;
  /** Read the book this often even while the stream is up (a stream without heartbeats can die silently). */
  pollWhileStreamingMs?: number;
  /**
   * The broker's order book can lag its stream (Dhan, Rupeezy): the catch-up when the stream comes (back) up is read
   * again, like a doorbell, while it shows nothing new.
   */
  bookLagsStream?: boolean;
  /** Read the book at once when the stream drops (not only at the next poll). */
  catchUpOnDrop?: boolean;
  /** The broker refused the socket's upgrade with 401: the token is dead (no more reconnects). */
  onAuthRefused?(userId: string): void;
  /** Opens a socket (tests hand in a fake); a `ws` WebSocket by default. */
  openSocket?(target: SocketTarget): PushSocket;
}

interface Link {
  account: BrokerAccount;
  closed: boolean;
  live: boolean;
  socket: PushSocket | undefined;
  /** The broker refused the token: the stream is not tried again. */
  authRefused: boolean;
  delayMs: number;
  poller: NodeJS.Timeout | undefined;
  retry: NodeJS.Timeout | undefined;
  heartbeat: NodeJS.Timeout | undefined;
  safety: NodeJS.Timeout | undefined;
  reader: ReturnType<typeof createOrderBookReader>;
}

const openWs = (target: SocketTarget): PushSocket =>
  new WebSocket(target.url, {
    handshakeTimeout: 10_000,
    ...(target.headers ? { headers: target.headers } : {}),
  });

export function createStreamWithPollingChannel<State extends string>(
  channelDeps: StreamChannelDeps,
  spec: StreamSpec<State>,
): UpdateChannel<State> {
  const { logger: channelLogger, pollMs, catchUp, doorbellRetry } = channelDeps;
  const deps = { logger: channelLogger, pollMs, catchUp, doorbellRetry, ...spec };
  const { logger, name } = deps;
  const openSocket = deps.openSocket ?? openWs;
  const links = new Map<string, Link>();

  const every = (ms: number, run: () => void) => {
    const timer = setInterval(run, ms);
    timer.unref();
    return timer;
  };

  const startPolling = (link: Link) => {
    if (link.poller) return false;
    // A tick while a read is running is skipped, as a poll is not a doorbell.
    link.poller = every(deps.pollMs, () => link.reader.poll());
    return true;
  };

  const stopPolling = (link: Link) => {
    clearInterval(link.poller);
    link.poller = undefined;
  };

  /** Ends the socket without hearing from it again (terminating one still connecting reports an error). */
  const endSocket = (link: Link) => {
    clearInterval(link.heartbeat);
    clearInterval(link.safety);
    link.heartbeat = undefined;
    link.safety = undefined;
    const socket = link.socket;
    link.socket = undefined;
    if (!socket) return;
    socket.removeAllListeners();
    socket.on('error', () => undefined);
    socket.terminate();
  };

  const scheduleRetry = (userId: string, link: Link, reason: unknown) => {
    if (link.closed || link.authRefused || link.retry) return;
    const delay = deps.retryDelay ? deps.retryDelay(reason, link.delayMs) : link.delayMs;
    link.delayMs = Math.min(deps.retry.maxMs, link.delayMs * 2);
    link.retry = setTimeout(() => {
      link.retry = undefined;
      void connect(userId, link);
    }, delay);
    link.retry.unref();
  };

  /** The stream is gone (or never came): poll meanwhile and try again later. */
  const dropped = (userId: string, link: Link, socket: PushSocket | undefined, reason: unknown) => {
    if (socket && link.socket !== socket) return;
    const wasLive = link.live;
    link.live = false;
    endSocket(link);
    if (link.closed) return;
    if (wasLive) logger.info({ userId }, `${name} order stream dropped; polling the order book`);
    logger.debug({ err: reason, userId }, `${name} order stream down`);
    if (startPolling(link) && deps.catchUpOnDrop) link.reader.read();
    scheduleRetry(userId, link, reason);
  };

  const goLive = (link: Link, socket: PushSocket) => {
    if (link.live) return;
    link.live = true;
    link.delayMs = deps.retry.firstMs;
    stopPolling(link);
    const { heartbeat } = deps;
    if (heartbeat) {
      link.heartbeat = every(heartbeat.everyMs, () => {
        if (socket.readyState !== WebSocket.OPEN) return;
        if (heartbeat.frame) socket.send(heartbeat.frame(link.account));
        else socket.ping();
      });
    }
    if (deps.pollWhileStreamingMs) link.safety = every(deps.pollWhileStreamingMs, () => link.reader.poll());
    // Whatever changed while the stream was down (or coming up) reaches the engine now; where the broker's book lags
    // its stream, this read is repeated like a doorbell's when it shows nothing new.
    if (deps.bookLagsStream) link.reader.doorbell();
    else link.reader.read();
  };

  const onFrame = (userId: string, link: Link, socket: PushSocket, data: unknown, binary: boolean) => {
    if (link.socket !== socket) return;
    const line: StreamLine = { account: link.account, send: (text) => socket.send(text) };
    const meaning = deps.frame(userId, { text: String(data), binary }, line);
    if (meaning === 'doorbell') link.reader.doorbell();
    else if (meaning === 'live') goLive(link, socket);
    else if (meaning === 'refused') {
      logger.warn({ userId }, `${name} order stream refused the session`);
      dropped(userId, link, socket, new Error('the broker refused the session on its stream'));
    }
  };

  const connect = async (userId: string, link: Link) => {
    if (link.closed) return;
    let target: SocketTarget | undefined;
    try {
      target = await deps.target(userId, link.account);
    } catch (error) {
      return dropped(userId, link, undefined, error);
    }
    if (!target || link.closed) return;
    const socket = openSocket(target);
    link.socket = socket;
    socket.on('open', () => {
      if (link.socket !== socket) return;
      for (const frame of target.greeting ?? []) socket.send(frame);
      if ((deps.liveOn ?? 'open') === 'open') goLive(link, socket);
    });
    socket.on('message', (data: unknown, isBinary: boolean) => onFrame(userId, link, socket, data, isBinary));
    socket.on('unexpected-response', (request: Refusable, response: Refusable & { statusCode?: number }) => {
      // The refused upgrade is ours to end (ws leaves it open once this is listened to); a reset after that must
      // not surface as an unhandled error.
      request.on('error', () => undefined);
      response.on('error', () => undefined);
      response.destroy();
      if (response.statusCode === 401 && deps.onAuthRefused && link.socket === socket) {
        link.authRefused = true;
        deps.onAuthRefused(userId);
      }
      dropped(userId, link, socket, new Error(`upgrade refused with HTTP ${response.statusCode}`));
    });
    // A failed or dropped socket always reports 'close' too; whichever comes first does the work.
    socket.on('error', (error: unknown) => dropped(userId, link, socket, error));
    socket.on('close', () => dropped(userId, link, socket, new Error('stream closed')));
  };

  const close = (userId: string) => {
    const link = links.get(userId);
    if (!link) return;
    links.delete(userId);
    link.closed = true;
    link.live = false;
    stopPolling(link);
    clearTimeout(link.retry);
    link.reader.close();
    endSocket(link);
  };

  const open = (userId: string, account: BrokerAccount) => {
    close(userId);
    const link: Link = {
      account,
      closed: false,
      live: false,
      socket: undefined,
      authRefused: false,
      delayMs: deps.retry.firstMs,
      poller: undefined,
      retry: undefined,
      heartbeat: undefined,
      safety: undefined,
      reader: createOrderBookReader({
        read: () => deps.catchUp(userId),
        onError: (error) => logger.debug({ err: error, userId }, `${name} order book read failed`),
        ...(doorbellRetry ? { doorbellRetry } : {}),
      }),
    };
    links.set(userId, link);
    // The book is polled until the stream is up, so no report waits on it.
    startPolling(link);
    void connect(userId, link);
  };

  return {
    open,
    close,
    reopen: open,
    state(userId) {
      const link = links.get(userId);
      if (!link) return undefined;
      return link.live ? deps.states.streaming : deps.states.polling;
    },
    closeAll() {
      for (const userId of [...links.keys()]) close(userId);
    },
  };
}

/** The request and response of a refused upgrade, as far as they are ended here. */
interface Refusable {
  on(event: 'error', listener: () => void): unknown;
  destroy(): void;
}
