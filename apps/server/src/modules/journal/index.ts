import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { InstrumentDirectory } from '../instruments/contract';
import type { AppModule } from '../module';
import type { FillTimeListener, PlacementTimingListener } from '../orders/routes';
import { createJournalRecorder } from './recorder';
import { registerJournalRoutes } from './routes';

/** The execution journal: UI orders' latencies and slippage, the day's round trips with notes, CSV, equity curve. */
export interface JournalModule extends AppModule {
  /** What the order routes tell of each order placed with a key press time. */
  readonly placementTimings: PlacementTimingListener;
  /** What the order manager tells of each fill booked. */
  readonly fillTimes: FillTimeListener;
}

export function createJournalModule(
  resources: Pick<Resources, 'db' | 'clock' | 'logger'>,
  deps: {
    requireUser: preHandlerAsyncHookHandler;
    instruments: Pick<InstrumentDirectory, 'bySymbol'>;
    brokeragePerOrder: number;
  },
): JournalModule {
  const { db, clock, logger } = resources;
  const recorder = createJournalRecorder(db, logger, clock);
  return {
    name: 'journal',
    placementTimings: recorder.placed,
    fillTimes: recorder.filled,
    registerRoutes(app) {
      registerJournalRoutes(app, { db, clock, ...deps });
    },
  };
}
