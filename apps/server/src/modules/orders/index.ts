import type { IndexName, IndexTable } from '@xtrader/core';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { BrokerRegistry } from '../brokers/broker';
import type { InstrumentDirectory } from '../instruments/contract';
import type { MarketData, PriceView } from '../market/contract';
import type { AppModule } from '../module';
import './bus-events';
import { createOrderEngine, type OrderEngine } from './engine';
import type { PacerTime } from './pacer';
import { registerOrderRoutes } from './routes';
import { createOrdersService, type OrdersService, type PlacementGuard } from './service';
import { createOrderStore } from './store';

export type { SquareOffAck, SquareOffExit } from './exits';
export { orderIdFor } from './ids';
export type { OrdersService, PlacementGuard } from './service';

export interface OrdersModuleDeps {
  /** `dialect` 'sqlite' (one process owns the database) lets the store keep working orders in memory. */
  resources: Pick<Resources, 'clock' | 'logger' | 'bus' | 'db'> & Partial<Pick<Resources, 'dialect'>>;
  registry: BrokerRegistry;
  marketData: MarketData;
  instruments: InstrumentDirectory;
  /** The auth module's hook: 401 unless the caller is logged in; sets `request.user`. */
  requireUser: preHandlerAsyncHookHandler;
  /** The prices a user trades on: `practice` for Practice Mode (PAPERTRADE) users, `live` otherwise. */
  priceViewFor(userId: string): Promise<PriceView>;
  /** Run before POST /order and /order/iceberg place anything (entitlement, risk); each may throw to refuse. */
  placementGuards?: PlacementGuard[];
  indexTable?: IndexTable;
  pacerTime?: PacerTime;
  /** The user's trigger/limit difference of an index (settings' SLTriggerPriceDifference), for stop-limit prices. */
  stopLimitOffsetFor?(userId: string, index: IndexName): Promise<number | undefined>;
}

/** The order manager: every order action and workflow, the order lists, and recovery after a restart. */
export interface OrdersModule extends AppModule {
  readonly service: OrdersService;
  /** The engine's shared parts (tests reach in to wait for quiet or inspect the store). */
  readonly engine: OrderEngine;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createOrdersModule(deps: OrdersModuleDeps): OrdersModule {
  const { clock, logger, bus, db, dialect } = deps.resources;
  const engine = createOrderEngine({
    clock,
    logger,
    bus,
    store: createOrderStore(db, { keepWorkingOrders: dialect === 'sqlite' }),
    registry: deps.registry,
    marketData: deps.marketData,
    instruments: deps.instruments,
    priceViewFor: deps.priceViewFor,
    ...(deps.indexTable ? { indexTable: deps.indexTable } : {}),
    ...(deps.pacerTime ? { pacerTime: deps.pacerTime } : {}),
    ...(deps.stopLimitOffsetFor ? { stopLimitOffsetFor: deps.stopLimitOffsetFor } : {}),
  });
  const service = createOrdersService(engine, deps.placementGuards ?? []);
  return {
    name: 'orders',
    service,
    engine,
    registerRoutes(app) {
      registerOrderRoutes(app, { orders: service, requireUser: deps.requireUser });
    },
    async start() {
      engine.trailing.start();
      await service.recover();
    },
    async close() {
      engine.trailing.stop();
      engine.repairs.stop();
      engine.sessions.close();
      await engine.tracker.idle();
    },
  };
}
