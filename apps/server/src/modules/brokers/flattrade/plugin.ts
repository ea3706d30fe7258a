import { DomainError } from '../../../domain-error';
import type { LiveBrokerPlugin, LiveBrokerPluginFactory } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { brokerEndpoint, brokerRoot } from '../live-kit/endpoints';
import { detailOf } from '../live-kit/errors';
import { nextIstHour } from '../live-kit/expiry';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import { createFlattradeApi, exchangeFlattradeCode } from './flattrade-api';
import { FLATTRADE_MESSAGES, FLATTRADE_NAME } from './flattrade-errors';
import { downloadFlattradeMaster } from './instruments';
import type { FlattradeOrder } from './map';
import {
  createFlattradeSession,
  FLATTRADE_BROKER_ID,
  type FlattradeUserApi,
  flattradeAdapter,
} from './session';

/** The documented hosts; XT_FLATTRADE_BASE_URL moves every one of them (see brokerEndpoint). */
export const FLATTRADE_ENDPOINTS = {
  login: 'https://auth.flattrade.in/',
  token: 'https://authapi.flattrade.in/trade/apitoken',
  trading: 'https://piconnect.flattrade.in/PiConnectTP',
} as const;

const MESSAGES = {
  notConfigured: 'Flattrade login is not available on this server',
  loginFailed: (detail: string) => `Flattrade login failed: ${detail}`,
} as const;

/** A Flattrade token lives for the trading day: it is treated as dead at midnight IST, and the trader logs in daily. */
export const flattradeTokenExpiry = (issuedAt: number): number => nextIstHour(issuedAt, 0);

/**
 * Flattrade (Pi API on Noren OMS) on the plugin seam: login at auth.flattrade.in, the request code exchanged with
 * its hash for the day's token, orders as Noren form posts, order updates by polling the order book.
 */
export const createFlattradePlugin: LiveBrokerPluginFactory = (deps): LiveBrokerPlugin => {
  const { vault, clock, logger, settings } = deps;
  const master = createBrokerInstrumentMaster({
    broker: 'flattrade',
    name: FLATTRADE_NAME,
    db: deps.db,
    clock,
    logger,
    directory: deps.directory,
    download: () => downloadFlattradeMaster(settings.baseUrl),
  });
  const adapter = flattradeAdapter({ master, directory: deps.directory });
  const tradingRoot = brokerRoot(FLATTRADE_ENDPOINTS.trading, settings.baseUrl);

  const links = createLiveLinks<FlattradeUserApi, FlattradeOrder, 'polling'>(
    {
      broker: 'flattrade',
      expiredMessage: FLATTRADE_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      createApi: (account, token) => ({
        api: createFlattradeApi(tradingRoot, account.clientId ?? '', token),
        clientId: account.clientId ?? '',
      }),
      createSession: (userId, api, onTokenExpired) =>
        createFlattradeSession(adapter, { userId, clock, api, onTokenExpired }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );
  // Noren pushes order updates on its WebSocket; until we speak it, the order book is polled.
  const channel = createPollingChannel(
    deps.pollMs ?? 2000,
    (userId) => links.session(userId).catchUp(),
    (userId, error) => logger.debug({ err: error, userId }, 'flattrade order poll failed'),
  );

  /** Downloads today's instrument list in the background; a failure is retried by the first order that needs it. */
  const warmQuietly = () => {
    master
      .warm()
      .catch((error: unknown) => logger.warn({ err: error }, 'flattrade instrument master download failed'));
  };

  /** The platform's API key and secret at Flattrade (the token exchange needs both). */
  const app = (): { appKey: string; appSecret: string } => {
    const { appKey, appSecret } = settings.app ?? {};
    if (!appKey || !appSecret) throw new DomainError('broker_not_configured', MESSAGES.notConfigured);
    return { appKey, appSecret };
  };

  return {
    key: 'flattrade',
    brokerId: FLATTRADE_BROKER_ID,
    name: FLATTRADE_NAME,

    async loginUrl() {
      // The redirect URL is registered with the API key at Flattrade, so the login page takes only the key.
      const url = new URL(brokerEndpoint(FLATTRADE_ENDPOINTS.login, settings.baseUrl));
      url.searchParams.set('app_key', app().appKey);
      return url.toString();
    },

    async completeLogin(userId, body) {
      const { appKey, appSecret } = app();
      const code = body.code ?? '';
      let grant: { token: string; clientId: string };
      try {
        grant = await exchangeFlattradeCode(
          brokerEndpoint(FLATTRADE_ENDPOINTS.token, settings.baseUrl),
          appKey,
          code,
          appSecret,
        );
      } catch (error) {
        throw new DomainError('broker_login_failed', MESSAGES.loginFailed(detailOf(error, FLATTRADE_NAME)));
      }
      await vault.saveSession(userId, 'flattrade', {
        clientId: grant.clientId,
        secrets: { accessToken: grant.token },
        tokenExpiresAt: flattradeTokenExpiry(clock.now()),
      });
      await deps.accounts.linkBroker(userId, FLATTRADE_BROKER_ID, grant.clientId);
      await links.connected(userId);
      warmQuietly();
      return { clientId: grant.clientId };
    },

    async sessionFor(userId) {
      return (await vault.get(userId, 'flattrade')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      return pluggedBrokerStatus(await links.lifecycle.status(userId), 'polling', 'polling');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),

    async start() {
      await links.lifecycle.start();
      // Today's instrument list before the first order, when someone trades through Flattrade (else at login).
      if ((await vault.listConnected('flattrade')).length > 0) warmQuietly();
    },

    sweepExpired: () => links.lifecycle.sweepExpired(),
    close: () => links.lifecycle.close(),
  };
};
