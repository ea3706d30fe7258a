import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { toWire, type WireTick } from './cluster-protocol';
import type { BrokerStreamState, MarketData, PriceFeed, RawTick } from './contract';

declare module '../../bus/bus' {
  interface BusEvents {
    /** Symbols an instance's sockets want from one user's broker stream, sent to whichever instance runs it. */
    'prices.user.interest': { from: string; userId: string; key: string; symbols: string[] };
    /** Ticks (and the connection state) of one user's broker stream, for that user's sockets on other instances. */
    'prices.user.ticks': {
      from: string;
      userId: string;
      key: string;
      state: BrokerStreamState;
      ticks: WireTick[];
    };
  }
}

const INTEREST_EVERY_MS = 2_000;
const BATCH_MS = 50;

/**
 * A user's broker stream as seen from an instance that does not run it: the ticks the running instance relays for
 * this user (and only this user) arrive over the bus; the symbols this instance's sockets want go back the same
 * way. Its source belongs to that user alone, so its ticks reach that user's sockets only.
 */
export class RelayFeed implements PriceFeed {
  readonly name = 'relay';
  private readonly symbols = new Set<string>();
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private stopListening: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: {
      bus: Bus;
      instanceId: string;
      userId: string;
      key: string;
      logger: Logger;
      /** The running instance's connection state of the stream, with each relayed batch. */
      onState: (state: BrokerStreamState) => void;
    },
  ) {}

  async start(): Promise<void> {
    if (this.stopListening) return;
    const { bus, instanceId, userId, key } = this.options;
    this.stopListening = bus.subscribe('prices.user.ticks', (message) => {
      if (message.userId !== userId || message.key !== key || message.from === instanceId) return;
      this.options.onState(message.state);
      const ticks: RawTick[] = [];
      for (const [symbol, price, ts, close] of message.ticks) {
        if (!this.symbols.has(symbol)) continue;
        ticks.push(close === undefined ? { symbol, price, ts } : { symbol, price, ts, close });
      }
      if (ticks.length > 0) for (const handler of this.handlers) handler(ticks);
    });
    await bus.ready();
    this.timer = setInterval(() => this.sendInterest(), INTEREST_EVERY_MS);
    this.timer.unref();
    this.sendInterest();
  }

  async stop(): Promise<void> {
    this.stopListening?.();
    this.stopListening = undefined;
    clearInterval(this.timer);
    clearTimeout(this.dirty);
    this.timer = this.dirty = undefined;
  }

  subscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.symbols.add(symbol);
    this.changed();
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.symbols.delete(symbol);
    this.changed();
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  private changed(): void {
    if (this.dirty || !this.stopListening) return;
    this.dirty = setTimeout(() => {
      this.dirty = undefined;
      this.sendInterest();
    }, 20);
    this.dirty.unref();
  }

  private sendInterest(): void {
    const { bus, instanceId, userId, key, logger } = this.options;
    bus
      .publish('prices.user.interest', { from: instanceId, userId, key, symbols: [...this.symbols] })
      .catch((error: unknown) => logger.warn({ err: error }, 'publishing stream interest failed'));
  }
}

/** A broker stream this instance runs, as the relay needs it. */
export interface RunningStream {
  userId: string;
  key: string;
  feed: PriceFeed;
  data: MarketData;
  state: () => BrokerStreamState;
}

/**
 * The running side: for each user's stream this instance runs, retains the symbols other instances' sockets of that
 * user want (per instance, forgotten when it falls silent) and relays the stream's ticks to them in batches.
 */
export class StreamRelay {
  private readonly relays = new Map<string, { stream: RunningStream; stop: () => void }>();
  /** `<source id>` -> instance -> what it wants and when it last said so. */
  private readonly remote = new Map<string, Map<string, { at: number; symbols: Set<string> }>>();
  private readonly outgoing = new Map<string, WireTick[]>();
  private flushTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopInterest: (() => void) | undefined;

  constructor(
    private readonly options: {
      bus: Bus;
      instanceId: string;
      clock: Clock;
      logger: Logger;
      /** The stream this instance runs for `<key>:<userId>`, if any (a relayed one does not count). */
      running: (userId: string, key: string) => RunningStream | undefined;
    },
  ) {}

  start(): void {
    this.stopInterest = this.options.bus.subscribe('prices.user.interest', (message) =>
      this.interestOf(message),
    );
    this.sweepTimer = setInterval(() => this.forgetSilent(), INTEREST_EVERY_MS);
    this.sweepTimer.unref();
  }

  stop(): void {
    this.stopInterest?.();
    clearInterval(this.sweepTimer);
    clearTimeout(this.flushTimer);
    for (const relay of this.relays.values()) relay.stop();
    this.relays.clear();
    this.remote.clear();
  }

  /** The stream's state changed (connected, ended): other instances hear it even without ticks. */
  announce(userId: string, key: string): void {
    const relay = this.relays.get(`${key}:${userId}`);
    if (!relay) return;
    const { bus, instanceId, logger } = this.options;
    bus
      .publish('prices.user.ticks', { from: instanceId, userId, key, state: relay.stream.state(), ticks: [] })
      .catch((error: unknown) => logger.warn({ err: error }, 'relaying stream state failed'));
  }

  private interestOf(message: { from: string; userId: string; key: string; symbols: string[] }): void {
    if (message.from === this.options.instanceId) return;
    const stream = this.options.running(message.userId, message.key);
    if (!stream) return;
    const id = `${message.key}:${message.userId}`;
    const current = this.relays.get(id);
    if (!current || current.stream.feed !== stream.feed) {
      current?.stop();
      const stop = stream.feed.onTicks((ticks) => this.relayed(id, ticks));
      this.relays.set(id, { stream, stop });
    }
    const owner = `remote:${message.from}`;
    const heard = this.remote.get(id) ?? new Map<string, { at: number; symbols: Set<string> }>();
    const known = heard.get(message.from)?.symbols ?? new Set<string>();
    stream.data.release(owner);
    if (message.symbols.length > 0) stream.data.retain(owner, message.symbols);
    heard.set(message.from, { at: this.options.clock.now(), symbols: new Set(message.symbols) });
    this.remote.set(id, heard);
    // Symbols that instance newly wants get their current price now, not at the stream's next tick.
    const prices: RawTick[] = [];
    for (const symbol of message.symbols) {
      const quote = known.has(symbol) ? undefined : stream.data.getQuote(symbol, 'live');
      if (quote) prices.push({ symbol, price: quote.lastPrice, ts: quote.ts, close: quote.close });
    }
    if (prices.length > 0) this.relayed(id, prices);
  }

  private relayed(id: string, ticks: readonly RawTick[]): void {
    const batch = this.outgoing.get(id) ?? [];
    for (const tick of ticks) batch.push(toWire(tick));
    this.outgoing.set(id, batch);
    this.flushTimer ??= setTimeout(() => this.flush(), BATCH_MS);
    this.flushTimer.unref();
  }

  private flush(): void {
    this.flushTimer = undefined;
    const { bus, instanceId, logger } = this.options;
    for (const [id, ticks] of this.outgoing) {
      const relay = this.relays.get(id);
      if (!relay) continue;
      const { userId, key } = relay.stream;
      bus
        .publish('prices.user.ticks', { from: instanceId, userId, key, state: relay.stream.state(), ticks })
        .catch((error: unknown) => logger.warn({ err: error }, 'relaying stream ticks failed'));
    }
    this.outgoing.clear();
  }

  /** An instance silent for 3 periods (killed, or its user's sockets gone) no longer keeps symbols ticking. */
  private forgetSilent(): void {
    const horizon = this.options.clock.now() - 3 * INTEREST_EVERY_MS;
    for (const [id, heard] of this.remote) {
      const relay = this.relays.get(id);
      for (const [instance, { at }] of heard) {
        if (at >= horizon) continue;
        heard.delete(instance);
        relay?.stream.data.release(`remote:${instance}`);
      }
      if (heard.size === 0) {
        this.remote.delete(id);
        relay?.stop();
        this.relays.delete(id);
      }
    }
  }
}
