import type { ReplayStatus } from '@xtrader/core/api/replay';
import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type {
  BrokerPriceStream,
  BrokerPriceStreams,
  BrokerStreamState,
  PlatformFeed,
  PriceFeed,
  PriceSourceId,
  PriceView,
  Quote,
} from './contract';
import { createMarketData, type MarketDataService } from './market-data';
import { RelayFeed, StreamRelay } from './stream-relay';

/** Several instances: users' streams run on one instance and reach the user's sockets on the others over the bus. */
export interface StreamCluster {
  bus: Resources['bus'];
  instanceId: string;
}

/**
 * One source of prices with its own caches, Practice Mode delay line and upstream subscriptions: the shared
 * simulator/replay, or one user's own broker stream.
 */
export interface PriceSource {
  readonly id: PriceSourceId;
  /** Active-broker id of a broker stream; null for the shared source. */
  readonly brokerId: string | null;
  /** The vendor of the shared source when it is a platform feed (`TrueData`); null for simulated prices. */
  readonly vendor: string | null;
  readonly data: MarketDataService;
  /** Always `connected` for the simulated source; a platform feed's connection. */
  readonly state: BrokerStreamState;
  readonly tokenExpiresAt: number | null;
  /** Time of the latest tick of any symbol in a view, null before the first. */
  lastTickAt(view: PriceView): number | null;
  /** A Practice session replay's state (modules/replay); absent on every other source. */
  replay?(): ReplayStatus;
}

/** Users' price sources: the shared one, and each user's own broker streams (BrokerPriceStreams). */
export interface PriceSources extends BrokerPriceStreams {
  readonly shared: PriceSource;
  /**
   * The source `userId` sees, given their active broker: that broker's stream of theirs (even once it has ended:
   * a live account never falls back to simulated prices unnoticed), else the shared source. Practice Mode
   * (PAPERTRADE) sees the user's own broker stream while they have one that has not ended (its delayed view: the
   * paper exchange fills their account at it), else the shared source (docs/market-data.md).
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
  /**
   * Puts a Practice session replay in place of what `userId` sees while their active broker is PAPERTRADE (their
   * own source, nobody else's), or takes it away (null). Readers that follow sources are told as for a stream.
   */
  setReplay(userId: string, source: PriceSource | null): void;
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
  readonly vendor: null;
  readonly data: MarketDataService;
  state: BrokerStreamState = 'connecting';
  tokenExpiresAt: number | null;
  private readonly ticks: ReturnType<typeof tickClock>;

  constructor(
    resources: Pick<Resources, 'config' | 'clock' | 'logger'>,
    directory: InstrumentDirectory | undefined,
    readonly stream: BrokerPriceStream,
    /** Runs here (opened by the broker), rather than ended or relayed from another instance. */
    readonly local: boolean,
  ) {
    this.id = `${stream.key}:${stream.userId}`;
    this.brokerId = stream.brokerId;
    this.vendor = null;
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
  /** The platform feed driving `sharedData`, when one is configured: its connection is the shared source's. */
  platform?: PlatformFeed,
  cluster?: StreamCluster,
): PriceSources {
  const { logger } = resources;
  const sharedTicks = tickClock(sharedData);
  const shared: PriceSource = {
    id: 'sim',
    brokerId: null,
    vendor: platform?.vendor ?? null,
    data: sharedData,
    get state() {
      return platform?.state ?? 'connected';
    },
    tokenExpiresAt: null,
    lastTickAt: sharedTicks.lastTickAt,
  };
  /** userId -> stream key -> source. */
  const streams = new Map<string, Map<string, StreamSource>>();
  const handlers = new Set<(userId: string) => void>();
  const sourceHandlers = new Set<(source: PriceSource) => void>();
  const byId = new Map<PriceSourceId, StreamSource>();
  /** userId -> their running Practice replay. */
  const replays = new Map<string, PriceSource>();
  const replayById = new Map<PriceSourceId, PriceSource>();

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

  /**
   * A stream that never opened in this process: its user sees it ended, never the simulator. In a cluster it relays
   * the stream another instance runs for the user, when one does (its state then comes with the ticks).
   */
  const endedStream = (userId: string, brokerId: string, key: string) => {
    const feed = cluster
      ? new RelayFeed({
          ...cluster,
          userId,
          key,
          logger,
          onState: (state) => setState(userId, key, state),
        })
      : new SilentFeed();
    const source = new StreamSource(
      resources,
      directory,
      { userId, brokerId, key, feed, tokenExpiresAt: null },
      false,
    );
    source.state = 'ended';
    install(source);
    if (cluster) {
      source.data.start().catch((error: unknown) => {
        logger.error({ err: error, source: source.id }, 'relayed price source failed to start');
      });
    }
    return source;
  };
  const relay = cluster
    ? new StreamRelay({
        ...cluster,
        clock: resources.clock,
        logger,
        running: (userId, key) => {
          const source = streams.get(userId)?.get(key);
          if (!source?.local) return undefined;
          return { userId, key, feed: source.stream.feed, data: source.data, state: () => source.state };
        },
      })
    : undefined;
  const setState = (userId: string, key: string, state: BrokerStreamState) => {
    const source = streams.get(userId)?.get(key);
    if (!source || source.state === state) return;
    source.state = state;
    if (source.local) relay?.announce(userId, key);
    changed(userId);
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
      const source = new StreamSource(resources, directory, stream, true);
      if (current) void current.stop();
      install(source);
      source.data.start().catch((error: unknown) => {
        logger.error({ err: error, source: source.id }, 'broker price source failed to start');
      });
      changed(stream.userId);
    },

    setState,

    handOver(userId) {
      const mine = streams.get(userId);
      if (!mine) return;
      for (const source of [...mine.values()]) {
        if (!source.local) continue;
        void source.stop();
        mine.delete(source.stream.key);
        byId.delete(source.id);
        endedStream(userId, source.brokerId, source.stream.key);
      }
      changed(userId);
    },

    declare(brokerId, key) {
      streaming.set(brokerId, key);
    },

    sourceFor(userId, activeBroker) {
      const replay = replays.get(userId);
      if (replay && isPracticeBroker(activeBroker)) return replay;
      if (activeBroker === null) return shared;
      if (isPracticeBroker(activeBroker)) {
        for (const source of streams.get(userId)?.values() ?? []) if (source.state !== 'ended') return source;
        return shared;
      }
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

    byId: (id) => (id === shared.id ? shared : (byId.get(id) ?? replayById.get(id))),

    setReplay(userId, source) {
      const current = replays.get(userId);
      if (current) replayById.delete(current.id);
      if (source) {
        replays.set(userId, source);
        replayById.set(source.id, source);
        for (const handler of sourceHandlers) handler(source);
      } else replays.delete(userId);
      changed(userId);
    },

    onSource(handler) {
      sourceHandlers.add(handler);
      return () => sourceHandlers.delete(handler);
    },

    async start() {
      relay?.start();
      await sharedData.start();
    },

    async stop() {
      relay?.stop();
      sharedTicks.stop();
      for (const mine of streams.values()) for (const source of mine.values()) await source.stop();
      streams.clear();
      byId.clear();
      await sharedData.stop();
    },
  };
}
