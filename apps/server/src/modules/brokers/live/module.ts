import type { BrokerStatus } from '@xtrader/core/api/brokers';
import type { IIFL_BROKER_ID, ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Resources } from '../../../resources';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { PriceFeed } from '../../market/contract';
import type { AppModule } from '../../module';
import type { BrokerSession } from '../broker';
import { createIiflService, type IiflService } from '../iifl/service';
import { createBrokerLinks } from '../links/broker-links';
import { type AccountLinks, type CredentialVault, createCredentialVault } from '../vault';
import { createZerodhaService, type ZerodhaService } from '../zerodha/service';
import { LivePriceFeed } from '../zerodha/ticker/live-feed';
import type { TickerTiming } from '../zerodha/ticker/ticker-client';
import { registerLiveBrokerRoutes } from './routes';
import { brokerStatus } from './status';

/** How often sessions past their daily deadline are marked expired (and their tickers closed). */
const EXPIRY_SWEEP_MS = 60_000;

export interface LiveBrokersDeps {
  requireUser: preHandlerAsyncHookHandler;
  /** Tokens of symbols (ticker subscriptions, IIFL positions). */
  directory: InstrumentDirectory;
  /** The configured feed (simulator, replay); live prices replace it per symbol while a Zerodha session streams. */
  fallbackFeed: PriceFeed;
  accounts?: AccountLinks;
  tickerTiming?: Partial<TickerTiming>;
  iiflPollMs?: number;
}

/** Live brokers: Zerodha and IIFL sessions, the credential vault, login and callback routes, the live price feed. */
export interface LiveBrokersModule extends AppModule {
  readonly vault: CredentialVault;
  readonly zerodha: ZerodhaService;
  readonly iifl: IiflService;
  /** Give this to the market module as its feed. */
  readonly priceFeed: LivePriceFeed;
  /** Adapter factories for the broker registry, keyed by active-broker id. */
  readonly adapters: Readonly<
    Record<
      typeof ZERODHA_BROKER_ID | typeof IIFL_BROKER_ID,
      (userId: string) => Promise<BrokerSession | undefined>
    >
  >;
  /** 'Subscribe Updates' / reconnect for a live broker session (a no-op for other brokers). */
  reconnect(userId: string, brokerId: string): Promise<void>;
  status(userId: string): Promise<BrokerStatus>;
}

export function createLiveBrokersModule(resources: Resources, deps: LiveBrokersDeps): LiveBrokersModule {
  const { db, clock, logger, config, masterKey } = resources;
  const vault = createCredentialVault({ db, clock, masterKey });
  const accounts = deps.accounts ?? createBrokerLinks(db, clock);
  const priceFeed = new LivePriceFeed(deps.fallbackFeed, deps.directory, () => clock.now());
  const zerodha = createZerodhaService({
    vault,
    accounts,
    clock,
    logger,
    settings: config.brokers.kite,
    feed: priceFeed,
    ...(deps.tickerTiming ? { tickerTiming: deps.tickerTiming } : {}),
  });
  const iifl = createIiflService({
    vault,
    accounts,
    clock,
    logger,
    settings: config.brokers.iifl,
    tokenOf: (symbol) => deps.directory.bySymbol(symbol)?.internalToken,
    ...(deps.iiflPollMs ? { pollMs: deps.iiflPollMs } : {}),
  });
  const status = (userId: string) => brokerStatus(userId, { accounts, zerodha, iifl });
  let sweep: NodeJS.Timeout | undefined;

  return {
    name: 'live-brokers',
    vault,
    zerodha,
    iifl,
    priceFeed,
    adapters: { ZERODHA: (userId) => zerodha.sessionFor(userId), IIFL: (userId) => iifl.sessionFor(userId) },
    async reconnect(userId, brokerId) {
      if (brokerId === zerodha.brokerId) await zerodha.reconnect(userId);
      if (brokerId === iifl.brokerId) await iifl.reconnect(userId);
    },
    status,
    registerRoutes(app) {
      registerLiveBrokerRoutes(app, {
        zerodha,
        iifl,
        vault,
        status,
        requireUser: deps.requireUser,
        publicUrl: config.billing.publicUrl,
      });
    },
    async start() {
      await zerodha.start();
      await iifl.start();
      sweep = setInterval(() => {
        Promise.all([zerodha.sweepExpired(), iifl.sweepExpired()]).catch((error: unknown) =>
          logger.error({ err: error }, 'broker session expiry sweep failed'),
        );
      }, EXPIRY_SWEEP_MS);
      sweep.unref();
    },
    async close() {
      clearInterval(sweep);
      zerodha.close();
      iifl.close();
    },
  };
}
