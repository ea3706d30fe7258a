import type { PlatformFeedSettings } from '../../../config';
import type { Logger } from '../../../logger';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerStreamState, PlatformFeed, RawTick } from '../contract';
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
 * market data ref-counts its readers and asks this feed once per symbol.
 */
export class TrueDataFeed implements PlatformFeed {
  readonly name = 'truedata';
  readonly vendor = 'TrueData';
  private readonly client: TrueDataClient;
  private readonly handlers = new Set<(ticks: readonly RawTick[]) => void>();
  private readonly stateHandlers = new Set<(state: BrokerStreamState) => void>();
  /** TrueData symbol -> ours, for the symbols subscribed. */
  private readonly ours = new Map<string, string>();

  constructor(
    settings: PlatformFeedSettings,
    private readonly deps: {
      directory: InstrumentDirectory;
      logger: Logger;
      now: () => number;
      timing?: Partial<TrueDataTiming>;
    },
  ) {
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

  subscribe(symbols: readonly string[]): void {
    const upstream: string[] = [];
    for (const symbol of symbols) {
      const vendor = this.vendorSymbol(symbol);
      if (vendor === undefined) continue;
      this.ours.set(vendor, symbol);
      upstream.push(vendor);
    }
    this.client.subscribe(upstream);
  }

  unsubscribe(symbols: readonly string[]): void {
    const upstream: string[] = [];
    for (const symbol of symbols) {
      const vendor = this.vendorSymbol(symbol);
      if (vendor === undefined || this.ours.get(vendor) !== symbol) continue;
      this.ours.delete(vendor);
      upstream.push(vendor);
    }
    this.client.unsubscribe(upstream);
  }

  onTicks(handler: (ticks: readonly RawTick[]) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
}
