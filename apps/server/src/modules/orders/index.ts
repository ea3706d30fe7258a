import type { IndexName, IndexTable } from '@xtrader/core/market/indices';
import { isFinalStatus } from '@xtrader/core/orders/order-status';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { OrderAuditHooks } from '../audit/order-hooks';
import type { BrokerRegistry } from '../brokers/broker';
import type { InstrumentDirectory } from '../instruments/contract';
import type { MarketData, PriceView, SourcedPrices } from '../market/contract';
import { singleSource } from '../market/sourced-prices';
import type { AppModule } from '../module';
import { announceChange } from './state/announce';
import './bus-events';
import { createOrderContext, type OrderContext } from './context/context';
import type { PacerTime } from './context/pacer';
import { createOrderStore } from './model/store';
import { noticeLostProtection } from './protection/protection';
import { createRepairAnnouncer, repairFamily } from './recovery/repair';
import { createRepairList, type RepairList } from './recovery/repair-list';
import { type FillTimeListener, type PlacementTimingListener, registerOrderRoutes } from './routes';
import {
  createOrdersService,
  type OrdersService,
  type PlacementGuard,
  type PlacementListener,
} from './service';
import { followPart } from './state/group-follow';
import { handleBrokerUpdate } from './state/updates';
import { createExitChaser } from './trailing/chaser';
import { createTrailingMonitor, type TrailingMonitor } from './trailing/trailing-monitor';
import { scheduleEvaluation } from './workflows/workflows';

export type { SquareOffAck, SquareOffExit } from './commands/exits';
export { orderIdFor } from './model/ids';
export type { FillTimeListener, PlacementTiming, PlacementTimingListener } from './routes';
export type { OrdersService, PlacementGuard, PlacementListener } from './service';

export interface OrdersModuleDeps {
  /** `dialect` 'sqlite' (one process owns the database) lets the store keep working orders in memory. */
  resources: Pick<Resources, 'clock' | 'logger' | 'bus' | 'db'> &
    Partial<Pick<Resources, 'dialect' | 'ownership'>>;
  registry: BrokerRegistry;
  /** The shared prices; every order reads them unless `prices` is given. */
  marketData: MarketData;
  /** Users' own price sources (the market module's): each order reads its user's source at its broker. */
  prices?: SourcedPrices;
  instruments: InstrumentDirectory;
  /** The auth module's hook: 401 unless the caller is logged in; sets `request.user`. */
  requireUser: preHandlerAsyncHookHandler;
  /** The prices orders at a broker trade on: `practice` for Practice Mode (PAPERTRADE), `live` otherwise. */
  priceViewOf(brokerId: string): PriceView;
  /** Run before POST /order and /order/iceberg place anything (entitlement, risk); each may throw to refuse. */
  placementGuards?: PlacementGuard[];
  /** Told of every order placed through POST /order (the discipline rules count trades with it). */
  placementListeners?: PlacementListener[];
  indexTable?: IndexTable;
  pacerTime?: PacerTime;
  /** The user's trigger/limit difference of an index (settings' SLTriggerPriceDifference), for stop-limit prices. */
  stopLimitOffsetFor?(userId: string, index: IndexName): Promise<number | undefined>;
  /** The audit trail: requests, broker calls and answers, broker updates and state changes are appended to it. */
  audit?: OrderAuditHooks;
  /** The execution journal: told of each order placed with a key press time, never awaited. */
  placementTimings?: PlacementTimingListener;
  /** The execution journal: told of each fill as it is booked (only appends in memory; nothing is awaited). */
  fillTimes?: FillTimeListener;
}

/** The order manager: every order action and workflow, the order lists, and recovery after a restart. */
export interface OrdersModule extends AppModule {
  readonly service: OrdersService;
  /** The shared infrastructure (tests reach in to wait for quiet or inspect the store). */
  readonly context: OrderContext;
  /** Local trailing and held stops: the orders whose prices are watched. */
  readonly trailing: TrailingMonitor;
  /** Families whose update or workflow step failed past its retries, repaired until their rules ran through. */
  readonly repairs: RepairList;
  /** Another instance runs the user's engine now: stop watching their prices and hearing their sessions here. */
  releaseUser(userId: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The order flow, top to bottom. A key press arrives as a route (routes.ts) and becomes a service call
 * (service.ts): placement (placement/) stores the orders and sends them through the pacer to the user's broker
 * session (sending/). Everything after that is driven by the event stream wired here:
 *
 *   broker.update   -> the update handler books it: transition -> store -> 'order.changed'
 *   order.changed   -> publish it; a final order stops being watched; a part moves its group; a protective order
 *                      the broker ended on its own is announced and its stop held by the server (protection/)
 *   family.touched  -> the workflow runner evaluates the family (brackets, covers, follow-ups, icebergs) and sends
 *                      what its rules create
 *   stop.watch/unwatch -> the trailing system watches prices of locally trailed and held stops
 *   exit.chase      -> the exit chaser re-prices a chasing exit limit on the best bid/ask
 *   repair.needed   -> the repair list retries the family until its rules ran through
 *
 * On start, recovery brings every stored order up to date with its broker and resumes its workflows.
 */
export function createOrdersModule(deps: OrdersModuleDeps): OrdersModule {
  const { clock, logger, bus, db, dialect, ownership } = deps.resources;
  const { audit } = deps;
  const ctx = createOrderContext({
    clock,
    logger,
    bus,
    store: createOrderStore(db, {
      keepWorkingOrders: dialect === 'sqlite',
      // Clustered, every write of a user's orders proves this instance still owns the user (docs/cluster.md).
      ...(ownership?.clustered ? { fence: ownership.fence } : {}),
    }),
    registry: audit ? audit.registry(deps.registry) : deps.registry,
    prices: deps.prices ?? singleSource(deps.marketData),
    instruments: deps.instruments,
    priceViewOf: deps.priceViewOf,
    ...(deps.indexTable ? { indexTable: deps.indexTable } : {}),
    ...(deps.pacerTime ? { pacerTime: deps.pacerTime } : {}),
    ...(deps.stopLimitOffsetFor ? { stopLimitOffsetFor: deps.stopLimitOffsetFor } : {}),
  });
  const trailing = createTrailingMonitor(ctx);
  const chaser = createExitChaser(ctx);
  const announcer = createRepairAnnouncer(ctx);
  const repairs = createRepairList(
    {
      repair: (entry) => repairFamily(ctx, entry),
      entered: (entry) => void ctx.tracker.track(announcer.entered(entry)),
      repaired: (entry) => void ctx.tracker.track(announcer.repaired(entry)),
    },
    { logger, tracker: ctx.tracker },
  );

  const { events } = ctx;
  // The audit trail listens first, so its lines follow cause then effect (it only appends: nothing is awaited).
  if (audit) {
    events.on('broker.update', ({ update }) => audit.brokerUpdate(update));
    events.on('order.changed', (change) => audit.stateChange(change));
  }
  const { fillTimes } = deps;
  if (fillTimes) {
    events.on('order.changed', ({ after, event }) => {
      if (event.type === 'fill') fillTimes(after.userId, after.groupId ?? after.id);
    });
  }
  events.on('broker.update', ({ session, update }) => handleBrokerUpdate(ctx, session, update));
  events.on('order.changed', (change) => announceChange(ctx, change));
  events.on('order.changed', ({ after }) => {
    if (isFinalStatus(after.state)) {
      trailing.forget(after.id);
      chaser.forget(after.id);
    }
  });
  events.on('order.changed', (change) => followPart(ctx, change));
  events.on('order.changed', (change) => noticeLostProtection(ctx, change));
  events.on('family.touched', ({ userId, rootId }) => scheduleEvaluation(ctx, userId, rootId));
  events.on('stop.watch', ({ order }) => trailing.watch(order));
  events.on('stop.unwatch', ({ orderId }) => trailing.forget(orderId));
  events.on('exit.chase', ({ order }) => chaser.watch(order));
  events.on('repair.needed', ({ entry, error }) => repairs.enlist(entry, error));

  const service = createOrdersService(ctx, deps.placementGuards ?? [], deps.placementListeners ?? []);
  return {
    name: 'orders',
    userEngine: true,
    service,
    context: ctx,
    trailing,
    repairs,
    registerRoutes(app) {
      if (audit) {
        app.addHook('onSend', audit.onSend);
      }
      registerOrderRoutes(app, {
        orders: service,
        requireUser: deps.requireUser,
        now: () => clock.now(),
        ...(deps.placementTimings ? { placementTimings: deps.placementTimings } : {}),
      });
    },
    async releaseUser(userId) {
      trailing.forgetUser(userId);
      chaser.forgetUser(userId);
      ctx.sessions.drop(userId);
      await ctx.tracker.idle(userId);
    },
    async start() {
      trailing.start();
      chaser.start();
      // Clustered, no user is owned yet: each is recovered (`service.resync`) when this instance takes them.
      if (!ownership?.clustered) await service.recover();
    },
    async close() {
      trailing.stop();
      chaser.stop();
      repairs.stop();
      ctx.sessions.close();
      await ctx.tracker.idle();
    },
  };
}
