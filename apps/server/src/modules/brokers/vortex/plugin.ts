import { DomainError } from '../../../domain-error';
import type { LiveBrokerPlugin, LiveBrokerPluginFactory } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { brokerEndpoint } from '../live-kit/endpoints';
import { BrokerCallError, detailOf } from '../live-kit/errors';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { pushedPrices } from '../live-kit/push-price-feed';
import { createVortexOrderFeed, type VortexFeedState } from './order-feed';
import { vortexPriceSocket } from './price-socket';
import { createVortexSession, type VortexSession } from './session';
import { vortexTokenExpiry } from './token-expiry';
import { createVortexApi, createVortexSession as exchangeAuthToken, type VortexApi } from './vortex-api';
import { downloadVortexMaster } from './vortex-master';
import { VORTEX_BROKER_ID, VORTEX_MESSAGES, VORTEX_NAME } from './vortex-messages';
import type { VortexOrder } from './vortex-schemas';

/** Rupeezy's hosted login page ("flow"); it redirects to the app's registered callback with `?auth=<token>`. */
export const VORTEX_LOGIN_URL = 'https://flow.rupeezy.in';

/**
 * Rupeezy (Vortex API) as a plugged live broker: the flow login and its checksum exchange, the instrument master
 * of the day, and order updates from its WebSocket or, while that is down, by polling the order book; sessions,
 * tracking and reconciliation are the kit's.
 * XT_VORTEX_APP_KEY is the application id, XT_VORTEX_APP_SECRET the API key.
 */
export const createVortexPlugin: LiveBrokerPluginFactory = (deps) => {
  const { vault, clock, logger, settings } = deps;
  const app = settings.app?.appSecret
    ? { applicationId: settings.app.appKey, apiKey: settings.app.appSecret }
    : undefined;
  const configuredApp = () => {
    if (!app) throw new DomainError('broker_not_configured', VORTEX_MESSAGES.notConfigured);
    return app;
  };

  const master = createBrokerInstrumentMaster({
    broker: 'vortex',
    name: VORTEX_NAME,
    db: deps.db,
    clock,
    logger,
    directory: deps.directory,
    download: () => downloadVortexMaster(settings.baseUrl),
  });

  const links = createLiveLinks<VortexApi, VortexOrder, VortexFeedState>(
    {
      broker: 'vortex',
      expiredMessage: VORTEX_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (_account, token) => createVortexApi(settings.baseUrl, configuredApp().apiKey, token),
      createSession: (userId, api, onTokenExpired) =>
        createVortexSession({
          userId,
          clock,
          api,
          onTokenExpired,
          master,
          internalTokenOf: (symbol) => deps.directory.bySymbol(symbol)?.internalToken,
        }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );

  // Order updates: Rupeezy's WebSocket nudges an order-book read; while it is down the order book is polled.
  const channel = createVortexOrderFeed({
    baseUrl: settings.baseUrl,
    pollMs: deps.pollMs ?? 2000,
    catchUp: (userId) => links.session(userId).catchUp(),
    logger,
  });

  const plugin: LiveBrokerPlugin = {
    key: 'vortex',
    brokerId: VORTEX_BROKER_ID,
    name: VORTEX_NAME,

    async loginUrl() {
      const { applicationId } = configuredApp();
      const url = new URL(brokerEndpoint(VORTEX_LOGIN_URL, settings.baseUrl));
      url.searchParams.set('applicationId', applicationId);
      // Handed back untouched with the redirect; the callback URL itself is the one registered with the app.
      url.searchParams.set('cb_param', 'xtrader');
      return url.toString();
    },

    async completeLogin(userId, body) {
      const credentials = configuredApp();
      let session: Awaited<ReturnType<typeof exchangeAuthToken>>;
      try {
        session = await exchangeAuthToken(settings.baseUrl, credentials, body.authToken ?? '');
      } catch (error) {
        // A 401 here means Rupeezy refused the grant or the app's keys, not an expired trading session.
        const detail =
          error instanceof BrokerCallError && error.code === 'token_expired'
            ? 'the login was refused (the auth token is invalid or already used, or the app keys are wrong)'
            : detailOf(error, VORTEX_NAME);
        throw new DomainError('broker_login_failed', VORTEX_MESSAGES.loginFailed(detail));
      }
      const clientId = session.clientId ?? null;
      await vault.saveSession(userId, 'vortex', {
        clientId: clientId ?? '',
        secrets: { accessToken: session.accessToken },
        tokenExpiresAt: vortexTokenExpiry(session.accessToken, clock.now()),
      });
      await deps.accounts.linkBroker(userId, VORTEX_BROKER_ID, clientId ?? '');
      // The day's master (a large file) downloads in the background; the first order waits for it if need be.
      master.warmInBackground();
      await links.connected(userId);
      return { clientId };
    },

    async sessionFor(userId): Promise<VortexSession | undefined> {
      return (await vault.get(userId, 'vortex')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      const link = await links.lifecycle.status(userId);
      // Updates arrive either way; the card says which way they come now.
      return link.updates === 'connected'
        ? pluggedBrokerStatus(link, 'stream', 'connected')
        : pluggedBrokerStatus(link, 'polling', 'polling');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),
    adopt: (userId) => links.lifecycle.adopt(userId),
    release: (userId) => links.lifecycle.release(userId),

    async start() {
      // The day's master is fetched once someone trades through Rupeezy, not on every start of the server.
      if ((await vault.listConnected('vortex')).some((account) => links.isLive(account)))
        master.warmInBackground();
      await links.lifecycle.start();
    },

    // The user's own prices: Rupeezy's price socket opened with their session (price-socket.ts).
    prices: pushedPrices({
      key: 'vortex',
      protocol: vortexPriceSocket(settings.baseUrl),
      master,
      credentials: links.credentials,
      expire: links.expireQuietly,
      now: () => clock.now(),
      logger,
    }),

    sweepExpired: () => links.lifecycle.sweepExpired(),
    close: () => links.lifecycle.close(),
  };
  return plugin;
};
