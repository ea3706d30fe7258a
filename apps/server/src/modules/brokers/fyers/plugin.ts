import { DomainError } from '../../../domain-error';
import type { LiveBrokerPlugin, LiveBrokerPluginFactory } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { brokerEndpoint, brokerRoot } from '../live-kit/endpoints';
import { BrokerCallError, detailOf } from '../live-kit/errors';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { polledPrices } from '../live-kit/price-feed';
import {
  createFyersApi,
  FYERS_API_ROOT,
  type FyersApi,
  fyersClientId,
  validateFyersAuthCode,
} from './fyers-api';
import { FYERS_MESSAGES } from './fyers-errors';
import { downloadFyersMaster } from './instruments';
import type { FyersRow } from './map';
import { createFyersOrderChannel, FYERS_ORDER_SOCKET_URL, type FyersChannelState } from './order-channel';
import { fyersQuoteEndpoint } from './price-feed';
import { createFyersSession, FYERS_BROKER_ID } from './session';
import { fyersTokenExpiry } from './token-expiry';

/** Fyers' login page: the platform's app id and our redirect; the redirect brings `auth_code` (`code` is a status). */
export const FYERS_LOGIN_URL = 'https://api-t1.fyers.in/api/v3/generate-authcode';

/** Fyers on the plugin seam: login, the auth-code exchange, the symbol master, the order socket and order-book poll. */
export const createFyersPlugin: LiveBrokerPluginFactory = (deps): LiveBrokerPlugin => {
  const { vault, clock, logger, settings, directory } = deps;
  const root = brokerRoot(FYERS_API_ROOT, settings.baseUrl);
  const master = createBrokerInstrumentMaster({
    broker: 'fyers',
    name: 'Fyers',
    db: deps.db,
    clock,
    logger,
    directory,
    download: () => downloadFyersMaster(settings.baseUrl),
  });

  const app = () => {
    if (!settings.app?.appSecret)
      throw new DomainError('broker_not_configured', FYERS_MESSAGES.notConfigured);
    return { appId: settings.app.appKey, appSecret: settings.app.appSecret };
  };

  const links = createLiveLinks<FyersApi, FyersRow, FyersChannelState>(
    {
      broker: 'fyers',
      expiredMessage: FYERS_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (_account, token) => {
        // Without the platform's app (removed since the login) nothing can be sent: a definite, expired session.
        if (!settings.app) throw new BrokerCallError('token_expired', FYERS_MESSAGES.notConfigured, false);
        return createFyersApi(root, settings.app.appKey, token);
      },
      createSession: (userId, api, onTokenExpired) =>
        createFyersSession({ userId, clock, api, onTokenExpired, master, directory }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );
  const channel = createFyersOrderChannel({
    url: brokerEndpoint(FYERS_ORDER_SOCKET_URL, settings.baseUrl),
    authorization: (account) =>
      settings.app && account.secrets.accessToken
        ? `${settings.app.appKey}:${account.secrets.accessToken}`
        : undefined,
    pollMs: deps.pollMs ?? 2000,
    catchUp: (userId) => links.session(userId).catchUp(),
    logger,
  });

  return {
    key: 'fyers',
    brokerId: FYERS_BROKER_ID,
    name: 'Fyers',

    async loginUrl(_userId, redirectUrl) {
      const url = new URL(brokerEndpoint(FYERS_LOGIN_URL, settings.baseUrl));
      url.searchParams.set('client_id', app().appId);
      url.searchParams.set('redirect_uri', redirectUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('state', 'xtrader');
      return url.toString();
    },

    async completeLogin(userId, body) {
      const { appId, appSecret } = app();
      let session: { accessToken: string; refreshToken: string | undefined; clientId: string };
      try {
        const token = await validateFyersAuthCode(root, appId, appSecret, body.auth_code ?? '');
        session = { ...token, clientId: await fyersClientId(root, appId, token.accessToken) };
      } catch (error) {
        throw new DomainError('broker_login_failed', FYERS_MESSAGES.loginFailed(detailOf(error, 'Fyers')));
      }
      const now = clock.now();
      await vault.saveSession(userId, 'fyers', {
        clientId: session.clientId,
        secrets: {
          accessToken: session.accessToken,
          ...(session.refreshToken ? { refreshToken: session.refreshToken } : {}),
        },
        tokenExpiresAt: fyersTokenExpiry(session.accessToken, now),
      });
      await deps.accounts.linkBroker(userId, FYERS_BROKER_ID, session.clientId);
      await links.connected(userId);
      master.warmInBackground();
      return { clientId: session.clientId };
    },

    async sessionFor(userId) {
      return (await vault.get(userId, 'fyers')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      const link = await links.lifecycle.status(userId);
      return link.updates === 'streaming'
        ? pluggedBrokerStatus(link, 'stream', 'streaming')
        : pluggedBrokerStatus(link, 'polling', 'polling');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),
    adopt: (userId) => links.lifecycle.adopt(userId),
    release: (userId) => links.lifecycle.release(userId),

    async start() {
      await links.lifecycle.start();
      if ((await vault.listConnected('fyers')).length > 0) master.warmInBackground();
    },

    // The user's own prices: the broker's quote endpoint polled with their session (price-feed.ts).
    prices: polledPrices({
      key: 'fyers',
      endpoint: fyersQuoteEndpoint(settings.baseUrl, () => settings.app?.appKey),
      master,
      credentials: links.credentials,
      expire: links.expireQuietly,
      now: () => clock.now(),
      logger,
    }),

    sweepExpired: () => links.lifecycle.sweepExpired(),

    close: () => links.lifecycle.close(),
  };
};
