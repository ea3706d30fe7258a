import type { WireDemand } from './cluster-protocol';
import { ClusteredFeed, type ClusteredFeedOptions } from './clustered-feed';
import type { BrokerStreamState, PlatformFeed, SymbolInterest } from './contract';

/** A follower that has not heard the leader's vendor state for this many periods shows the line as down. */
const SILENT_PERIODS = 3;

/**
 * The platform feed (a licensed vendor's one line) run once per cluster: the leader holds the vendor connection,
 * and its line state reaches every other instance over the bus (`prices.vendor-state`), so a follower's feed badge
 * shows live, stale or down as the leader sees it, and shows down when the leader itself falls silent. Under a
 * symbol limit the vendor line is budgeted by the whole cluster's interest: each instance sends how much it wants
 * each symbol (readers, held by a position or order) with its interest, and the leader gives the vendor feed the
 * sum over instances (readers added, held if held anywhere).
 */
export class ClusteredPlatformFeed extends ClusteredFeed implements PlatformFeed {
  readonly vendor: string;
  private readonly platform: PlatformFeed;
  private readonly stateHandlers = new Set<(state: BrokerStreamState) => void>();
  private readonly localInterest = new Map<string, SymbolInterest>();
  /** Other instances' interest, as they last said it: instance -> symbol -> interest. */
  private readonly remoteInterest = new Map<string, Map<string, SymbolInterest>>();
  private heard: { state: BrokerStreamState; at: number; epoch: number } | undefined;
  private told: BrokerStreamState | undefined;
  private readonly offs: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(options: ClusteredFeedOptions & { inner: PlatformFeed }) {
    super(options);
    this.platform = options.inner;
    this.vendor = options.inner.vendor;
  }

  /** The vendor line's state: this instance's own while leading, else the leader's last word (down when silent). */
  get state(): BrokerStreamState {
    if (this.isLeader) return this.platform.state;
    if (!this.heard) return 'connecting';
    const silentFor = this.options.clock.now() - this.heard.at;
    return silentFor > SILENT_PERIODS * this.interestEveryMs ? 'disconnected' : this.heard.state;
  }

  onState(handler: (state: BrokerStreamState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  override async start(): Promise<void> {
    if (this.offs.length > 0) return;
    const { bus, instanceId, leadership } = this.options;
    this.offs.push(
      bus.subscribe('prices.vendor-state', (message) => {
        if (message.from === instanceId || this.isLeader) return;
        // A deposed leader's word does not overwrite the new one's.
        if (this.heard && message.epoch < this.heard.epoch) return;
        this.heard = { state: message.state, at: this.options.clock.now(), epoch: message.epoch };
        this.tell();
      }),
      // A follower that starts (or hears a new leader) gets the line state at once, not at the next period.
      bus.subscribe('prices.interest', () => {
        if (this.isLeader) this.publishState();
      }),
      this.platform.onState(() => {
        if (!this.isLeader) return;
        this.publishState();
        this.tell();
      }),
    );
    this.timer = setInterval(() => {
      if (this.isLeader) this.publishState();
      this.tell();
    }, this.interestEveryMs);
    this.timer.unref();
    await super.start();
    // After the base feed's own handler (registered in its start), so `isLeader` is already the new value.
    const leadershipChanged = (leader: boolean) => {
      if (leader) this.tellVendor(this.allInterestedSymbols());
      this.tell();
    };
    this.offs.push(leadership.onChange(leadershipChanged));
    if (this.isLeader) leadershipChanged(true);
    else this.tell();
  }

  override async stop(): Promise<void> {
    for (const off of this.offs.splice(0)) off();
    clearInterval(this.timer);
    this.timer = undefined;
    await super.stop();
  }

  override unsubscribe(symbols: readonly string[]): void {
    for (const symbol of symbols) this.localInterest.delete(symbol);
    super.unsubscribe(symbols);
  }

  interest(symbols: readonly SymbolInterest[]): void {
    for (const demand of symbols) this.localInterest.set(demand.symbol, demand);
    if (this.isLeader) this.tellVendor(symbols.map((demand) => demand.symbol));
    else this.interestChanged();
  }

  protected override demand(): WireDemand[] {
    return [...this.localInterest.values()].map((d) => [d.symbol, d.readers, d.held ? 1 : 0]);
  }

  protected override remoteDemand(instance: string, demand: readonly WireDemand[] | undefined): void {
    const before = this.remoteInterest.get(instance);
    const after = new Map<string, SymbolInterest>();
    for (const [symbol, readers, held] of demand ?? [])
      after.set(symbol, { symbol, readers, held: held === 1 });
    if (after.size > 0) this.remoteInterest.set(instance, after);
    else this.remoteInterest.delete(instance);
    if (!this.isLeader) return;
    const changed = new Set<string>();
    for (const [symbol, interest] of after) {
      const old = before?.get(symbol);
      if (old?.readers !== interest.readers || old.held !== interest.held) changed.add(symbol);
    }
    for (const symbol of before?.keys() ?? []) if (!after.has(symbol)) changed.add(symbol);
    if (changed.size > 0) this.tellVendor([...changed]);
  }

  /** Every symbol some instance (this one included) said how much it wants. */
  private allInterestedSymbols(): string[] {
    const symbols = new Set(this.localInterest.keys());
    for (const interest of this.remoteInterest.values())
      for (const symbol of interest.keys()) symbols.add(symbol);
    return [...symbols];
  }

  /** The vendor feed hears the cluster's interest in these symbols: readers summed, held if held anywhere. */
  private tellVendor(symbols: readonly string[]): void {
    if (!this.platform.interest || symbols.length === 0) return;
    const merged = symbols.map((symbol) => {
      const local = this.localInterest.get(symbol);
      let readers = local?.readers ?? 0;
      let held = local?.held ?? false;
      for (const interest of this.remoteInterest.values()) {
        const remote = interest.get(symbol);
        if (!remote) continue;
        readers += remote.readers;
        held ||= remote.held;
      }
      return { symbol, readers, held };
    });
    this.platform.interest(merged);
  }

  private publishState(): void {
    const { bus, instanceId, leadership, logger } = this.options;
    bus
      .publish('prices.vendor-state', {
        from: instanceId,
        epoch: leadership.epoch,
        state: this.platform.state,
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'publishing the vendor line state failed'));
  }

  /** Tells the state handlers when the state they last heard changed. */
  private tell(): void {
    const state = this.state;
    if (state === this.told) return;
    this.told = state;
    for (const handler of this.stateHandlers) handler(state);
  }
}
