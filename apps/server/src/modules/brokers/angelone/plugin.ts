import { DomainError } from '../../../domain-error';
import type { BrokerSession } from '../broker';
import type { LiveBrokerPlugin, LiveBrokerPluginFactory } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { BrokerCallError, detailOf } from '../live-kit/errors';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { pushedPrices } from '../live-kit/push-price-feed';
import { type AngelApi, createAngelApi } from './angelone-api';
import { ANGELONE_MESSAGES, ANGELONE_NAME } from './angelone-errors';
import { machineIdentity } from './client-identity';
import { angelEndpoints } from './endpoints';
import { angelLoginUrl, angelSessionExpiry } from './login';
import type { AngelRow } from './map';
import { type AngelUpdateState, createAngelOrderStream } from './order-stream';
import { downloadAngelScripMaster } from './scrip-master';
import { ANGELONE_BROKER_ID, createAngelSession } from './session';
import { angelSmartStream } from './smart-stream';

const MESSAGES = {
  notConfigured: 'Angel One login is not available on this server',
  loginFailed: (detail: string) => `Angel One login failed: ${detail}`,
  tokenRefused: 'Angel One did not accept the login token (invalid or expired). Log in again.',
} as const;

/** Why a login token was refused, in words that do not speak of a session the trader never had. */
const refusalOf = (error: unknown): string =>
  error instanceof BrokerCallError && error.code === 'token_expired'
    ? MESSAGES.tokenRefused
    : detailOf(error, ANGELONE_NAME);

/** Angel One for every user: publisher login, the token checked with getProfile, orders on the kit, the order stream. */
export const createAngelOnePlugin: LiveBrokerPluginFactory = (deps): LiveBrokerPlugin => {
  const { vault, clock, logger, settings } = deps;
  const endpoints = angelEndpoints(settings.baseUrl);
  const identity = machineIdentity();
  const appKey = () => {
    if (!settings.app) throw new DomainError('broker_not_configured', MESSAGES.notConfigured);
    return settings.app.appKey;
  };
  const apiFor = (jwt: string): AngelApi =>
    createAngelApi(endpoints.apiRoot, settings.app?.appKey ?? '', jwt, identity);

  const master = createBrokerInstrumentMaster({
    broker: 'angelone',
    name: ANGELONE_NAME,
    db: deps.db,
    clock,
    logger,
    directory: deps.directory,
    download: () => downloadAngelScripMaster(endpoints.scripMaster),
  });

  const links = createLiveLinks<AngelApi, AngelRow, AngelUpdateState>(
    {
      broker: 'angelone',
      expiredMessage: ANGELONE_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (_account, token) => apiFor(token),
      createSession: (userId, api, onTokenExpired) =>
        createAngelSession({ userId, clock, api, onTokenExpired, master, directory: deps.directory }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );

  // Order updates come on SmartAPI's order-status WebSocket; the order book is polled while it is down.
  const channel = createAngelOrderStream({
    url: endpoints.orderStream,
    logger,
    pollMs: deps.pollMs ?? 2000,
    catchUp: (userId) => links.session(userId).catchUp(),
    deliver: (userId, row) => links.session(userId).deliver(row),
    tokenExpired: (userId) => links.expireQuietly(userId),
  });

  return {
    key: 'angelone',
    brokerId: ANGELONE_BROKER_ID,
    name: ANGELONE_NAME,

    async loginUrl() {
      return angelLoginUrl(endpoints.loginPage, appKey());
    },

    async completeLogin(userId, body) {
      appKey();
      const jwt = body.auth_token ?? '';
      let clientId: string;
      try {
        clientId = (await apiFor(jwt).profile()).clientcode;
      } catch (error) {
        throw new DomainError('broker_login_failed', MESSAGES.loginFailed(refusalOf(error)));
      }
      await vault.saveSession(userId, 'angelone', {
        clientId,
        secrets: {
          accessToken: jwt,
          ...(body.feed_token ? { feedToken: body.feed_token } : {}),
          ...(body.refresh_token ? { refreshToken: body.refresh_token } : {}),
        },
        tokenExpiresAt: angelSessionExpiry(jwt, clock.now()),
      });
      await deps.accounts.linkBroker(userId, ANGELONE_BROKER_ID, clientId);
      await links.connected(userId);
      master.warmInBackground();
      return { clientId };
    },

    async sessionFor(userId): Promise<BrokerSession | undefined> {
      return (await vault.get(userId, 'angelone')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      const link = await links.lifecycle.status(userId);
      // Polling stands in while the stream is down: updates still arrive, by the order book.
      return link.updates === 'polling'
        ? pluggedBrokerStatus(link, 'polling', 'polling')
        : pluggedBrokerStatus(link, 'stream', 'streaming');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),
    adopt: (userId) => links.lifecycle.adopt(userId),
    release: (userId) => links.lifecycle.release(userId),

    async start() {
      await links.lifecycle.start();
      if ((await vault.listConnected('angelone')).length > 0) master.warmInBackground();
    },

    // The user's own prices: SmartStream, Angel One's binary price socket, opened with their session (smart-stream.ts).
    prices: pushedPrices({
      key: 'angelone',
      protocol: angelSmartStream({ url: endpoints.priceStream, apiKey: () => settings.app?.appKey }),
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
