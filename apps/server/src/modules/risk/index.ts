import type { preHandlerAsyncHookHandler } from 'fastify';
import type { WaitingClock } from '../../clock';
import type { Resources } from '../../resources';
import type { MarketData, SourcedPrices } from '../market/contract';
import { singleSource } from '../market/sourced-prices';
import type { AppModule } from '../module';
import { createActivityWaits } from './activity-waits';
import { createCloseAll } from './close-all';
import { createMtmReader } from './current-mtm';
import { createKillSwitch, type KillSwitchOptions } from './kill-switch';
import { createProfitProtectionMonitor, type ProfitProtectionMonitor } from './monitor';
import type { ExitPort, LoggedInCheck, OrderActivitySource, PositionSource, PricesOf } from './ports';
import type { KillRecord } from './record';
import { registerRiskRoutes } from './routes';
import { createProfitProtectionService, type ProfitProtectionService } from './service';
import { createRiskStore } from './store';

export { busOrderActivity, orderManagerExits, registryPositions } from './adapters';
export type {
  ExitAck,
  ExitPort,
  ExitRequest,
  ExitState,
  OrderActivitySource,
  PositionSource,
  PricesOf,
} from './ports';

/** What the risk module is built from: the auth guard, market data, and the order engine behind small ports. */
export interface RiskModuleDeps {
  requireUser: preHandlerAsyncHookHandler;
  /** Whether this instance runs the user's engine (cluster/ownership.ts); only owned users are watched. */
  owns?: (userId: string) => boolean;
  /** The shared prices; every user's MTM reads them unless `prices` is given. */
  marketData: MarketData;
  /** Users' own price sources (the market module's): each user's MTM reads the source `pricesOf` names. */
  prices?: SourcedPrices;
  positions: PositionSource;
  pricesOf: PricesOf;
  activity: OrderActivitySource;
  exits: ExitPort;
  /** Profit protection acts only for a logged-in user; without this check every user counts as logged in. */
  loggedIn?: LoggedInCheck;
  killSwitch?: { options?: Partial<KillSwitchOptions>; timing?: WaitingClock };
}

export interface RiskModule extends AppModule {
  readonly service: ProfitProtectionService;
  readonly monitor: ProfitProtectionMonitor;
  /**
   * Cancels every open order and squares off every open intraday position of the user now (the kill switch's
   * path, not stored); run it on the user's engine owner. Resolves with the outcome.
   */
  closeAll(userId: string, marketProtection: number): Promise<KillRecord>;
}

/** Profit protection: the settings API, the tick-driven monitor with MTM trailing, and the kill switch. */
export function createRiskModule(
  resources: Pick<Resources, 'db' | 'bus' | 'clock' | 'logger'>,
  deps: RiskModuleDeps,
): RiskModule {
  const { db, bus, clock, logger } = resources;
  const store = createRiskStore(db);
  const waits = createActivityWaits(deps.activity);
  const killSwitch = createKillSwitch({
    exits: deps.exits,
    positions: deps.positions,
    saveKill: (userId, kill) => store.saveKill(userId, kill, clock.now()),
    waitForActivity: waits.wait,
    clock,
    logger,
    ...deps.killSwitch,
  });
  // The same square-off for the trader's own close-all, whose progress is not stored (close-all.ts).
  const closeAll = createCloseAll({
    killSwitch: createKillSwitch({
      exits: deps.exits,
      positions: deps.positions,
      saveKill: async () => undefined,
      waitForActivity: waits.wait,
      clock,
      logger,
      ...deps.killSwitch,
    }),
    clock,
  });
  const prices = deps.prices ?? singleSource(deps.marketData);
  const monitor = createProfitProtectionMonitor({ ...deps, prices, store, killSwitch, bus, clock, logger });
  const service = createProfitProtectionService({
    store,
    currentMtm: createMtmReader({ ...deps, prices }),
    onSaved: (record) => monitor.apply(record),
    clock,
  });

  return {
    name: 'risk',
    userEngine: true,
    service,
    monitor,
    closeAll,
    registerRoutes(app) {
      registerRiskRoutes(app, { service, requireUser: deps.requireUser });
    },
    async start() {
      waits.start();
      await monitor.start();
    },
    async close() {
      waits.close();
      await monitor.close();
    },
  };
}
