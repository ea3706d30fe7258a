import { DomainError } from '../../../domain-error';
import type { LiveBrokerPlugin, LiveBrokerPluginFactory } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { BrokerCallError } from '../live-kit/errors';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { pushedPrices } from '../live-kit/push-price-feed';
import { upstoxEndpoints } from './endpoints';
import { downloadUpstoxContracts } from './instruments';
import type { UpstoxRow } from './map';
import { createUpstoxOrderChannel, type UpstoxChannelState } from './order-stream';
import { upstoxMarketFeed } from './price-feed';
import { createUpstoxSession, UPSTOX_BROKER_ID, withOurSymbol } from './session';
import { upstoxTokenExpiry } from './token-expiry';
import { createUpstoxApi, exchangeUpstoxCode, type UpstoxApi } from './upstox-api';
import { UPSTOX_MESSAGES } from './upstox-errors';

const NAME = 'Upstox';

export const UPSTOX_LOGIN_MESSAGES = {
  notConfigured: 'Upstox login is not available on this server',
  failed: (detail: string) => `Upstox login failed: ${detail}`,
} as const;

/** Why an exchange was refused, in the broker's words where it gave any. */
const refusalOf = (error: unknown): string => {
  if (!(error instanceof BrokerCallError)) return 'unknown error';
  // A 401 on the exchange is the app's credentials or the code, not a trading session that ended.
  if (error.code === 'token_expired') return 'the authorization code or the app credentials were refused';
  return error.message.replace(`${NAME}: `, '');
};

/**
 * Upstox on the plugin seam: the v2 authorization-code login, the v3 order API on the live-broker kit, its daily
 * instrument master, and order updates from its portfolio stream (the order book polled while the stream is down).
 */
export const createUpstoxPlugin: LiveBrokerPluginFactory = (deps): LiveBrokerPlugin => {
  const { vault, clock, logger, settings, directory } = deps;
  const endpoints = upstoxEndpoints(settings.baseUrl);

  const master = createBrokerInstrumentMaster({
    broker: 'upstox',
    name: NAME,
    db: deps.db,
    clock,
    logger,
    directory,
    download: () => downloadUpstoxContracts(endpoints.masters),
  });

  const links = createLiveLinks<UpstoxApi, UpstoxRow, UpstoxChannelState>(
    {
      broker: 'upstox',
      expiredMessage: UPSTOX_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (_account, token) => createUpstoxApi(endpoints, token),
      createSession: (userId, api, onTokenExpired) =>
        createUpstoxSession({ userId, clock, api, onTokenExpired, contracts: { master, directory } }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );

  /** Stream messages of one user, delivered in the order they came (each waits for its symbol lookup). */
  const delivering = new Map<string, Promise<void>>();
  const deliver = (userId: string, order: UpstoxRow) => {
    const previous = delivering.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => links.session(userId).deliver(await withOurSymbol(master, order)))
      .catch((error: unknown) => logger.warn({ err: error, userId }, 'upstox order update not delivered'));
    delivering.set(userId, next);
  };

  // Order updates: Upstox's portfolio stream, the order book polled while it is not up (order-stream.ts).
  const channel = createUpstoxOrderChannel({
    authorizeUrl: endpoints.portfolioStreamAuthorize,
    baseUrl: settings.baseUrl,
    pollMs: deps.pollMs ?? 2000,
    logger,
    deliver,
    catchUp: (userId) => links.session(userId).catchUp(),
    onTokenExpired: (userId) => links.expireQuietly(userId),
  });

  const app = () => {
    if (!settings.app) throw new DomainError('broker_not_configured', UPSTOX_LOGIN_MESSAGES.notConfigured);
    return settings.app;
  };

  return {
    key: 'upstox',
    brokerId: UPSTOX_BROKER_ID,
    name: NAME,

    /** Upstox's authorization dialog for this platform's app (its client id), coming back to `redirectUrl`. */
    async loginUrl(_userId, redirectUrl) {
      const { appKey } = app();
      const url = new URL(endpoints.loginDialog);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', appKey);
      url.searchParams.set('redirect_uri', redirectUrl);
      return url.toString();
    },

    /**
     * `POST /broker/code/upstox {code}`: the single-use code exchanged for the day's token with the app's secret and
     * the same redirect URI the login page was opened with.
     */
    async completeLogin(userId, body, redirectUrl) {
      const { appKey, appSecret } = app();
      if (!appSecret) throw new DomainError('broker_not_configured', UPSTOX_LOGIN_MESSAGES.notConfigured);
      const code = body.code ?? '';
      let answer: Awaited<ReturnType<typeof exchangeUpstoxCode>>;
      try {
        answer = await exchangeUpstoxCode(endpoints, {
          code,
          clientId: appKey,
          clientSecret: appSecret,
          redirectUri: redirectUrl,
        });
      } catch (error) {
        throw new DomainError('broker_login_failed', UPSTOX_LOGIN_MESSAGES.failed(refusalOf(error)));
      }
      const clientId = answer.user_id ?? '';
      await vault.saveSession(userId, 'upstox', {
        clientId,
        secrets: { accessToken: answer.access_token },
        tokenExpiresAt: upstoxTokenExpiry(clock.now()),
      });
      await deps.accounts.linkBroker(userId, UPSTOX_BROKER_ID, clientId);
      await links.connected(userId);
      master.warmInBackground();
      return { clientId: clientId || null };
    },

    async sessionFor(userId) {
      return (await vault.get(userId, 'upstox')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      return pluggedBrokerStatus(await links.lifecycle.status(userId), 'stream', 'streaming', 'polling');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),
    adopt: (userId) => links.lifecycle.adopt(userId),
    release: (userId) => links.lifecycle.release(userId),

    async start() {
      await links.lifecycle.start();
      if ((await vault.listConnected('upstox')).length > 0) master.warmInBackground();
    },

    // The user's own prices: Upstox's market data feed V3 socket, opened with their session (price-feed.ts).
    prices: pushedPrices({
      key: 'upstox',
      protocol: upstoxMarketFeed(endpoints, settings.baseUrl),
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
