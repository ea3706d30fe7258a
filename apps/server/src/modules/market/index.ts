import type { FeedStatus } from '@xtrader/core/api/market-feed';
import { isPracticeBroker, PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { INDEX_NAMES, INDEX_TABLE } from '@xtrader/core/market/indices';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type { AppModule } from '../module';
import {
  isPlatformFeed,
  type PriceFeed,
  type PriceView,
  type SourcedPrices,
  type UserPrices,
  type ViewOfUser,
} from './contract';
import { registerMarketDevRoutes } from './dev-routes';
import { registerMarketFeedRoutes } from './feed-routes';
import { feedStatus } from './feed-status';
import { createMarketData, type MarketDataService } from './market-data';
import { createPriceHolds } from './price-holds';
import { createPriceSources, type PriceSource, type PriceSources } from './price-sources';
import { createSourcedPrices } from './sourced-prices';

export type {
  BrokerPriceStreams,
  MarketData,
  PriceFeed,
  PriceHold,
  PriceSourceId,
  PriceView,
  Quote,
  RawTick,
  SourcedPrices,
  UserPrices,
  ViewOfUser,
} from './contract';
export { createConfiguredFeed } from './feeds';
export { ManualFeed } from './manual-feed';
export { createMarketData, type MarketDataService } from './market-data';
export type { PriceSource, PriceSources } from './price-sources';
export { singleSource } from './sourced-prices';

/** The prices one user sees: their source, in their view. */
export interface UserFeed {
  source: PriceSource;
  view: PriceView;
}

export interface MarketModule extends AppModule {
  /** The shared simulated source's data: the paper exchange, the instrument lists and the dev hook read it. */
  readonly marketData: MarketDataService;
  /** Every source's prices, per user: the order engine's and profit protection's reads (docs/market-data.md). */
  readonly prices: SourcedPrices;
  /** Every source: the shared one and users' own broker streams (brokers announce theirs here). */
  readonly sources: PriceSources;
  feedOf(userId: string): Promise<UserFeed>;
  /** The source and view of a user's automation (profit protection): their active broker's. */
  pricesOf(userId: string): Promise<UserPrices>;
  /** The user's feed health, of a contract or of the source (GET /market/feed). */
  feedStatusOf(userId: string, symbol?: string): Promise<FeedStatus>;
}

/** The header's indices (and every option's underlying, for IV and delta) always tick. */
const INDEX_OWNER = 'market:indices';
const INDEX_QUOTE_SYMBOLS = INDEX_NAMES.map((name) => INDEX_TABLE[name].displayName);

/**
 * Market data as a module: the shared feed and users' own broker sources, the indices kept ticking, the feed
 * health route and the dev price hook.
 */
export function createMarketModule(
  resources: Resources,
  deps: {
    feed: PriceFeed;
    directory: InstrumentDirectory;
    requireUser: preHandlerAsyncHookHandler;
    /** The user's active broker (PAPERTRADE in Practice Mode); null when none. */
    activeBrokerOf: (userId: string) => Promise<string | null>;
    /** Several instances: users' broker streams reach their sockets on every instance over the bus. */
    clustered?: boolean;
  },
): MarketModule {
  const shared = createMarketData(resources, deps.feed, deps.directory);
  const cluster = deps.clustered
    ? { bus: resources.bus, instanceId: resources.config.instanceId }
    : undefined;
  const sources = createPriceSources(
    resources,
    shared,
    deps.directory,
    isPlatformFeed(deps.feed) ? deps.feed : undefined,
    cluster,
  );
  const { market } = resources.config;
  const marketData = shared;
  const prices = createSourcedPrices(
    sources,
    createPriceHolds({
      quoteOf: (source, symbol, view) => sources.byId(source)?.data.getQuote(symbol, view),
      clock: resources.clock,
      practiceDelayMs: market.practiceDelayMs,
      staleAfterMs: market.staleTickMs,
    }),
    resources.logger,
  );

  const feedOf = async (userId: string): Promise<UserFeed> => {
    const active = await deps.activeBrokerOf(userId);
    return {
      source: sources.sourceFor(userId, active),
      view: isPracticeBroker(active) ? 'practice' : 'live',
    };
  };
  const pricesOf = async (userId: string): Promise<UserPrices> => {
    const active = await deps.activeBrokerOf(userId);
    return { source: sources.sourceFor(userId, active).id, view: viewOfBroker(active) };
  };
  const feedStatusOf = async (userId: string, symbol?: string) => {
    const { source, view } = await feedOf(userId);
    const timing = {
      now: resources.clock.now(),
      practiceDelayMs: market.practiceDelayMs,
      staleAfterMs: market.staleTickMs,
    };
    const status = feedStatus(source, view, timing, symbol, sources.sourceFor(userId, PRACTICE_BROKER_ID));
    return source.replay ? { ...status, replay: source.replay() } : status;
  };

  return {
    name: 'market',
    marketData,
    prices,
    sources,
    feedOf,
    pricesOf,
    feedStatusOf,
    registerRoutes(app) {
      registerMarketFeedRoutes(app, { statusOf: feedStatusOf, requireUser: deps.requireUser });
      // A test hook that moves prices for everyone: served only when asked for (XT_DEV_TOOLS).
      if (resources.config.devTools) {
        registerMarketDevRoutes(app, { market: marketData, requireUser: deps.requireUser });
      }
    },
    async start() {
      await sources.start();
      marketData.retain(INDEX_OWNER, INDEX_QUOTE_SYMBOLS);
    },
    async drain() {
      // In a cluster, another instance takes the price stream over now rather than when the lease expires.
      await deps.feed.handOver?.();
    },
    async close() {
      marketData.release(INDEX_OWNER);
      prices.stop();
      await sources.stop();
    },
  };
}

/** Practice Mode (broker PAPERTRADE) reads the delayed `practice` view; every other broker, and none, `live`. */
export const viewOfBroker = (brokerId: string | null): PriceView =>
  isPracticeBroker(brokerId) ? 'practice' : 'live';

/** The view of a user: that of their active broker. */
export const viewOfActiveBroker =
  (activeBrokerOf: (userId: string) => Promise<string | null>): ViewOfUser =>
  async (userId) =>
    viewOfBroker(await activeBrokerOf(userId));
