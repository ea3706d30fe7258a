import WebSocket from 'ws';
import type { Logger } from '../../../logger';
import type { BrokerStreamState, RawTick } from '../../market/contract';
import { BrokerCallError } from './errors';
import type { BrokerContract, BrokerInstrumentMaster } from './instrument-master';
import type { BrokerPrices, UserCredentials, UserPriceFeed } from './price-feed';

// One user's own prices pushed by their broker's market-data socket: connect with the user's session, subscribe the
// contracts watched in their source, read ticks, reconnect with backoff and subscribe everything again. Its ticks
// go to that user's source only (docs/market-data.md).

/** What one socket message says. */
export type PushMessage =
  | { kind: 'ready' }
  | { kind: 'refused'; reason: string }
  | { kind: 'ticks'; ticks: Array<{ key: string; lastPrice: number; close?: number }> };

/** A broker's documented market-data socket protocol (JSON text frames). */
export interface PushProtocol {
  readonly url: string;
  /** What is sent once the socket opens (the login with the user's session). */
  hello(credentials: UserCredentials): string;
  /** One text frame read; undefined for frames that say nothing about prices or the login. */
  read(frame: string): PushMessage | undefined;
  /** The key a contract's ticks carry (e.g. `NFO|43919`). */
  keyOf(contract: BrokerContract): string;
  subscribe(contracts: readonly BrokerContract[]): string;
  unsubscribe(contracts: readonly BrokerContract[]): string;
  /** A keep-alive frame and how often to send it. */
  heartbeat?: { frame: string; everyMs: number };
}

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
}

export class PushedPriceFeed implements UserPriceFeed {
  readonly name: string;
  private readonly symbols = new Set<string>();
  private readonly contracts = new Map<string, BrokerContract>();
  /** Tick key -> our symbol. */
  private readonly symbolOfKey = new Map<string, string>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private socket: WebSocket | undefined;
  private ready = false;
  private running = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

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
      this.symbolOfKey.delete(this.deps.protocol.keyOf(contract));
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

  private send(frame: string): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(frame);
  }

  private drop(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
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
    const socket = new WebSocket(protocol.url);
    this.socket = socket;
    socket.on('open', () => socket.send(protocol.hello(credentials)));
    socket.on('message', (data) => this.frame(String(data)));
    socket.on('error', (error) =>
      this.deps.logger.debug({ err: error, feed: this.name }, 'price socket error'),
    );
    socket.on('close', () => {
      if (this.socket === socket) this.lost(new Error('price socket closed'));
    });
  }

  private frame(text: string): void {
    let message: PushMessage | undefined;
    try {
      message = this.deps.protocol.read(text);
    } catch (error) {
      this.deps.logger.debug({ err: error, feed: this.name }, 'unreadable price frame');
      return;
    }
    if (!message) return;
    if (message.kind === 'refused') {
      this.ended();
      return;
    }
    if (message.kind === 'ready') {
      this.ready = true;
      this.failures = 0;
      this.deps.onState('connected');
      // Everything watched is subscribed again on every (re)connection.
      if (this.contracts.size > 0) this.send(this.deps.protocol.subscribe([...this.contracts.values()]));
      const beat = this.deps.protocol.heartbeat;
      if (beat) {
        this.heartbeat = setInterval(() => this.send(beat.frame), beat.everyMs);
        this.heartbeat.unref();
      }
      return;
    }
    const now = this.deps.now();
    const ticks: RawTick[] = [];
    for (const tick of message.ticks) {
      const symbol = this.symbolOfKey.get(tick.key);
      if (!symbol || !(tick.lastPrice > 0)) continue;
      ticks.push({
        symbol,
        price: tick.lastPrice,
        ts: now,
        ...(tick.close !== undefined && tick.close > 0 ? { close: tick.close } : {}),
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
