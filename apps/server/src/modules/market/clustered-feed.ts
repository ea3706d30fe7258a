import type { Bus } from '../../bus/bus';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { type Leadership, toWire, type WireDemand, type WireTick } from './cluster-protocol';
import type { PriceFeed, RawTick } from './contract';
import { PriceHistory } from './price-history';

export type { Leadership, WireTick } from './cluster-protocol';

export interface ClusteredFeedOptions {
  /** The real feed (simulator, replay); runs only while this instance leads. */
  inner: PriceFeed;
  bus: Bus;
  leadership: Leadership;
  instanceId: string;
  clock: Clock;
  logger: Logger;
  /** Ticks are gathered for at most this long into one bus message (default 50 ms). */
  batchMs?: number;
  /** Each instance repeats its interest this often; the leader forgets one silent for 3 periods (default 2 s). */
  interestEveryMs?: number;
  /** How far back a follower's `priceAsOf` answers from the ticks it received. */
  historyMs?: number;
}

/**
 * One price stream for a cluster of instances: the instance holding the price leadership runs the real feed for
 * the union of every instance's symbols and publishes its ticks over the bus in batches; every other instance
 * feeds those ticks to its own market data. Each instance then fans out to its own sockets, so every instance
 * shows the same prices. Leadership moves on the lease; a new leader resumes from the last prices it received.
 */
export class ClusteredFeed implements PriceFeed {
  readonly name: string;
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  /** Symbols this instance's own readers want (its market data's subscriptions). */
  private readonly local = new Set<string>();
  /** Other instances' interest: instance -> symbols and when last heard. */
  private readonly remote = new Map<string, { symbols: Set<string>; at: number }>();
  /** What the inner feed is subscribed to while leading. */
  private readonly innerSymbols = new Set<string>();
  private readonly history: PriceHistory;
  /**
   * Latest tick per symbol (led or received): a takeover resumes from these prices, and the leader sends them to an
   * instance that starts wanting a symbol already ticking (a quiet symbol, or the market closed, may not tick again
   * for long).
   */
  private readonly lastTicks = new Map<string, WireTick>();
  private readonly stops: (() => void)[] = [];
  private outgoing: WireTick[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  private interestTimer: NodeJS.Timeout | undefined;
  private interestDirty: NodeJS.Timeout | undefined;
  private highestEpoch = 0;
  private leading = false;
  private running = false;

  constructor(protected readonly options: ClusteredFeedOptions) {
    this.name = `clustered:${options.inner.name}`;
    this.history = new PriceHistory(options.historyMs ?? 70_000);
  }

  private get batchMs(): number {
    return this.options.batchMs ?? 50;
  }

  protected get interestEveryMs(): number {
    return this.options.interestEveryMs ?? 2_000;
  }

  /** Whether this instance runs the real feed now (tests, readiness). */
  get isLeader(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { bus, inner, leadership } = this.options;
    this.stops.push(
      bus.subscribe('prices.ticks', (message) => this.received(message)),
      bus.subscribe('prices.interest', (message) => this.interestOf(message)),
      bus.subscribe('prices.leader', (message) => {
        if (message.from !== this.options.instanceId) this.sendInterest();
      }),
      inner.onTicks((ticks) => this.led(ticks)),
      leadership.onChange((leader) => {
        this.switchTo(leader).catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'price leadership change failed'),
        );
      }),
    );
    await bus.ready();
    this.interestTimer = setInterval(() => {
      this.sendInterest();
      this.forgetSilent();
    }, this.interestEveryMs);
    this.interestTimer.unref();
    await leadership.start();
    if (leadership.isLeader && !this.leading) await this.switchTo(true);
    this.sendInterest();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const stop of this.stops.splice(0)) stop();
    for (const timer of [this.interestTimer, this.interestDirty, this.flushTimer]) clearTimeout(timer);
    this.interestTimer = this.interestDirty = this.flushTimer = undefined;
    this.flush();
    if (this.leading) {
      this.leading = false;
      await this.options.inner.stop();
    }
    await this.options.leadership.stop();
  }

  /** Drain: the inner feed stops first, then the lease is released, so two leaders never run at once. */
  async handOver(): Promise<void> {
    await this.switchTo(false);
    await this.options.leadership.stop();
  }

  subscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.local.add(symbol);
    this.interestChanged();
    this.syncInner();
  }

  unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.local.delete(symbol);
    this.interestChanged();
    this.syncInner();
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  priceAsOf(symbol: string, at: number): RawTick | undefined {
    if (this.leading && this.options.inner.priceAsOf) return this.options.inner.priceAsOf(symbol, at);
    const past = this.history.at(symbol, at) ?? this.history.oldest(symbol);
    return past ? { symbol, price: past.price, ts: past.ts } : undefined;
  }

  /** Ticks of the inner feed (only while leading): to this instance's readers now, to the others batched. */
  private led(ticks: readonly RawTick[]): void {
    if (!this.leading) return;
    this.deliver(ticks);
    for (const tick of ticks) {
      const wire = toWire(tick);
      this.lastTicks.set(tick.symbol, wire);
      this.outgoing.push(wire);
    }
    this.scheduleFlush();
  }

  /** At most one bus message per `batchMs`; the first batch after a quiet spell goes at once. */
  private scheduleFlush(): void {
    if (this.flushTimer) return;
    const wait = Math.max(0, this.lastFlush + this.batchMs - Date.now());
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, wait);
    this.flushTimer.unref();
  }

  private flush(): void {
    if (this.outgoing.length === 0) return;
    const ticks = this.outgoing;
    this.outgoing = [];
    this.lastFlush = Date.now();
    const { bus, instanceId, leadership, logger } = this.options;
    bus
      .publish('prices.ticks', { from: instanceId, epoch: leadership.epoch, ticks })
      .catch((error: unknown) => logger.warn({ err: error }, 'publishing ticks failed'));
  }

  /** A batch from the leader: fed to this instance's market data (its own batches were delivered already). */
  private received(message: { from: string; epoch: number; ticks: WireTick[] }): void {
    if (message.from === this.options.instanceId || this.leading) return;
    // A deposed leader that has not noticed yet must not move prices back.
    if (message.epoch < this.highestEpoch) return;
    this.highestEpoch = message.epoch;
    const ticks: RawTick[] = [];
    for (const wire of message.ticks) {
      const [symbol, price, ts, close] = wire;
      this.lastTicks.set(symbol, wire);
      if (!this.local.has(symbol)) continue;
      this.history.record(symbol, price, ts);
      ticks.push(close === undefined ? { symbol, price, ts } : { symbol, price, ts, close });
    }
    if (ticks.length > 0) this.deliver(ticks);
  }

  private deliver(ticks: readonly RawTick[]): void {
    for (const handler of this.handlers) {
      try {
        handler(ticks);
      } catch (error) {
        this.options.logger.error({ err: error }, 'tick handler failed');
      }
    }
  }

  /** What this instance says with its interest about how much each symbol is wanted (none by default). */
  protected demand(): WireDemand[] | undefined {
    return undefined;
  }

  /** Another instance's word on how much its symbols are wanted (undefined: it said nothing, or it is gone). */
  protected remoteDemand(_instance: string, _demand: readonly WireDemand[] | undefined): void {}

  private interestOf(message: { from: string; symbols: string[]; demand?: WireDemand[] }): void {
    if (message.from === this.options.instanceId) return;
    this.remoteDemand(message.from, message.demand);
    const before = this.remote.get(message.from)?.symbols;
    this.remote.set(message.from, { symbols: new Set(message.symbols), at: this.options.clock.now() });
    this.syncInner();
    if (!this.leading) return;
    // What that instance newly wants and already ticked here: its readers get a price now, not at the next tick.
    let sent = false;
    for (const symbol of message.symbols) {
      const last = before?.has(symbol) ? undefined : this.lastTicks.get(symbol);
      if (!last) continue;
      this.outgoing.push(last);
      sent = true;
    }
    if (sent) this.scheduleFlush();
  }

  /** An instance that stopped repeating its interest is gone (killed): its symbols stop ticking. */
  private forgetSilent(): void {
    const horizon = this.options.clock.now() - 3 * this.interestEveryMs;
    let changed = false;
    for (const [instance, entry] of this.remote) {
      if (entry.at >= horizon) continue;
      this.remote.delete(instance);
      this.remoteDemand(instance, undefined);
      changed = true;
    }
    if (changed) this.syncInner();
  }

  /** Interest changes are sent soon, not per call: a socket subscribing to a chain retains many symbols. */
  protected interestChanged(): void {
    if (this.interestDirty || !this.running) return;
    this.interestDirty = setTimeout(() => {
      this.interestDirty = undefined;
      this.sendInterest();
    }, 20);
    this.interestDirty.unref();
  }

  private sendInterest(): void {
    if (!this.running || this.leading) return;
    const { bus, instanceId, logger } = this.options;
    const demand = this.demand();
    bus
      .publish('prices.interest', {
        from: instanceId,
        symbols: [...this.local],
        ...(demand ? { demand } : {}),
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'publishing price interest failed'));
  }

  /** While leading, the inner feed ticks the union of every instance's symbols. */
  private syncInner(): void {
    if (!this.leading) return;
    const wanted = new Set(this.local);
    for (const entry of this.remote.values()) for (const symbol of entry.symbols) wanted.add(symbol);
    const added = [...wanted].filter((symbol) => !this.innerSymbols.has(symbol));
    const dropped = [...this.innerSymbols].filter((symbol) => !wanted.has(symbol));
    for (const symbol of added) this.innerSymbols.add(symbol);
    for (const symbol of dropped) this.innerSymbols.delete(symbol);
    if (dropped.length > 0) this.options.inner.unsubscribe(dropped);
    if (added.length > 0) this.options.inner.subscribe(added);
  }

  private async switchTo(leader: boolean): Promise<void> {
    if (leader === this.leading || !this.running) return;
    const { inner, bus, instanceId, leadership, logger } = this.options;
    this.leading = leader;
    if (leader) {
      this.highestEpoch = Math.max(this.highestEpoch, leadership.epoch);
      // Continue from the prices everyone saw last, not from the feed's own start (no jump on takeover).
      inner.resumeFrom?.(new Map([...this.lastTicks].map(([symbol, wire]) => [symbol, wire[1]])));
      this.syncInner();
      await inner.start();
      logger.info({ epoch: leadership.epoch }, 'leading the price stream');
      await bus.publish('prices.leader', { from: instanceId, epoch: leadership.epoch });
    } else {
      await inner.stop();
      if (this.innerSymbols.size > 0) inner.unsubscribe([...this.innerSymbols]);
      this.innerSymbols.clear();
      this.outgoing = [];
      logger.info('following the price stream');
      this.sendInterest();
    }
  }
}
