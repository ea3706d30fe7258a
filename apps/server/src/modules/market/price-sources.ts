import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type {
  BrokerPriceStream,
  BrokerPriceStreams,
  BrokerStreamState,
  PriceFeed,
  PriceSourceId,
  PriceView,
  Quote,
} from './contract';
import { createMarketData, type MarketDataService } from './market-data';

/**
 * One source of prices with its own caches, Practice Mode delay line and upstream subscriptions: the shared
 * simulator/replay, or one user's own broker stream.
 */
export interface PriceSource {
  readonly id: PriceSourceId;
  /** Active-broker id of a broker stream; null for the shared simulated source. */
  readonly brokerId: string | null;
  readonly data: MarketDataService;
  /** Always `connected` for the simulated source. */
  readonly state: BrokerStreamState;
  readonly tokenExpiresAt: number | null;
  /** Time of the latest tick of any symbol in a view, null before the first. */
  lastTickAt(view: PriceView): number | null;
}

/** Users' price sources: the shared one, and each user's own broker streams (BrokerPriceStreams). */
export interface PriceSources extends BrokerPriceStreams {
  readonly shared: PriceSource;
  /**
   * The source `userId` sees, given their active broker: that broker's stream of theirs (even once it has ended:
   * a live account never falls back to simulated prices unnoticed), else the shared simulated source. Practice
   * Mode (PAPERTRADE) sees the shared source: the paper exchange fills at its prices (docs/market-data.md).
   */
  sourceFor(userId: string, activeBroker: string | null): PriceSource;
  /** Whether the user has a broker stream of their own (connected or not). */
  hasStream(userId: string): boolean;
  /** Called with a user whose streams changed (opened, connected, ended); they may now see another source. */
  onChange(handler: (userId: string) => void): () => void;
  /** The source with this id now (`sim`: the shared one); undefined before it first exists. */
  byId(id: PriceSourceId): PriceSource | undefined;
  /**
   * Called with every user source as it comes to exist, or is replaced by a new one under the same id (a stream
   * that opens again): whoever watches its prices subscribes and retains on the new one.
   */
  onSource(handler: (source: PriceSource) => void): () => void;
  /** Starts the shared source. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Latest tick time per view, kept by a cheap handler on the source's quote batches. */
function tickClock(data: MarketDataService) {
  const last: Record<PriceView, number | null> = { live: null, practice: null };
  const track = (view: PriceView) => (quotes: readonly Quote[]) => {
    let latest = last[view] ?? Number.NEGATIVE_INFINITY;
    for (const quote of quotes) if (quote.ts > latest) latest = quote.ts;
    if (latest > Number.NEGATIVE_INFINITY) last[view] = latest;
  };
  const stops = [data.onQuotes('live', track('live')), data.onQuotes('practice', track('practice'))];
  return {
    lastTickAt: (view: PriceView) => last[view],
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

/** The feed of a stream that is not open: it never ticks. */
class SilentFeed implements PriceFeed {
  readonly name = 'silent';
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  subscribe(): void {}
  unsubscribe(): void {}
  onTicks(): () => void {
    return () => {};
  }
}

class StreamSource implements PriceSource {
  readonly id: PriceSourceId;
  readonly brokerId: string;
  readonly data: MarketDataService;
  state: BrokerStreamState = 'connecting';
  tokenExpiresAt: number | null;
  private readonly ticks: ReturnType<typeof tickClock>;

  constructor(
    resources: Pick<Resources, 'config' | 'clock' | 'logger'>,
    directory: InstrumentDirectory | undefined,
    readonly stream: BrokerPriceStream,
  ) {
    this.id = `${stream.key}:${stream.userId}`;
    this.brokerId = stream.brokerId;
    this.tokenExpiresAt = stream.tokenExpiresAt;
    this.data = createMarketData(resources, stream.feed, directory);
    this.ticks = tickClock(this.data);
  }

  lastTickAt(view: PriceView): number | null {
    return this.ticks.lastTickAt(view);
  }

  async stop(): Promise<void> {
    this.ticks.stop();
    await this.data.stop();
  }
}

export function createPriceSources(
  resources: Pick<Resources, 'config' | 'clock' | 'logger'>,
  sharedData: MarketDataService,
  directory?: InstrumentDirectory,
): PriceSources {
  const { logger } = resources;
  const sharedTicks = tickClock(sharedData);
  const shared: PriceSource = {
    id: 'sim',
    brokerId: null,
    data: sharedData,
    state: 'connected',
    tokenExpiresAt: null,
    lastTickAt: sharedTicks.lastTickAt,
  };
  /** userId -> stream key -> source. */
  const streams = new Map<string, Map<string, StreamSource>>();
  const handlers = new Set<(userId: string) => void>();
  const sourceHandlers = new Set<(source: PriceSource) => void>();
  const byId = new Map<PriceSourceId, StreamSource>();

  /** Keeps `source` as its user's source of its key, and tells who follows sources. */
  const install = (source: StreamSource) => {
    const mine = streams.get(source.stream.userId) ?? new Map<string, StreamSource>();
    streams.set(source.stream.userId, mine);
    mine.set(source.stream.key, source);
    byId.set(source.id, source);
    for (const handler of sourceHandlers) {
      try {
        handler(source);
      } catch (error) {
        logger.error({ err: error, source: source.id }, 'price source handler failed');
      }
    }
  };
  /** Broker id -> stream key, for brokers that stream their users' prices. */
  const streaming = new Map<string, string>();

  /** A stream that never opened in this process: its user sees it ended, never the simulator. */
  const endedStream = (userId: string, brokerId: string, key: string) => {
    const source = new StreamSource(resources, directory, {
      userId,
      brokerId,
      key,
      feed: new SilentFeed(),
      tokenExpiresAt: null,
    });
    source.state = 'ended';
    install(source);
    return source;
  };

  const changed = (userId: string) => {
    for (const handler of handlers) {
      try {
        handler(userId);
      } catch (error) {
        logger.error({ err: error, userId }, 'price source change handler failed');
      }
    }
  };

  return {
    shared,

    open(stream) {
      const current = streams.get(stream.userId)?.get(stream.key);
      if (current && current.stream.feed === stream.feed) {
        current.tokenExpiresAt = stream.tokenExpiresAt;
        current.state = 'connecting';
        changed(stream.userId);
        return;
      }
      const source = new StreamSource(resources, directory, stream);
      if (current) void current.stop();
      install(source);
      source.data.start().catch((error: unknown) => {
        logger.error({ err: error, source: source.id }, 'broker price source failed to start');
      });
      changed(stream.userId);
    },

    setState(userId, key, state) {
      const source = streams.get(userId)?.get(key);
      if (!source || source.state === state) return;
      source.state = state;
      changed(userId);
    },

    declare(brokerId, key) {
      streaming.set(brokerId, key);
    },

    sourceFor(userId, activeBroker) {
      if (activeBroker === null) return shared;
      for (const source of streams.get(userId)?.values() ?? []) {
        if (source.brokerId === activeBroker) return source;
      }
      const key = streaming.get(activeBroker);
      return key === undefined ? shared : endedStream(userId, activeBroker, key);
    },

    hasStream: (userId) => (streams.get(userId)?.size ?? 0) > 0,

    onChange(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },

    byId: (id) => (id === shared.id ? shared : byId.get(id)),

    onSource(handler) {
      sourceHandlers.add(handler);
      return () => sourceHandlers.delete(handler);
    },

    async start() {
      await sharedData.start();
    },

    async stop() {
      sharedTicks.stop();
      for (const mine of streams.values()) for (const source of mine.values()) await source.stop();
      streams.clear();
      byId.clear();
      await sharedData.stop();
    },
  };
}
