import type { Logger } from '../../../logger';
import type { BrokerStreamState, PriceFeed, RawTick } from '../../market/contract';
import type { BrokerAccount } from '../vault';
import { BrokerCallError } from './errors';
import type { BrokerContract, BrokerInstrumentMaster } from './instrument-master';

// One user's own prices from their own broker session, read by polling the broker's documented quote (LTP)
// endpoint. Its ticks go to that user's price source only (docs/market-data.md): a broker's real-time data is
// licensed to its own client, so it never feeds anyone else and never mixes with the simulator.

/** One instrument's price as a broker's quote endpoint answers it. */
export interface BrokerQuote {
  /** The broker's instrument id, as its master lists it (`BrokerContract.instrumentId`). */
  instrumentId: string;
  lastPrice: number;
  /** Previous session's close, when the endpoint gives it. */
  close?: number;
  /** When the price happened at the exchange, when the endpoint says; else the poll's time is used. */
  ts?: number;
}

/** What a call with the user's session needs: their live account and its token. */
export interface UserCredentials {
  account: BrokerAccount;
  token: string;
}

/** A broker's quote endpoint, as documented: how many instruments a request may carry and how often to ask. */
export interface QuoteEndpoint {
  /** Most instruments in one request (the broker's documented limit). */
  readonly batchSize: number;
  /** Least time between two requests of one user (within the broker's documented quote rate limit). */
  readonly intervalMs: number;
  /** One request for these contracts (at most `batchSize`); throws what the broker's call throws. */
  quotes(credentials: UserCredentials, contracts: readonly BrokerContract[]): Promise<BrokerQuote[]>;
  /** Whatever a call threw, as a classified error (token_expired ends the feed). */
  classify(error: unknown): BrokerCallError;
}

export interface PolledPriceFeedDeps {
  /** `<key>:<userId>`, the feed's name. */
  name: string;
  endpoint: QuoteEndpoint;
  master: Pick<BrokerInstrumentMaster, 'contractFor'>;
  /** The user's live account and token; a token_expired BrokerCallError when the session is gone. */
  credentials(): Promise<UserCredentials>;
  /** The connection changed: `connected` after a good poll, `disconnected` after a failed one, `ended` at expiry. */
  onState(state: BrokerStreamState): void;
  /** The broker refused the token: the session is marked expired (the user sees it, no simulated fallback). */
  onTokenExpired(): void;
  now(): number;
  logger: Logger;
  /** Longest wait between polls after repeated failures. */
  maxBackoffMs?: number;
}

/** A user's price feed that can be paused and resumed with their broker session (a fresh login resumes it). */
export interface UserPriceFeed extends PriceFeed {
  /** The session is live: poll (again). */
  resume(): void;
  /** The session ended: stop polling; subscriptions are kept for the next login. */
  halt(): void;
}

const DEFAULT_MAX_BACKOFF_MS = 30_000;

/**
 * Polls one user's broker for the prices of the contracts subscribed in their source: one upstream entry per
 * symbol (the market module ref-counts readers), batched `batchSize` to a request and round-robin across requests,
 * one request at a time, at most one per `intervalMs`. A failed request backs off (doubling, up to 30 s) and marks
 * the stream disconnected, so the source goes stale rather than silently stopping; a refused token ends it.
 */
export class PolledPriceFeed implements UserPriceFeed {
  readonly name: string;
  private readonly symbols = new Set<string>();
  /** Symbol -> its contract at the broker, once the broker's master answered. */
  private readonly contracts = new Map<string, BrokerContract>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private cursor = 0;
  private failures = 0;

  constructor(private readonly deps: PolledPriceFeedDeps) {
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
      this.resolve(symbol);
    }
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      this.symbols.delete(symbol);
      this.contracts.delete(symbol);
    }
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Symbols the broker lists and that are polled now. */
  get polled(): readonly string[] {
    return [...this.contracts.keys()];
  }

  resume(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    this.schedule(0);
  }

  halt(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Looks the symbol's contract up in the broker's master; one the broker does not list never ticks. */
  private resolve(symbol: string): void {
    this.deps.master
      .contractFor(symbol)
      .then((contract) => {
        if (this.symbols.has(symbol)) this.contracts.set(symbol, contract);
      })
      .catch((error: unknown) => {
        this.deps.logger.debug({ err: error, feed: this.name, symbol }, 'no broker contract to poll');
      });
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
    this.timer.unref();
  }

  /** The next `batchSize` contracts, round-robin, so every contract is read when there are more than one batch. */
  private nextBatch(): Array<[string, BrokerContract]> {
    const all = [...this.contracts];
    if (all.length === 0) return [];
    const size = Math.max(1, this.deps.endpoint.batchSize);
    if (this.cursor >= all.length) this.cursor = 0;
    const batch = all.slice(this.cursor, this.cursor + size);
    this.cursor += batch.length;
    return batch;
  }

  private async poll(): Promise<void> {
    const { endpoint, logger } = this.deps;
    const batch = this.nextBatch();
    if (batch.length === 0) return this.schedule(endpoint.intervalMs);
    try {
      const answer = await endpoint.quotes(
        await this.deps.credentials(),
        batch.map(([, contract]) => contract),
      );
      if (!this.running) return;
      this.failures = 0;
      this.deps.onState('connected');
      this.emit(batch, answer);
      this.schedule(endpoint.intervalMs);
    } catch (error) {
      const classified = error instanceof BrokerCallError ? error : endpoint.classify(error);
      if (classified.code === 'token_expired') {
        this.halt();
        this.deps.onState('ended');
        this.deps.onTokenExpired();
        return;
      }
      if (!this.running) return;
      this.failures += 1;
      this.deps.onState('disconnected');
      logger.debug({ err: classified, feed: this.name }, 'broker quote poll failed');
      const max = this.deps.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
      this.schedule(Math.min(max, endpoint.intervalMs * 2 ** this.failures));
    }
  }

  private emit(batch: Array<[string, BrokerContract]>, answer: readonly BrokerQuote[]): void {
    const symbolOf = new Map(batch.map(([symbol, contract]) => [contract.instrumentId, symbol]));
    const polledAt = this.deps.now();
    const ticks: RawTick[] = [];
    for (const quote of answer) {
      const symbol = symbolOf.get(quote.instrumentId);
      if (!symbol || !this.contracts.has(symbol) || !(quote.lastPrice > 0)) continue;
      ticks.push({
        symbol,
        price: quote.lastPrice,
        ts: quote.ts ?? polledAt,
        ...(quote.close !== undefined && quote.close > 0 ? { close: quote.close } : {}),
      });
    }
    if (ticks.length === 0) return;
    for (const handler of this.handlers) handler(ticks);
  }
}

/** A broker's users' own prices, as a plugin offers them (its `prices` hook). */
export interface BrokerPrices {
  /** A new feed of the user's prices from their session, paused until resumed; `onState` hears its connection. */
  feedFor(userId: string, onState: (state: BrokerStreamState) => void): UserPriceFeed;
}

/** The broker's prices by polling its quote endpoint with each user's own session (`createLiveLinks` credentials). */
export function polledPrices(deps: {
  key: string;
  endpoint: QuoteEndpoint;
  master: Pick<BrokerInstrumentMaster, 'contractFor'>;
  credentials(userId: string): Promise<UserCredentials>;
  /** The broker refused the user's token: mark the session expired. */
  expire(userId: string): void;
  now(): number;
  logger: Logger;
}): BrokerPrices {
  return {
    feedFor: (userId, onState) =>
      new PolledPriceFeed({
        name: `${deps.key}:${userId}`,
        endpoint: deps.endpoint,
        master: deps.master,
        credentials: () => deps.credentials(userId),
        onState,
        onTokenExpired: () => deps.expire(userId),
        now: deps.now,
        logger: deps.logger,
      }),
  };
}
