import type { IndexTable } from '@xtrader/core/market/indices';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { BrokerRegistry } from '../brokers/broker';
import type { InstrumentDirectory } from '../instruments/contract';
import type { MarketData, ViewOfUser } from '../market/contract';
import type { AppModule } from '../module';
import { registerPortfolioRoutes } from './routes';
import { createPortfolioService, type PortfolioService } from './service';

export { PORTFOLIO_MESSAGES, type PortfolioService } from './service';

export interface PortfolioModuleDeps {
  requireUser: preHandlerAsyncHookHandler;
  registry: BrokerRegistry;
  marketData: Pick<MarketData, 'getQuote'>;
  instruments: InstrumentDirectory;
  viewOf: ViewOfUser;
  /** The user's own price source's quotes (a linked broker's stream), else the shared feed's. */
  quotesOf?: (userId: string) => Promise<Pick<MarketData, 'getQuote'>>;
  indexTable?: IndexTable;
}

export interface PortfolioModule extends AppModule {
  readonly service: PortfolioService;
}

/** Positions and funds of the caller's active broker. */
export function createPortfolioModule(deps: PortfolioModuleDeps): PortfolioModule {
  const service = createPortfolioService(deps);
  return {
    name: 'portfolio',
    userEngine: true,
    service,
    registerRoutes(app) {
      registerPortfolioRoutes(app, { portfolio: service, requireUser: deps.requireUser });
    },
  };
}
