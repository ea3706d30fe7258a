import type { IndexTable } from '@xtrader/core/market/indices';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { BrokerSession } from '../brokers/broker';
import type { InstrumentDirectory } from '../instruments/contract';
import type { PriceSources } from '../market/price-sources';
import type { AppModule } from '../module';
import type { RecordingStore } from '../recording/store';
import { createDayCatalog } from './day-catalog';
import { registerReplayRoutes } from './routes';
import { createReplayService, type ReplayService } from './service';

export type { ReplayService, ReplaySwitchHandler } from './service';

export interface ReplayModule extends AppModule {
  readonly service: ReplayService;
}

/** Practice session replay (docs/paper-broker.md): the routes and the running replays. */
export function createReplayModule(
  resources: Resources,
  deps: {
    requireUser: preHandlerAsyncHookHandler;
    recordings: RecordingStore | undefined;
    sources: Pick<PriceSources, 'setReplay'>;
    activeBrokerOf(userId: string): Promise<string | null>;
    practiceSession(userId: string): BrokerSession;
    directory: InstrumentDirectory;
    indexTable: IndexTable;
    paperSettings: { capital: number; squareOffTime: (date: string) => { hour: number; minute: number } };
  },
): ReplayModule {
  const service = createReplayService({
    resources,
    catalog: createDayCatalog({ store: deps.recordings, clock: resources.clock }),
    sources: deps.sources,
    activeBrokerOf: deps.activeBrokerOf,
    practiceSession: deps.practiceSession,
    directory: deps.directory,
    indexTable: deps.indexTable,
    paper: deps.paperSettings,
  });
  return {
    name: 'replay',
    service,
    registerRoutes(app) {
      registerReplayRoutes(app, { replay: service, requireUser: deps.requireUser });
    },
    close: () => service.close(),
  };
}
