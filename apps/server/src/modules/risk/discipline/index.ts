import type { DisciplineSettings } from '@xtrader/core/risk/discipline';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../../resources';
import type { SourcedPrices } from '../../market/contract';
import type { AppModule } from '../../module';
import type { PlacementGuard, PlacementListener } from '../../orders/index';
import { createMtmReader } from '../current-mtm';
import type { OrderActivitySource, PositionSource, PricesOf } from '../ports';
import { createStoredDisciplineDays } from './days';
import { createDiscipline, type Discipline } from './discipline';
import { registerDisciplineRoutes } from './routes';

export interface DisciplineModuleDeps {
  requireUser: preHandlerAsyncHookHandler;
  /** Calls the handler when a user's settings were saved (the bus's 'settings.saved'): the kept copy is dropped. */
  onSettingsSaved(handler: (userId: string) => void): () => void;
  settingsOf(userId: string): Promise<DisciplineSettings>;
  positions: PositionSource;
  pricesOf: PricesOf;
  prices: SourcedPrices;
  activity: OrderActivitySource;
}

export interface DisciplineModule extends AppModule {
  readonly discipline: Discipline;
  /** For the order manager's placementGuards. */
  readonly guard: PlacementGuard;
  /** For the order manager's placementListeners. */
  readonly placed: PlacementListener;
}

/** The trader's discipline rules: built before the order manager, whose placements it guards and counts. */
export function createDisciplineModule(
  resources: Pick<Resources, 'clock' | 'logger' | 'db' | 'ownership'>,
  deps: DisciplineModuleDeps,
): DisciplineModule {
  const discipline = createDiscipline({
    ...deps,
    mtmOf: createMtmReader(deps),
    clock: resources.clock,
    logger: resources.logger,
    // In the store: a lock for the day holds after a restart and on every instance. Kept in memory where the
    // user's engine runs (their orders are guarded there), dropped when it moves.
    days: createStoredDisciplineDays(resources.db, () => resources.clock.now(), resources.ownership.owns),
    owns: resources.ownership.owns,
  });
  resources.ownership.onLost(async (userId) => discipline.forgetUser(userId));
  let stops: Array<() => void> = [];
  return {
    name: 'discipline',
    discipline,
    guard: (userId, brokerId, body) => discipline.guard(userId, brokerId, body),
    // The order is placed already: a failed count is logged, never turned into a failed order.
    placed: (userId, orderId) =>
      discipline
        .placed(userId, orderId)
        .catch((error: unknown) =>
          resources.logger.error({ err: error, userId, orderId }, 'discipline: counting an order failed'),
        ),
    registerRoutes(app) {
      registerDisciplineRoutes(app, { discipline, requireUser: deps.requireUser });
    },
    async start() {
      stops = [discipline.start(), deps.onSettingsSaved((userId) => discipline.forgetSettings(userId))];
    },
    async close() {
      for (const stop of stops) stop();
    },
  };
}
