import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { INDEX_TABLE, type IndexTable } from '@xtrader/core/market/indices';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type { MarketData } from '../market/contract';
import type { AppModule } from '../module';
import { type ActiveBrokerDirectory, createUsersActiveBroker } from './active-broker';
import { PaperExchange } from './paper/exchange';
import type { PaperSettings } from './paper/exchange-core';
import { squareOffTimeOf } from './paper/square-off';
import { createPracticeModeService, type PracticeModeService } from './practice-mode';
import { registerBrokerRoutes } from './practice-routes';
import { AdapterRegistry, type BrokerAdapterFactory } from './registry';

export type { ActiveBrokerDirectory } from './active-broker';
export type { BrokerRegistry, BrokerSession } from './broker';
export { PaperExchange } from './paper/exchange';
export { PAPER_CAPABILITIES } from './paper/session';
export type { FundsResetHandler, PracticeModeService, ReconnectHandler } from './practice-mode';
export { AdapterRegistry, type BrokerAdapterFactory } from './registry';

export interface BrokersModuleDeps {
  requireUser: preHandlerAsyncHookHandler;
  marketData: MarketData;
  instruments: InstrumentDirectory;
  /** Lot and freeze sizes with deployment overrides; core's table by default. */
  indexTable?: IndexTable;
  /** Where users' active broker lives; the users table by default. */
  activeBrokers?: ActiveBrokerDirectory;
  /** Live broker adapters by broker id (ZERODHA, IIFL, ...), registered beside PAPERTRADE. */
  adapters?: Readonly<Record<string, BrokerAdapterFactory>>;
}

/** The brokers module: the registry the order engine trades through, the paper exchange, Practice Mode calls. */
export interface BrokersModule extends AppModule {
  readonly registry: AdapterRegistry;
  readonly paper: PaperExchange;
  readonly practiceMode: PracticeModeService;
  readonly activeBrokers: ActiveBrokerDirectory;
}

function paperSettings(config: Resources['config']): PaperSettings {
  return {
    capital: config.paper.capital,
    squareOffTime: squareOffTimeOf(config.paper.squareOffTime),
    followsMarketHours: config.market.simMarketHours,
  };
}

export function createBrokersModule(resources: Resources, deps: BrokersModuleDeps): BrokersModule {
  const { db, clock, logger, config } = resources;
  const activeBrokers = deps.activeBrokers ?? createUsersActiveBroker(db, clock);
  const paper = new PaperExchange({
    db,
    clock,
    logger,
    marketData: deps.marketData,
    instruments: deps.instruments,
    indexTable: deps.indexTable ?? INDEX_TABLE,
    settings: paperSettings(config),
  });
  const registry = new AdapterRegistry({ activeBrokerOf: (userId) => activeBrokers.activeBrokerOf(userId) });
  registry.register(PRACTICE_BROKER_ID, (userId) => paper.sessionFor(userId));
  for (const [brokerId, factory] of Object.entries(deps.adapters ?? {})) registry.register(brokerId, factory);
  const practiceMode = createPracticeModeService({ brokers: activeBrokers, paper, registry });

  return {
    name: 'brokers',
    registry,
    paper,
    practiceMode,
    activeBrokers,
    registerRoutes(app) {
      registerBrokerRoutes(app, { practiceMode, requireUser: deps.requireUser });
    },
    start: () => paper.start(),
    close: () => paper.close(),
  };
}
