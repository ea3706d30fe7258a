import { ClusteredFeed, type ClusteredFeedOptions } from './clustered-feed';
import type { BrokerStreamState, PlatformFeed, SymbolInterest } from './contract';

/** A follower that has not heard the leader's vendor state for this many periods shows the line as down. */
const SILENT_PERIODS = 3;

/**
 * The platform feed (a licensed vendor's one line) run once per cluster: the leader holds the vendor connection,
 * and its line state reaches every other instance over the bus (`prices.vendor-state`), so a follower's feed badge
 * shows live, stale or down as the leader sees it, and shows down when the leader itself falls silent. The
 * symbol-limit interest of this instance's readers reaches the vendor feed while this instance leads.
 */
export class ClusteredPlatformFeed extends ClusteredFeed implements PlatformFeed {
  readonly vendor: string;
  private readonly platform: PlatformFeed;
  private readonly stateHandlers = new Set<(state: BrokerStreamState) => void>();
  private readonly localInterest = new Map<string, SymbolInterest>();
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
      if (leader) this.platform.interest?.([...this.localInterest.values()]);
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
    if (this.isLeader) this.platform.interest?.(symbols);
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
