import type { BrokerKey } from '@xtrader/core/api/brokers';
import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { DEFAULT_BROKERAGE_PER_ORDER } from '@xtrader/core/charges/rates';
import { INDEX_TABLE } from '@xtrader/core/market/indices';
import type { Resources } from '../resources';
import { createLiveGateway, type GatewayOptions } from '../ws/gateway';
import { exitProtection } from './alerts/engine-commands';
import { type AlertsModuleDeps, createAlertsModule } from './alerts/index';
import { createAuditModule } from './audit/index';
import { type AuthModuleOptions, createAuthModule } from './auth/index';
import { type BillingModuleOptions, createBillingModule } from './billing/index';
import { createBrokersModule, paperSettings } from './brokers/index';
import { type BrokerLinks, createBrokerLinks } from './brokers/links/index';
import { createLiveBrokersModule, type LiveBrokersDeps } from './brokers/live/module';
import { storedBrokerMasters } from './brokers/live-kit/instrument-master';
import { createCandlesModule } from './candles/index';
import { createInstrumentsModule, InstrumentCatalog, type InstrumentsModule } from './instruments/index';
import { createJournalModule } from './journal/index';
import { clusterPriceFeed } from './market/cluster-prices';
import {
  createConfiguredFeed,
  createMarketModule,
  type PriceFeed,
  viewOfActiveBroker,
  viewOfBroker,
} from './market/index';
import type { AppModule } from './module';
import { createOperatorModule } from './operator/index';
import { createOrdersModule } from './orders/index';
import { createPortfolioModule } from './portfolio/index';
import { createRecordingModule } from './recording/index';
import { createReplayModule } from './replay/index';
import { createMtmReader } from './risk/current-mtm';
import { createDisciplineModule } from './risk/discipline/index';
import { createEntitlementGuard, entitlementSources } from './risk/entitlement';
import { busOrderActivity, createRiskModule, orderManagerExits, registryPositions } from './risk/index';
import { wireUserEngines } from './user-engines';

/** Collaborators tests may replace; every field is optional and defaults to the real implementation. */
export interface ModuleOverrides {
  auth?: AuthModuleOptions;
  billing?: BillingModuleOptions;
  /** Replaces the configured price feed (XT_FEED). */
  priceFeed?: PriceFeed;
  /**
   * Runs the price feed once per cluster (leader lease, ticks over the bus); default: when the bus is Redis, that
   * is when several instances may share it.
   */
  clusterPrices?: boolean;
  /** WebSocket gateway tuning (heartbeat, backpressure marks). */
  gateway?: Partial<GatewayOptions>;
  /** Replaces the owner of users' broker links and active broker (e.g. to count its reads). */
  brokerLinks?: BrokerLinks;
  /** Live brokers tuning (ticker reconnect timing, IIFL poll interval) or a replaced accounts link. */
  liveBrokers?: Partial<Pick<LiveBrokersDeps, 'tickerTiming' | 'iiflPollMs' | 'pluginPollMs' | 'accounts'>>;
  /** Telegram bot tuning (its fetch, outbox limits, poll timeout). */
  telegram?: AlertsModuleDeps['telegram'];
}

/**
 * Builds every module from the shared resources, in dependency order (a module gets the services of the
 * modules it uses as arguments). Append new modules here.
 */
export function createModules(resources: Resources, overrides: ModuleOverrides = {}): AppModule[] {
  const auth = createAuthModule(resources, overrides.auth);
  const billing = createBillingModule(
    resources,
    {
      requireUser: auth.requireUser,
      customers: { getCustomer: async (userId) => (await auth.account.getUserInfo(userId)).user },
    },
    overrides.billing,
  );
  const catalog = new InstrumentCatalog();
  // The one owner of users' active broker and broker links: live logins link through it, Practice Mode switches
  // through it, and the registry resolves sessions with it.
  const links = overrides.brokerLinks ?? createBrokerLinks(resources.db, resources.clock);
  // The one cheap read of a user's active broker (a single column), used on every order and quote view.
  const activeBrokerOf = (userId: string) => links.activeBrokerOf(userId);
  // Prices: the configured feed shared by everyone, plus each user's own broker stream for that user alone.
  const ownFeed = overrides.priceFeed ?? createConfiguredFeed(resources, catalog);
  // Several instances (a Redis bus): one price stream for the cluster, and users' broker streams relayed to
  // their sockets on every instance.
  const clustered = overrides.clusterPrices ?? resources.bus.kind === 'redis';
  const market = createMarketModule(resources, {
    feed: clustered ? clusterPriceFeed(resources, ownFeed) : ownFeed,
    directory: catalog,
    requireUser: auth.requireUser,
    activeBrokerOf,
    clustered,
  });
  // Zerodha's ticker streams each linked user's own prices into their price source. Its `adapters` go to the
  // broker registry and its `reconnect` to the broker links' reconnect handlers.
  // A linked broker's day's master becomes the instrument master (XT_INSTRUMENTS_SOURCE=auto, no CSV); the
  // instruments module is created further down.
  let adoptListed: InstrumentsModule['adoptListed'] | undefined;
  const liveBrokers = createLiveBrokersModule(resources, {
    requireUser: auth.requireUser,
    accounts: links,
    directory: catalog,
    adoptListed: (broker, contracts) => {
      adoptListed?.(broker, contracts).catch((error: unknown) =>
        resources.logger.error({ err: error, broker }, 'adopting a broker instrument master failed'),
      );
    },
    priceStreams: market.sources,
    ...overrides.liveBrokers,
  });
  // The registry the order engine trades through: the paper exchange (PAPERTRADE) and the live adapters.
  const brokers = createBrokersModule(resources, {
    requireUser: auth.requireUser,
    marketData: market.marketData,
    prices: market.prices,
    instruments: catalog,
    links,
    adapters: liveBrokers.adapters,
  });
  // A user's Practice Mode prices follow their own stream as it opens or ends: their paper orders move with them.
  market.sources.onChange((userId) => brokers.paper.followSource(userId));
  // Recent candles of every source's ticks, so the chart opened mid-session has history.
  // Ticks of subscribed contracts of every source, per trading day, for session replay and the chart's history.
  const recording = createRecordingModule(resources, { sources: market.sources });
  const candles = createCandlesModule({
    prices: market.prices,
    pricesOf: market.pricesOf,
    requireUser: auth.requireUser,
    history: { recordings: recording.store, now: () => resources.clock.now(), logger: resources.logger },
  });
  // A Practice user's replay of a recorded day: their own prices, clock and paper account while it runs.
  const replay = createReplayModule(resources, {
    requireUser: auth.requireUser,
    recordings: recording.store,
    sources: market.sources,
    activeBrokerOf,
    practiceSession: (userId) => brokers.paper.sessionFor(userId),
    directory: catalog,
    indexTable: INDEX_TABLE,
    paperSettings: paperSettings(resources.config),
  });
  brokers.usePracticeExchangeOf((userId) => replay.service.practiceExchangeOf(userId));
  // Leaving Practice Mode ends the user's replay with it.
  brokers.practiceMode.onStopped((userId) => replay.service.stop(userId));
  brokers.practiceMode.checkBeforeReset((userId) => replay.service.refuseResetWhileReplaying(userId));
  const viewOf = viewOfActiveBroker(activeBrokerOf);
  const instruments = createInstrumentsModule(resources, {
    catalog,
    quotes: market.marketData,
    // Open paper positions and working paper orders, and every working order at any broker.
    heldSymbols: async () => [
      ...brokers.paper.heldSymbols(),
      ...(await orders.context.store.workingSymbols()),
    ],
    requireUser: auth.requireUser,
    pricesOf: async (userId) => {
      const { source, view } = await market.feedOf(userId);
      return { quotes: source.data, view };
    },
    storedListed: (broker) => storedBrokerMasters(resources.db, broker as BrokerKey | undefined),
  });
  adoptListed = instruments.adoptListed;
  brokers.links.onReconnect((userId, session) => liveBrokers.reconnect(userId, session.brokerId));
  const portfolio = createPortfolioModule({
    requireUser: auth.requireUser,
    registry: brokers.registry,
    marketData: market.marketData,
    instruments: catalog,
    viewOf,
    quotesOf: async (userId) => (await market.feedOf(userId)).source.data,
  });
  // Every order action is appended to the user's hash-chained audit trail.
  const audit = createAuditModule(resources, { requireUser: auth.requireUser });
  // The trader's own limits: they guard and count each POST /order and watch order activity for losing trades.
  const discipline = createDisciplineModule(resources, {
    requireUser: auth.requireUser,
    settingsOf: (userId) => auth.account.disciplineOf(userId),
    onSettingsSaved: (handler) => resources.bus.subscribe('settings.saved', ({ userId }) => handler(userId)),
    positions: registryPositions(brokers.registry),
    pricesOf: market.pricesOf,
    prices: market.prices,
    activity: busOrderActivity(resources.bus),
  });
  // The execution journal hears each order placed from the UI (its key press and shown price) from the order routes.
  const journal = createJournalModule(resources, {
    requireUser: auth.requireUser,
    instruments: catalog,
    brokeragePerOrder: paperSettings(resources.config).brokeragePerOrder ?? DEFAULT_BROKERAGE_PER_ORDER,
  });
  // The order manager trades through the registry; it starts after the brokers (recovery lists their orders).
  const orders = createOrdersModule({
    resources,
    registry: brokers.registry,
    marketData: market.marketData,
    // Each order trails, holds its stop and shows its LTP on its user's own source at its broker.
    prices: market.prices,
    instruments: catalog,
    requireUser: auth.requireUser,
    // An order's price view and entitlement follow from the session it goes through (one active-broker read).
    priceViewOf: viewOfBroker,
    // Stop-limit orders at live brokers keep the user's trigger/limit difference of the contract's index.
    stopLimitOffsetFor: async (userId, index) =>
      (await auth.account.getUserInfo(userId)).settings.SLTriggerPriceDifference[index],
    // Outside Practice Mode an order needs a live subscription or a paid plan (403 otherwise).
    placementGuards: [createEntitlementGuard(entitlementSources(billing.service)), discipline.guard],
    placementListeners: [discipline.placed],
    audit: audit.orderHooks,
    placementTimings: journal.placementTimings,
    fillTimes: journal.fillTimes,
  });
  brokers.practiceMode.onFundsReset((userId) =>
    orders.service.forgetBrokerOrders(userId, PRACTICE_BROKER_ID),
  );
  brokers.links.onReconnect((userId) => orders.service.resync(userId));
  // A live login starts its session from the broker's book as it is now: what changed while the session was gone
  // (an entry filled while the token was expired) is reconciled as after a reconnect, or its legs never go out.
  liveBrokers.onLogin((userId) => {
    orders.service
      .resync(userId)
      .catch((error: unknown) =>
        resources.logger.error({ err: error, userId }, 'order resync after login failed'),
      );
  });
  // Profit protection watches ticks and squares off through the order manager; it starts after it (a square-off
  // interrupted by a restart resumes on recovered orders).
  const risk = createRiskModule(resources, {
    requireUser: auth.requireUser,
    marketData: market.marketData,
    prices: market.prices,
    positions: registryPositions(brokers.registry),
    // The user's own source and view, from one read of their active broker (the positions' broker).
    pricesOf: market.pricesOf,
    activity: busOrderActivity(resources.bus),
    exits: orderManagerExits(orders.service),
    loggedIn: auth.isLoggedIn,
    owns: resources.ownership.owns,
  });
  brokers.practiceMode.onFundsReset((userId) => risk.monitor.refresh(userId));
  // A replay swaps the user's paper account: the order manager listens to the new one, profit protection reloads.
  replay.service.onSwitch(async (userId) => {
    await orders.service.resync(userId);
    await risk.monitor.refresh(userId);
  });
  brokers.links.onReconnect((userId) => risk.monitor.refresh(userId));
  wireUserEngines(resources.ownership, {
    paper: brokers.paper,
    orders,
    risk: risk.monitor,
    live: liveBrokers,
  });
  // Telegram alerts and commands; /closeall runs the kill switch's square-off and the discipline day lock.
  const positionsOf = registryPositions(brokers.registry);
  const mtmOf = createMtmReader({ positions: positionsOf, pricesOf: market.pricesOf, prices: market.prices });
  const alerts = createAlertsModule(resources, {
    requireUser: auth.requireUser,
    alertsOf: async (userId) => (await auth.account.getUserInfo(userId)).settings.alerts,
    marketProtectionOf: async (userId) => exitProtection((await auth.account.getUserInfo(userId)).settings),
    status: async (userId) => {
      const [positions, mtm] = await Promise.all([positionsOf.positions(userId), mtmOf(userId)]);
      return { open: positions.filter((p) => p.quantity !== 0).length, mtm };
    },
    lockForDay: (userId) => discipline.discipline.lockForDay(userId),
    closeAll: (userId, marketProtection) => risk.closeAll(userId, marketProtection),
    ...(overrides.telegram ? { telegram: overrides.telegram } : {}),
  });
  const liveGateway = createLiveGateway(resources, {
    marketData: market.marketData,
    directory: catalog,
    verifyAccessToken: auth.verifyAccessToken,
    viewOf,
    sources: { feedOf: market.feedOf, onChange: market.sources.onChange },
    ...(overrides.gateway ? { options: overrides.gateway } : {}),
  });
  // Start order: the master loads before the feed prices it; the gateway subscribes last.
  return [
    auth,
    billing,
    createOperatorModule(resources),
    instruments,
    market,
    candles,
    recording,
    liveBrokers,
    brokers,
    replay,
    audit,
    orders,
    discipline,
    risk,
    portfolio,
    alerts,
    journal,
    liveGateway,
  ];
}
