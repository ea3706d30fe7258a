import { isPracticeBroker } from '@xtrader/core/brokers/ids';
import { INDEX_NAMES, INDEX_TABLE } from '@xtrader/core/market/indices';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type { AppModule } from '../module';
import type { PriceFeed, PriceView, ViewOfUser } from './contract';
import { registerMarketDevRoutes } from './dev-routes';
import { createMarketData, type MarketDataService } from './market-data';

export type { MarketData, PriceFeed, PriceView, Quote, RawTick, ViewOfUser } from './contract';
export { createConfiguredFeed } from './feeds';
export { ManualFeed } from './manual-feed';
export { createMarketData, type MarketDataService } from './market-data';

export interface MarketModule extends AppModule {
  readonly marketData: MarketDataService;
}

/** The header's indices (and every option's underlying, for IV and delta) always tick. */
const INDEX_OWNER = 'market:indices';
const INDEX_QUOTE_SYMBOLS = INDEX_NAMES.map((name) => INDEX_TABLE[name].displayName);

/** Market data as a module: starts the feed, keeps the indices ticking, and the dev price hook. */
export function createMarketModule(
  resources: Resources,
  deps: { feed: PriceFeed; directory: InstrumentDirectory; requireUser: preHandlerAsyncHookHandler },
): MarketModule {
  const marketData = createMarketData(resources, deps.feed, deps.directory);
  return {
    name: 'market',
    marketData,
    registerRoutes(app) {
      // A test hook that moves prices for everyone: served only when asked for (XT_DEV_TOOLS).
      if (resources.config.devTools) {
        registerMarketDevRoutes(app, { market: marketData, requireUser: deps.requireUser });
      }
    },
    async start() {
      await marketData.start();
      marketData.retain(INDEX_OWNER, INDEX_QUOTE_SYMBOLS);
    },
    async close() {
      marketData.release(INDEX_OWNER);
      await marketData.stop();
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
