import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../resources';
import type { MarketData } from '../market/contract';
import type { AppModule } from '../module';
import type { InstrumentCatalog } from './catalog';
import type { InstrumentDirectory } from './contract';
import type { ListedContract } from './listed-rows';
import { type PricesOfUser, registerInstrumentRoutes } from './routes';
import { createInstrumentService, type InstrumentService } from './service';
import { type StoredListed, shareListedContracts } from './shared-listed';
import { createInstrumentStore } from './store';

export { InstrumentCatalog } from './catalog';
export type { InstrumentDirectory, InstrumentRecord } from './contract';

export interface InstrumentsModuleDeps {
  /** Shared with the market feed, which prices the contracts it lists. */
  catalog: InstrumentCatalog;
  quotes: Pick<MarketData, 'getQuote'>;
  /** Contracts held (open positions, working orders): a rebuilt generated master keeps them until they expire. */
  heldSymbols?: () => Iterable<string> | Promise<Iterable<string>>;
  requireUser: preHandlerAsyncHookHandler;
  /** Each caller's own price source and view: the prices the lists show are theirs. */
  pricesOf: PricesOfUser;
  /** The linked brokers' masters kept in the store (XT_INSTRUMENTS_SOURCE=auto), shared by every instance. */
  storedListed?: StoredListed;
}

export interface InstrumentsModule extends AppModule {
  readonly directory: InstrumentDirectory;
  readonly service: InstrumentService;
  /** A broker's day's master loaded here: adopted, and announced to the other instances. */
  adoptListed(broker: string, contracts: readonly ListedContract[]): Promise<boolean>;
}

/** How often to check whether the master must be rebuilt (new IST day, a contract expired at its close). */
const REFRESH_CHECK_MS = 5 * 60_000;

/** The instrument master: built at start, rebuilt daily and after each expiry, served from memory. */
export function createInstrumentsModule(
  resources: Resources,
  deps: InstrumentsModuleDeps,
): InstrumentsModule {
  const { config, clock, logger, db } = resources;
  const service = createInstrumentService({
    catalog: deps.catalog,
    store: createInstrumentStore(db),
    clock,
    logger,
    csvSource: config.instrumentsCsv,
    fromBrokerMasters: config.instrumentsFromBrokers,
    quotes: deps.quotes,
    ...(deps.heldSymbols ? { heldSymbols: deps.heldSymbols } : {}),
  });
  const shared = deps.storedListed
    ? shareListedContracts({
        bus: resources.bus,
        instanceId: config.instanceId,
        logger,
        service,
        stored: deps.storedListed,
      })
    : undefined;
  let stopListening: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let builtVersion = '';
  let refreshing: Promise<unknown> | undefined;

  const refreshIfStale = () => {
    const version = service.masterVersion();
    if (version === builtVersion || refreshing) return;
    refreshing = service
      .refresh()
      .then(() => {
        builtVersion = version;
      })
      .catch((error: unknown) => logger.error({ err: error }, 'instrument master refresh failed'))
      .finally(() => {
        refreshing = undefined;
      });
  };

  return {
    name: 'instruments',
    directory: deps.catalog,
    service,
    adoptListed: (broker, contracts) =>
      shared ? shared.adopt(broker, contracts) : service.adoptListed(broker, contracts),
    registerRoutes(app) {
      registerInstrumentRoutes(app, { service, requireUser: deps.requireUser, pricesOf: deps.pricesOf });
    },
    async start() {
      builtVersion = service.masterVersion();
      if (shared && config.instrumentsFromBrokers && !config.instrumentsCsv) {
        await shared.load();
        stopListening = shared.listen();
      }
      await service.refresh();
      timer = setInterval(refreshIfStale, REFRESH_CHECK_MS);
      timer.unref();
    },
    async close() {
      stopListening?.();
      if (timer) clearInterval(timer);
      await refreshing;
    },
  };
}
