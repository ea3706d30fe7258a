import { indexByDisplayName } from '@xtrader/core/market/indices';
import type { PlatformFeedSettings } from '../../../config';
import type { Logger } from '../../../logger';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerStreamState, PlatformFeed, RawTick, SymbolInterest } from '../contract';
import { BudgetedSubscriptions } from './budgeted-subscriptions';
import { TrueDataClient, type TrueDataTiming, type VendorFeedState } from './truedata-client';
import { trueDataSymbolOf } from './truedata-symbols';

const STATE_OF: Record<VendorFeedState, BrokerStreamState> = {
  connecting: 'connecting',
  connected: 'connected',
  disconnected: 'disconnected',
  closed: 'ended',
};

/**
 * TrueData as the platform feed: our symbols (trading symbols, index display names) in, TrueData's names upstream,
 * ticks back under our names. One upstream subscription per symbol for the whole platform: the shared source's
 * market data ref-counts its readers and asks this feed once per symbol. Within the licence's symbol limit
 * (XT_PLATFORM_FEED_MAX_SYMBOLS, else the `maxsymbols` of TrueData's login answer) it keeps the indices, then held
 * contracts, then the most watched; a symbol left out simply does not tick (it shows Stale).
 */
export class TrueDataFeed implements PlatformFeed {
  readonly name = 'truedata';
  readonly vendor = 'TrueData';
  private readonly client: TrueDataClient;
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private readonly stateHandlers = new Set<(state: BrokerStreamState) => void>();
  /** TrueData symbol -> ours, for the symbols subscribed. */
  private readonly ours = new Map<string, string>();
  private readonly budget: BudgetedSubscriptions;

  constructor(
    settings: PlatformFeedSettings,
    private readonly deps: {
      directory: InstrumentDirectory;
      logger: Logger;
      now: () => number;
      timing?: Partial<TrueDataTiming>;
    },
  ) {
    this.budget = new BudgetedSubscriptions({
      isIndex: (symbol) => this.isIndex(symbol),
      apply: (added, dropped) => this.applyUpstream(added, dropped),
      ...(settings.maxSymbols !== undefined ? { max: settings.maxSymbols } : {}),
    });
    this.client = new TrueDataClient({
      url: settings.url,
      user: settings.user,
      password: settings.password,
      logger: deps.logger,
      now: deps.now,
      ...(deps.timing ? { timing: deps.timing } : {}),
      events: {
        ticks: (ticks) => {
          const raw: RawTick[] = [];
          for (const tick of ticks) {
            const symbol = this.ours.get(tick.symbol);
            if (symbol === undefined) continue;
            raw.push({
              symbol,
              price: tick.price,
              ts: tick.ts,
              ...(tick.close ? { close: tick.close } : {}),
            });
          }
          if (raw.length === 0) return;
          for (const handler of this.handlers) handler(raw);
        },
        login: (vendorMax) => {
          // The stricter of the operator's setting and what the vendor says this login may hold.
          const limits = [settings.maxSymbols, vendorMax].filter((n): n is number => n !== undefined);
          this.budget.setMax(limits.length > 0 ? Math.min(...limits) : undefined);
          if (this.budget.waiting > 0) {
            deps.logger.warn(
              { limit: Math.min(...limits), leftOut: this.budget.waiting },
              'platform feed symbol limit reached: the least wanted symbols do not tick',
            );
          }
        },
        state: (state) => {
          for (const handler of this.stateHandlers) handler(STATE_OF[state]);
        },
      },
    });
  }

  get state(): BrokerStreamState {
    return STATE_OF[this.client.state];
  }

  onState(handler: (state: BrokerStreamState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  async start(): Promise<void> {
    this.client.connect();
  }

  async stop(): Promise<void> {
    this.client.close();
  }

  /** TrueData's name of one of our symbols: a derivative's own, an index's display name as it is. */
  private vendorSymbol(symbol: string): string | undefined {
    const record = this.deps.directory.bySymbol(symbol);
    if (!record) return symbol;
    return trueDataSymbolOf(record);
  }

  private isIndex(symbol: string): boolean {
    const record = this.deps.directory.bySymbol(symbol);
    return record ? record.instrument_type === 'INDEX' : indexByDisplayName(symbol) !== undefined;
  }

  /** The symbols subscribed at TrueData now, in our names (tests, the limit's effect). */
  get upstreamSymbols(): ReadonlySet<string> {
    return this.budget.subscribed;
  }

  subscribe(symbols: readonly string[]): void {
    this.budget.want(symbols.filter((symbol) => this.vendorSymbol(symbol) !== undefined));
  }

  unsubscribe(symbols: readonly string[]): void {
    this.budget.unwant(symbols);
  }

  interest(symbols: readonly SymbolInterest[]): void {
    this.budget.interest(symbols);
  }

  private applyUpstream(added: readonly string[], dropped: readonly string[]): void {
    const removed: string[] = [];
    for (const symbol of dropped) {
      const vendor = this.vendorSymbol(symbol);
      if (vendor === undefined || this.ours.get(vendor) !== symbol) continue;
      this.ours.delete(vendor);
      removed.push(vendor);
    }
    if (removed.length > 0) this.client.unsubscribe(removed);
    const upstream: string[] = [];
    for (const symbol of added) {
      const vendor = this.vendorSymbol(symbol);
      if (vendor === undefined) continue;
      this.ours.set(vendor, symbol);
      upstream.push(vendor);
    }
    if (upstream.length > 0) this.client.subscribe(upstream);
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
