import { DomainError } from '../../../domain-error';
import type { LiveBrokerPlugin, LiveBrokerPluginFactory } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { brokerEndpoint, brokerRoot } from '../live-kit/endpoints';
import { detailOf } from '../live-kit/errors';
import { nextIstHour } from '../live-kit/expiry';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { pushedPrices } from '../live-kit/push-price-feed';
import { createFlattradeApi, exchangeFlattradeCode } from './flattrade-api';
import { FLATTRADE_MESSAGES, FLATTRADE_NAME } from './flattrade-errors';
import { flattradeOrderSchema } from './flattrade-schemas';
import { downloadFlattradeMaster } from './instruments';
import type { FlattradeOrder } from './map';
import {
  createFlattradeStreamChannel,
  FLATTRADE_STREAM_URL,
  type FlattradeStreamState,
} from './order-stream';
import {
  createFlattradeSession,
  FLATTRADE_BROKER_ID,
  type FlattradeUserApi,
  flattradeAdapter,
} from './session';
import { FLATTRADE_TOUCHLINE_URL, flattradeTouchline } from './touchline';

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
 * its hash for the day's token, orders as Noren form posts, order updates on Noren's WebSocket order feed (the
 * order book polled while it is down).
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

  const links = createLiveLinks<FlattradeUserApi, FlattradeOrder, FlattradeStreamState>(
    {
      broker: 'flattrade',
      expiredMessage: FLATTRADE_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
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

  /** Each user's feed messages in arrival order (mapping a row to our symbol may wait for the master). */
  const feedQueues = new Map<string, Promise<void>>();
  const deliverFeed = (userId: string, message: Record<string, unknown>) => {
    const row = flattradeOrderSchema.safeParse({ ...message, prd: message.pcode ?? message.prd });
    if (!row.success) {
      // A message we cannot read: the order book has the same change.
      links.catchUpQuietly(userId);
      return;
    }
    const next = (feedQueues.get(userId) ?? Promise.resolve())
      .then(async () => {
        const ourSymbol = row.data.token ? await master.symbolOf(row.data.token) : undefined;
        links.session(userId).deliver({ ...row.data, ourSymbol });
      })
      .catch((error: unknown) => logger.warn({ err: error, userId }, 'flattrade order update failed'));
    feedQueues.set(userId, next);
  };

  const pollMs = deps.pollMs ?? 2000;
  const channel = createFlattradeStreamChannel({
    url: brokerEndpoint(FLATTRADE_STREAM_URL, settings.baseUrl),
    logger,
    pollMs,
    // A dropped feed is retried every 5 s at the default poll interval; the order book is polled meanwhile.
    reconnectMs: pollMs * 2.5,
    catchUp: (userId) => links.session(userId).catchUp(),
    deliver: deliverFeed,
  });

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
      master.warmInBackground();
      return { clientId: grant.clientId };
    },

    async sessionFor(userId) {
      return (await vault.get(userId, 'flattrade')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      return pluggedBrokerStatus(await links.lifecycle.status(userId), 'stream', 'connected', 'reconnecting');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),
    adopt: (userId) => links.lifecycle.adopt(userId),
    release: (userId) => links.lifecycle.release(userId),

    async start() {
      await links.lifecycle.start();
      // Today's instrument list before the first order, when someone trades through Flattrade (else at login).
      if ((await vault.listConnected('flattrade')).length > 0) master.warmInBackground();
    },

    // The user's own prices: Noren's touchline socket with their session (touchline.ts).
    prices: pushedPrices({
      key: 'flattrade',
      protocol: flattradeTouchline(brokerEndpoint(FLATTRADE_TOUCHLINE_URL, settings.baseUrl)),
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
