import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { INDEX_TABLE, type IndexTable } from '@xtrader/core/market/indices';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type { MarketData, SourcedPrices } from '../market/contract';
import type { AppModule } from '../module';
import {
  type BrokerLinks,
  type BrokerReconnect,
  createBrokerLinks,
  createBrokerReconnect,
  registerReconnectRoute,
} from './links/index';
import { PaperExchange } from './paper/exchange';
import type { PaperSettings } from './paper/exchange-core';
import { squareOffTimeOf } from './paper/square-off';
import { createPracticeModeService, type PracticeModeService } from './practice-mode';
import { registerBrokerRoutes } from './practice-routes';
import { AdapterRegistry, type BrokerAdapterFactory } from './registry';

export type { BrokerRegistry, BrokerSession } from './broker';
export type { ActiveBrokerDirectory, BrokerLinks, BrokerReconnect, ReconnectHandler } from './links/index';
export { PaperExchange } from './paper/exchange';
export { PAPER_CAPABILITIES } from './paper/session';
export type { FundsResetHandler, PracticeModeService } from './practice-mode';
export { AdapterRegistry, type BrokerAdapterFactory } from './registry';

export interface BrokersModuleDeps {
  requireUser: preHandlerAsyncHookHandler;
  marketData: MarketData;
  /** Every source's prices: each paper account fills at its user's Practice Mode source; `marketData` alone without. */
  prices?: SourcedPrices;
  instruments: InstrumentDirectory;
  /** Lot and freeze sizes with deployment overrides; core's table by default. */
  indexTable?: IndexTable;
  /** The one owner of users' broker links and active broker; the users table by default. */
  links?: BrokerLinks;
  /** Live broker adapters by broker id (ZERODHA, IIFL, ...), registered beside PAPERTRADE. */
  adapters?: Readonly<Record<string, BrokerAdapterFactory>>;
}

/** The brokers module: the registry the order engine trades through, the paper exchange, Practice Mode calls. */
export interface BrokersModule extends AppModule {
  readonly registry: AdapterRegistry;
  readonly paper: PaperExchange;
  readonly practiceMode: PracticeModeService;
  /** Users' broker links and active broker, and reconnect of the active broker's session. */
  readonly links: BrokerLinks & BrokerReconnect;
  /**
   * Routes a Practice user's trading, and the charges of their executed orders, to another paper exchange while
   * it answers one (a session replay's own account, modules/replay), and to the Practice exchange otherwise.
   */
  usePracticeExchangeOf(find: (userId: string) => PaperExchange | undefined): void;
}

/** The paper exchange's settings from config (a session replay's own exchange takes them too). */
export function paperSettings(config: Resources['config']): PaperSettings {
  return {
    capital: config.paper.capital,
    squareOffTime: squareOffTimeOf(config.paper.squareOffTime),
    followsMarketHours: config.market.simMarketHours,
    brokeragePerOrder: config.paper.brokeragePerOrder,
  };
}

export function createBrokersModule(resources: Resources, deps: BrokersModuleDeps): BrokersModule {
  const { db, clock, logger, config, ownership } = resources;
  const stored = deps.links ?? createBrokerLinks(db, clock);
  const paper = new PaperExchange({
    db,
    clock,
    logger,
    marketData: deps.marketData,
    ...(deps.prices ? { prices: deps.prices } : {}),
    instruments: deps.instruments,
    indexTable: deps.indexTable ?? INDEX_TABLE,
    settings: paperSettings(config),
    // Clustered, each instance keeps (and matches) only the paper accounts of the users it owns.
    ...(ownership.clustered ? { owns: ownership.owns, fence: ownership.fence } : {}),
  });
  const registry = new AdapterRegistry({ activeBrokerOf: (userId) => stored.activeBrokerOf(userId) });
  let practiceExchangeOf: (userId: string) => PaperExchange | undefined = () => undefined;
  const exchangeOf = (userId: string): PaperExchange => practiceExchangeOf(userId) ?? paper;
  registry.register(PRACTICE_BROKER_ID, (userId) => exchangeOf(userId).sessionFor(userId));
  for (const [brokerId, factory] of Object.entries(deps.adapters ?? {})) registry.register(brokerId, factory);
  const practiceMode = createPracticeModeService({ brokers: stored, paper });
  const links: BrokerLinks & BrokerReconnect = { ...stored, ...createBrokerReconnect(registry) };

  return {
    name: 'brokers',
    userEngine: true,
    registry,
    paper,
    practiceMode,
    links,
    usePracticeExchangeOf(find) {
      practiceExchangeOf = find;
    },
    registerRoutes(app) {
      registerBrokerRoutes(app, {
        practiceMode,
        paper,
        // The executed orders the user sees are those of the exchange they trade on: their charges too.
        orderCharges: (userId) => exchangeOf(userId).orderCharges(userId),
        requireUser: deps.requireUser,
        devTools: config.devTools,
      });
      registerReconnectRoute(app, { links, requireUser: deps.requireUser });
    },
    start: () => paper.start(),
    close: () => paper.close(),
  };
}
