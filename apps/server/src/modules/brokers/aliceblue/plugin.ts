import { DomainError } from '../../../domain-error';
import type { LiveBrokerPlugin, LiveBrokerPluginDeps } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { brokerEndpoint } from '../live-kit/endpoints';
import { detailOf } from '../live-kit/errors';
import { nextIstHour } from '../live-kit/expiry';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { pushedPrices } from '../live-kit/push-price-feed';
import { ALICEBLUE_ENDPOINTS, type AliceApi, createAliceApi, exchangeAuthCode } from './aliceblue-api';
import { ALICEBLUE_MESSAGES, ALICEBLUE_NAME } from './aliceblue-messages';
import { downloadContractMaster } from './contract-master';
import type { AliceRow } from './map';
import { type AliceUpdateState, createAliceOrderFeed } from './order-feed';
import { ALICEBLUE_PRICE_SOCKET_URL, alicePriceSocket } from './price-socket';
import { ALICEBLUE_BROKER_ID, createAliceSession } from './session';

/**
 * AliceBlue's user session lasts the trading day: AliceBlue asks for a fresh login every day. We end it at the next
 * 06:00 IST (before the next pre-open), and a 401 or `EC087 Session Expired` ends it earlier.
 */
export const aliceSessionExpiry = (issuedAt: number): number => nextIstHour(issuedAt, 6);

/**
 * AliceBlue through the plugin seam: vendor login with the checksum, order updates from its Order Status Feed with
 * the order book polled while the feed is down.
 */
export function createAliceBluePlugin(
  deps: LiveBrokerPluginDeps & {
    /** How long after the order feed failed it is tried again (tests shorten it). */
    feedRetryMs?: number;
  },
): LiveBrokerPlugin {
  const { vault, clock, logger, settings } = deps;

  const master = createBrokerInstrumentMaster({
    broker: 'aliceblue',
    name: ALICEBLUE_NAME,
    db: deps.db,
    clock,
    logger,
    directory: deps.directory,
    download: () => downloadContractMaster(settings.baseUrl),
  });

  const links = createLiveLinks<AliceApi, AliceRow, AliceUpdateState>(
    {
      broker: 'aliceblue',
      expiredMessage: ALICEBLUE_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (_account, token) => createAliceApi(settings.baseUrl, token),
      createSession: (userId, api, onTokenExpired) =>
        createAliceSession({
          userId,
          clock,
          api,
          onTokenExpired,
          master,
          directory: deps.directory,
          algoId: settings.algoId,
        }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );

  // AliceBlue's Order Status Feed nudges a read of the order book; the book is polled while the feed is down.
  const channel = createAliceOrderFeed({
    baseUrl: settings.baseUrl,
    logger,
    catchUp: (userId) => links.session(userId).catchUp(),
    pollMs: deps.pollMs ?? 2000,
    ...(deps.feedRetryMs !== undefined ? { retryMs: deps.feedRetryMs } : {}),
  });

  const app = () => {
    if (!settings.app?.appSecret)
      throw new DomainError('broker_not_configured', ALICEBLUE_MESSAGES.notConfigured);
    return { appCode: settings.app.appKey, apiSecret: settings.app.appSecret };
  };

  return {
    key: 'aliceblue',
    brokerId: ALICEBLUE_BROKER_ID,
    name: ALICEBLUE_NAME,

    /** AliceBlue's login page for this platform's app code; the redirect URL is registered with the app at AliceBlue. */
    async loginUrl() {
      const { appCode } = app();
      const url = new URL(brokerEndpoint(ALICEBLUE_ENDPOINTS.loginPage, settings.baseUrl));
      url.searchParams.set('appcode', appCode);
      return url.toString();
    },

    /** `{authCode, clientId}` from the redirect: exchanged with sha256(userId + authCode + apiSecret). */
    async completeLogin(userId, body) {
      const { apiSecret } = app();
      const aliceUserId = body.clientId ?? '';
      let session: { userSession: string; clientId: string };
      try {
        session = await exchangeAuthCode(settings.baseUrl, aliceUserId, body.authCode ?? '', apiSecret);
      } catch (error) {
        throw new DomainError(
          'broker_login_failed',
          ALICEBLUE_MESSAGES.loginFailed(detailOf(error, ALICEBLUE_NAME)),
        );
      }
      await vault.saveSession(userId, 'aliceblue', {
        clientId: session.clientId,
        secrets: { accessToken: session.userSession },
        tokenExpiresAt: aliceSessionExpiry(clock.now()),
      });
      await deps.accounts.linkBroker(userId, ALICEBLUE_BROKER_ID, session.clientId);
      await links.connected(userId);
      master.warmInBackground();
      return { clientId: session.clientId };
    },

    async sessionFor(userId) {
      return (await vault.get(userId, 'aliceblue')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      const link = await links.lifecycle.status(userId);
      return link.updates === 'stream'
        ? pluggedBrokerStatus(link, 'stream', 'stream')
        : pluggedBrokerStatus(link, 'polling', 'polling');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),
    adopt: (userId) => links.lifecycle.adopt(userId),
    release: (userId) => links.lifecycle.release(userId),

    async start() {
      await links.lifecycle.start();
      if ((await vault.listConnected('aliceblue')).length > 0) master.warmInBackground();
    },

    // The user's own prices: AliceBlue's Noren market-data socket with their session (price-socket.ts).
    prices: pushedPrices({
      key: 'aliceblue',
      protocol: alicePriceSocket(brokerEndpoint(ALICEBLUE_PRICE_SOCKET_URL, settings.baseUrl)),
      master,
      credentials: links.credentials,
      expire: links.expireQuietly,
      now: () => clock.now(),
      logger,
    }),

    sweepExpired: () => links.lifecycle.sweepExpired(),

    close: () => links.lifecycle.close(),
  };
}
