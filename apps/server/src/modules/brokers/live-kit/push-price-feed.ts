import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import type { BrokerStreamState, RawTick } from '../../market/contract';
import { BrokerCallError } from './errors';
import type { BrokerContract, BrokerInstrumentMaster } from './instrument-master';
import type { BrokerPrices, UserCredentials, UserPriceFeed } from './price-feed';
import {
  framesOf,
  messagesOf,
  type PushFrame,
  type PushMessage,
  type PushProtocol,
  type PushTarget,
} from './push-protocol';

export type { PushFrame, PushMessage, PushProtocol, PushTarget } from './push-protocol';

// One user's own prices pushed by their broker's market-data socket: connect with the user's session, subscribe the
// contracts watched in their source, read ticks, reconnect with backoff and subscribe everything again. Its ticks
// go to that user's source only (docs/market-data.md).

/** HTTP answers at the handshake that mean the broker refused the session (not a network fault). */
const REFUSED_AT_HANDSHAKE = new Set([401, 403]);

export interface PushedPriceFeedDeps {
  name: string;
  protocol: PushProtocol;
  master: Pick<BrokerInstrumentMaster, 'contractFor'>;
  credentials(): Promise<UserCredentials>;
  onState(state: BrokerStreamState): void;
  onTokenExpired(): void;
  now(): number;
  logger: Logger;
  /** First wait before reconnecting (doubling up to `maxBackoffMs`). */
  reconnectMs?: number;
  maxBackoffMs?: number;
  /**
   * A WebSocket ping goes out this often while the line is open; a line that answered neither the last ping nor
   * sent anything since is dead (a half-open TCP connection never closes by itself) and is dropped and reconnected.
   */
  livenessMs?: number;
}

/** How often an open price socket is checked for life (ping, and drop when the last one went unanswered). */
const LIVENESS_MS = 15_000;

/** How long a socket may take to open before it counts as a failed attempt. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

const asBuffer = (data: WebSocket.RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

export class PushedPriceFeed implements UserPriceFeed {
  readonly name: string;
  private readonly symbols = new Set<string>();
  private readonly contracts = new Map<string, BrokerContract>();
  /** Tick key -> our symbol. */
  private readonly symbolOfKey = new Map<string, string>();
  /** Closes announced apart, by tick key, until that key's next tick carries them (this user's feed only). */
  private readonly pendingClose = new Map<string, number>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private socket: WebSocket | undefined;
  private ready = false;
  private running = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private liveness: NodeJS.Timeout | undefined;
  /** Nothing heard on the line since the last liveness ping. */
  private silent = false;

  constructor(private readonly deps: PushedPriceFeedDeps) {
    this.name = deps.name;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    this.halt();
  }

  subscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      if (this.symbols.has(symbol)) continue;
      this.symbols.add(symbol);
      this.deps.master
        .contractFor(symbol)
        .then((contract) => {
          if (!this.symbols.has(symbol)) return;
          this.contracts.set(symbol, contract);
          this.symbolOfKey.set(this.deps.protocol.keyOf(contract), symbol);
          if (this.ready) this.send(this.deps.protocol.subscribe([contract]));
        })
        .catch((error: unknown) =>
          this.deps.logger.debug({ err: error, feed: this.name, symbol }, 'no broker contract to stream'),
        );
    }
  }

  unsubscribe(symbols: readonly string[]): void {
    const gone: BrokerContract[] = [];
    for (const symbol of symbols) {
      this.symbols.delete(symbol);
      const contract = this.contracts.get(symbol);
      if (!contract) continue;
      this.contracts.delete(symbol);
      const key = this.deps.protocol.keyOf(contract);
      this.symbolOfKey.delete(key);
      this.pendingClose.delete(key);
      gone.push(contract);
    }
    if (this.ready && gone.length > 0) this.send(this.deps.protocol.unsubscribe(gone));
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  resume(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    void this.connect();
  }

  halt(): void {
    this.running = false;
    clearTimeout(this.retry);
    this.drop();
  }

  private send(frames: PushFrame | readonly PushFrame[]): void {
    const socket = this.socket;
    if (socket?.readyState !== WebSocket.OPEN) return;
    for (const frame of framesOf(frames)) socket.send(frame);
  }

  private drop(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.liveness);
    this.heartbeat = this.liveness = undefined;
    this.ready = false;
    const socket = this.socket;
    this.socket = undefined;
    socket?.removeAllListeners();
    socket?.on('error', () => {});
    socket?.terminate();
  }

  private async connect(): Promise<void> {
    let credentials: UserCredentials;
    try {
      credentials = await this.deps.credentials();
    } catch (error) {
      if (error instanceof BrokerCallError && error.code === 'token_expired') return this.ended();
      return this.lost(error);
    }
    if (!this.running) return;
    const { protocol } = this.deps;
    let target: PushTarget;
    try {
      target = protocol.target ? await protocol.target(credentials) : { url: protocol.url ?? '' };
    } catch (error) {
      if (error instanceof BrokerCallError && error.code === 'token_expired') return this.ended();
      return this.lost(error);
    }
    if (!this.running) return;
    const socket = new WebSocket(target.url, {
      ...(target.headers ? { headers: target.headers } : {}),
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    this.socket = socket;
    socket.on('open', () => {
      this.watchLiveness(socket);
      if (protocol.hello) socket.send(protocol.hello(credentials));
      else this.opened();
    });
    socket.on('message', (data, isBinary) => {
      this.silent = false;
      this.frame(isBinary ? asBuffer(data) : String(data));
    });
    socket.on('pong', () => {
      this.silent = false;
    });
    socket.on('unexpected-response', (_request, response) => {
      if (this.socket !== socket) return;
      if (REFUSED_AT_HANDSHAKE.has(response.statusCode ?? 0)) this.ended();
      else this.lost(new Error(`price socket handshake answered HTTP ${response.statusCode}`));
    });
    socket.on('error', (error) =>
      this.deps.logger.debug({ err: error, feed: this.name }, 'price socket error'),
    );
    socket.on('close', () => {
      if (this.socket === socket) this.lost(new Error('price socket closed'));
    });
  }

  private frame(frame: PushFrame): void {
    let messages: readonly PushMessage[];
    try {
      messages = messagesOf(this.deps.protocol.read(frame));
    } catch (error) {
      this.deps.logger.debug({ err: error, feed: this.name }, 'unreadable price frame');
      return;
    }
    for (const message of messages) {
      if (message.kind === 'refused') {
        this.ended();
        return;
      }
      if (message.kind === 'ready') this.opened();
      else if (message.kind === 'closes') this.closed(message);
      else this.ticked(message);
    }
  }

  /**
   * Pings the open line; one that stayed silent for a whole period (no pong, no frame) is dropped as dead.
   * A period in which this process itself stalled (a long GC pause, a busy event loop) proves nothing: its timer
   * fires before the socket's pending reads are taken, so an answer may be waiting unread. Such a period pings again
   * instead of judging, and a verdict waits for the reads already pending (setImmediate runs after them).
   */
  private watchLiveness(socket: WebSocket): void {
    const periodMs = this.deps.livenessMs ?? LIVENESS_MS;
    this.silent = false;
    let lastCheck = performance.now();
    this.liveness = setInterval(() => {
      const now = performance.now();
      const stalled = now - lastCheck > periodMs * 1.5;
      lastCheck = now;
      if (this.socket !== socket) return;
      if (!this.silent || stalled) {
        this.silent = true;
        socket.ping();
        return;
      }
      setImmediate(() => {
        if (this.socket === socket && this.silent)
          this.lost(new Error('price socket silent: no answer to a ping'));
      });
    }, periodMs);
    this.liveness.unref();
  }

  /** The line is up and the session accepted: subscribe everything watched (again, after a reconnect). */
  private opened(): void {
    if (this.ready) return;
    this.ready = true;
    this.failures = 0;
    this.deps.onState('connected');
    if (this.contracts.size > 0) this.send(this.deps.protocol.subscribe([...this.contracts.values()]));
    const beat = this.deps.protocol.heartbeat;
    if (beat) {
      this.heartbeat = setInterval(() => this.send(beat.frame), beat.everyMs);
      this.heartbeat.unref();
    }
  }

  private closed(message: Extract<PushMessage, { kind: 'closes' }>): void {
    for (const { key, close } of message.closes)
      if (this.symbolOfKey.has(key) && close > 0) this.pendingClose.set(key, close);
  }

  private ticked(message: Extract<PushMessage, { kind: 'ticks' }>): void {
    const now = this.deps.now();
    const ticks: RawTick[] = [];
    for (const tick of message.ticks) {
      const symbol = this.symbolOfKey.get(tick.key);
      if (!symbol || !(tick.lastPrice > 0)) continue;
      const close = tick.close ?? this.pendingClose.get(tick.key);
      this.pendingClose.delete(tick.key);
      ticks.push({
        symbol,
        price: tick.lastPrice,
        ts: now,
        ...(close !== undefined && close > 0 ? { close } : {}),
      });
    }
    if (ticks.length > 0) for (const handler of this.handlers) handler(ticks);
  }

  /** The socket dropped or could not open: disconnected, and a new attempt after a growing wait. */
  private lost(error: unknown): void {
    this.drop();
    if (!this.running) return;
    this.deps.onState('disconnected');
    this.deps.logger.debug({ err: error, feed: this.name }, 'price socket lost; reconnecting');
    this.failures += 1;
    const first = this.deps.reconnectMs ?? 1000;
    const wait = Math.min(this.deps.maxBackoffMs ?? 30_000, first * 2 ** (this.failures - 1));
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), wait);
    this.retry.unref();
  }

  /** The broker refused the session: the stream ends and the session is marked expired. */
  private ended(): void {
    this.halt();
    this.deps.onState('ended');
    this.deps.onTokenExpired();
  }
}

/** The broker's prices pushed by its market-data socket, one connection per user session. */
export function pushedPrices(deps: {
  key: string;
  protocol: PushProtocol;
  master: Pick<BrokerInstrumentMaster, 'contractFor'>;
  credentials(userId: string): Promise<UserCredentials>;
  expire(userId: string): void;
  now(): number;
  logger: Logger;
  reconnectMs?: number;
}): BrokerPrices {
  return {
    feedFor: (userId, onState) =>
      new PushedPriceFeed({
        name: `${deps.key}:${userId}`,
        protocol: deps.protocol,
        master: deps.master,
        credentials: () => deps.credentials(userId),
        onState,
        onTokenExpired: () => deps.expire(userId),
        now: deps.now,
        logger: deps.logger,
        ...(deps.reconnectMs !== undefined ? { reconnectMs: deps.reconnectMs } : {}),
      }),
  };
}
