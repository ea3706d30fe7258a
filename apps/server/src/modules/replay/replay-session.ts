import type { ReplayStatus } from '@xtrader/core/api/replay';
import type { IndexTable } from '@xtrader/core/market/indices';
import type { Resources } from '../../resources';
import { PaperExchange } from '../brokers/paper/exchange';
import type { PaperSettings } from '../brokers/paper/exchange-core';
import type { InstrumentDirectory } from '../instruments/contract';
import type { PriceView, Quote } from '../market/contract';
import { createMarketData, type MarketDataService } from '../market/market-data';
import type { PriceSource } from '../market/price-sources';
import type { RecordedTick } from '../market/replay';
import { DayReplayFeed } from './day-feed';
import { openSandboxStore } from './paper-sandbox';
import { ReplayClock } from './replay-clock';

export interface ReplaySessionOptions {
  userId: string;
  /** The day's id (`<source>@<date>`) and date. */
  id: string;
  day: string;
  ticks: readonly RecordedTick[];
  speed: number;
  directory: InstrumentDirectory;
  indexTable: IndexTable;
  paper: Omit<PaperSettings, 'followsMarketHours'>;
  pollMs?: number;
}

/**
 * One user's replay of one recorded day: the day's ticks played on a clock of that day, as a price source of the
 * user's own (prices without the Practice delay: a recorded day is history), and a paper exchange of its own whose
 * clock is the replay's, so fills, expiry checks and the MIS square-off happen at the replayed time.
 */
export class ReplaySession {
  readonly clock: ReplayClock;
  readonly feed: DayReplayFeed;
  readonly data: MarketDataService;
  readonly source: PriceSource;
  private closeStore: (() => Promise<void>) | undefined;
  private exchangeRef: PaperExchange | undefined;

  private constructor(
    private readonly resources: Pick<Resources, 'config' | 'clock' | 'logger'>,
    private readonly options: ReplaySessionOptions,
  ) {
    const first = options.ticks[0]?.time ?? resources.clock.now();
    this.clock = new ReplayClock(resources.clock, first, options.speed);
    this.feed = new DayReplayFeed(options.ticks, this.clock, resources.clock, options.pollMs ?? 50, () => {
      void this.exchangeRef?.checkSquareOff();
    });
    const market = { ...resources.config.market, practiceDelayMs: 0 };
    this.data = createMarketData(
      { ...resources, config: { ...resources.config, market } },
      this.feed,
      options.directory,
    );
    const last: Record<PriceView, number | null> = { live: null, practice: null };
    for (const view of ['live', 'practice'] as const) {
      this.data.onQuotes(view, (quotes: readonly Quote[]) => {
        for (const quote of quotes) if (quote.ts > (last[view] ?? 0)) last[view] = quote.ts;
      });
    }
    this.source = {
      id: `replay:${options.userId}`,
      brokerId: null,
      data: this.data,
      state: 'connected',
      tokenExpiresAt: null,
      vendor: null,
      lastTickAt: (view) => last[view],
      replay: () => this.status(),
    };
  }

  /** Opens the replay's paper store and exchange (with a fresh account) and starts playing. */
  static async start(
    resources: Pick<Resources, 'config' | 'clock' | 'logger'>,
    options: ReplaySessionOptions,
  ): Promise<ReplaySession> {
    const session = new ReplaySession(resources, options);
    const store = await openSandboxStore();
    session.closeStore = store.close;
    const exchange = new PaperExchange({
      db: store.db,
      clock: session.clock,
      logger: resources.logger,
      marketData: session.data,
      instruments: options.directory,
      indexTable: options.indexTable,
      // A replayed day always keeps exchange hours: its square-off runs at the replayed time.
      settings: { ...options.paper, followsMarketHours: true },
    });
    await exchange.start();
    await exchange.ensureAccount(options.userId);
    session.exchangeRef = exchange;
    await session.data.start();
    return session;
  }

  get exchange(): PaperExchange {
    if (!this.exchangeRef) throw new Error('The replay has not started');
    return this.exchangeRef;
  }

  get id(): string {
    return this.options.id;
  }

  pause(): void {
    this.clock.pause();
  }

  resume(): void {
    this.clock.resume();
  }

  status(): ReplayStatus {
    return {
      id: this.options.id,
      day: this.options.day,
      speed: this.clock.speed,
      paused: this.clock.paused,
      finished: this.feed.finished,
      now: this.clock.now(),
    };
  }

  /** Cancels what rests on the replay's exchange (so the order manager closes its records), then drops it all. */
  async stop(): Promise<void> {
    const exchange = this.exchangeRef;
    if (exchange) {
      await exchange.resetFunds(this.options.userId).catch((error: unknown) => {
        this.resources.logger.error({ err: error }, 'replay: cancelling resting orders failed');
      });
      await exchange.close();
    }
    await this.data.stop();
    await this.closeStore?.();
  }
}
