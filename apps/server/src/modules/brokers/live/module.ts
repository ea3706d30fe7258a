import type { BrokerKey, BrokerStatus } from '@xtrader/core/api/brokers';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../../resources';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerPriceStreams } from '../../market/contract';
import type { AppModule } from '../../module';
import type { BrokerSession } from '../broker';
import { createIiflService, type IiflService } from '../iifl/service';
import { createBrokerLinks } from '../links/broker-links';
import type { ListedContractsSink } from '../live-kit/instrument-master';
import { type AccountLinks, type CredentialVault, createCredentialVault } from '../vault';
import { createZerodhaService, type ZerodhaService } from '../zerodha/service';
import type { TickerTiming } from '../zerodha/ticker/ticker-client';
import type { LiveBrokerPlugin } from './plugin';
import { LIVE_BROKER_PLUGINS } from './plugins';
import { createLivePriceStreams } from './price-streams';
import { registerLiveBrokerRoutes } from './routes';
import { brokerStatus } from './status';

/** How often sessions past their daily deadline are marked expired (and their tickers closed). */
const EXPIRY_SWEEP_MS = 60_000;

export interface LiveBrokersDeps {
  requireUser: preHandlerAsyncHookHandler;
  /** Our instrument master: tokens of symbols (ticker subscriptions), the contracts brokers' masters are matched to. */
  directory: InstrumentDirectory;
  /** Where each user's own broker prices go (the market module's price sources); only that user sees them. */
  priceStreams?: BrokerPriceStreams;
  accounts?: AccountLinks;
  tickerTiming?: Partial<TickerTiming>;
  iiflPollMs?: number;
  /** Order-book polling interval of the plugged brokers that poll (tests shorten it). */
  pluginPollMs?: number;
  /** Each plugged broker's day's instrument master as it loads (the instrument master may be built from it). */
  adoptListed?: ListedContractsSink['adoptListed'];
}

/** Live brokers: Zerodha and IIFL sessions, the credential vault, login and callback routes, users' own price streams. */
export interface LiveBrokersModule extends AppModule {
  readonly vault: CredentialVault;
  readonly zerodha: ZerodhaService;
  readonly iifl: IiflService;
  /** Upstox, Fyers, Dhan, Angel One, Flattrade, AliceBlue and Rupeezy, where their adapters exist. */
  readonly plugins: readonly LiveBrokerPlugin[];
  /** Adapter factories for the broker registry, keyed by active-broker id. */
  readonly adapters: Readonly<Record<string, (userId: string) => Promise<BrokerSession | undefined>>>;
  /** 'Subscribe Updates' / reconnect for a live broker session (a no-op for other brokers). */
  reconnect(userId: string, brokerId: string): Promise<void>;
  status(userId: string): Promise<BrokerStatus>;
  /** Hears every completed live-broker login (after the new session is stored and its updates opened). */
  onLogin(listener: (userId: string) => void): void;
  /** Clustered: this instance took the user's engine; their live sessions' update channels and prices open here. */
  adopt(userId: string): Promise<void>;
  /** Clustered: the user's engine moved away; their channels and broker price streams here close. */
  release(userId: string): void;
}

export function createLiveBrokersModule(resources: Resources, deps: LiveBrokersDeps): LiveBrokersModule {
  const { db, clock, logger, config, masterKey, ownership } = resources;
  // Update channels and the user's own price streams run only where the user's engine runs (clustered: the lease
  // holder); the other instances hear the updates over the bus and relay the prices.
  const owns = ownership.owns;
  const vault = createCredentialVault({ db, clock, masterKey });
  const accounts = deps.accounts ?? createBrokerLinks(db, clock);
  const zerodha = createZerodhaService({
    vault,
    accounts,
    clock,
    logger,
    owns,
    settings: config.brokers.kite,
    ...(deps.priceStreams
      ? { prices: { streams: deps.priceStreams, directory: deps.directory, now: () => clock.now() } }
      : {}),
    ...(deps.tickerTiming ? { tickerTiming: deps.tickerTiming } : {}),
  });
  // Each plugged broker's (and IIFL's) users' own prices: opened with a live session, ended (never simulated) when
  // it expires.
  const priceStreams = createLivePriceStreams({ streams: deps.priceStreams, vault, clock, logger, owns });
  // The plugins' brokers' (and IIFL's) masters, as they load, may become our instrument master (adoptListed).
  const { directory, adoptListed } = deps;
  const pluginDirectory: InstrumentDirectory & ListedContractsSink = adoptListed
    ? {
        byToken: (token) => directory.byToken(token),
        bySymbol: (symbol) => directory.bySymbol(symbol),
        isExpired: (instrument, now) => directory.isExpired(instrument, now),
        adoptListed,
      }
    : directory;
  // What every broker here is built with; `key` names its users' price streams.
  const brokerDeps = (key: BrokerKey) => ({
    vault,
    accounts,
    clock,
    logger,
    owns,
    db,
    directory: pluginDirectory,
    onStatus: (userId: string) => void priceStreams.refresh(key, userId),
  });
  const iifl = createIiflService({
    ...brokerDeps('iifl'),
    settings: config.brokers.iifl,
    ...(deps.iiflPollMs ? { pollMs: deps.iiflPollMs } : {}),
  });
  priceStreams.add('iifl', iifl.brokerId, iifl.prices);
  const plugins = Object.values(LIVE_BROKER_PLUGINS).flatMap((factory, index) => {
    if (!factory) return [];
    const key = Object.keys(LIVE_BROKER_PLUGINS)[index] as keyof typeof LIVE_BROKER_PLUGINS;
    const plugin = factory({
      ...brokerDeps(key),
      settings: config.brokers.live[key],
      ...(deps.pluginPollMs ? { pollMs: deps.pluginPollMs } : {}),
    });
    if (plugin.prices) priceStreams.add(key, plugin.brokerId, plugin.prices);
    return [plugin];
  });
  const status = (userId: string) => brokerStatus(userId, { accounts, zerodha, iifl, plugins });
  let sweep: NodeJS.Timeout | undefined;
  const loginListeners: Array<(userId: string) => void> = [];

  return {
    name: 'live-brokers',
    userEngine: true,
    vault,
    zerodha,
    iifl,
    plugins,
    adapters: {
      ZERODHA: (userId) => zerodha.sessionFor(userId),
      IIFL: (userId) => iifl.sessionFor(userId),
      ...Object.fromEntries(
        plugins.map((plugin) => [plugin.brokerId, (userId: string) => plugin.sessionFor(userId)]),
      ),
    },
    async reconnect(userId, brokerId) {
      if (brokerId === zerodha.brokerId) await zerodha.reconnect(userId);
      if (brokerId === iifl.brokerId) await iifl.reconnect(userId);
      await plugins.find((plugin) => plugin.brokerId === brokerId)?.reconnect(userId);
    },
    status,
    onLogin(listener) {
      loginListeners.push(listener);
    },
    async adopt(userId) {
      await zerodha.adopt(userId);
      await iifl.adopt(userId);
      for (const plugin of plugins) await plugin.adopt(userId);
      await priceStreams.adopt(userId);
    },
    release(userId) {
      zerodha.release(userId);
      iifl.release(userId);
      for (const plugin of plugins) plugin.release(userId);
      priceStreams.release(userId);
      deps.priceStreams?.handOver(userId);
    },
    registerRoutes(app) {
      registerLiveBrokerRoutes(app, {
        zerodha,
        iifl,
        plugins,
        vault,
        status,
        loggedIn: (userId) => {
          for (const listener of loginListeners) listener(userId);
        },
        requireUser: deps.requireUser,
        publicUrl: config.billing.publicUrl,
      });
    },
    async start() {
      await zerodha.start();
      await iifl.start();
      for (const plugin of plugins) await plugin.start();
      await priceStreams.start();
      sweep = setInterval(() => {
        Promise.all([
          zerodha.sweepExpired(),
          iifl.sweepExpired(),
          ...plugins.map((plugin) => plugin.sweepExpired()),
        ]).catch((error: unknown) => logger.error({ err: error }, 'broker session expiry sweep failed'));
      }, EXPIRY_SWEEP_MS);
      sweep.unref();
    },
    async close() {
      clearInterval(sweep);
      zerodha.close();
      iifl.close();
      for (const plugin of plugins) plugin.close();
      priceStreams.close();
    },
  };
}
