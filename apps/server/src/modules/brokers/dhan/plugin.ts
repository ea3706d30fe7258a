import { DomainError } from '../../../domain-error';
import type { LiveBrokerPlugin, LiveBrokerPluginDeps } from '../live/plugin';
import { pluggedBrokerStatus } from '../live/status';
import { readBoundedText } from '../live-kit/bounded-body';
import { BrokerCallError } from '../live-kit/errors';
import { createBrokerInstrumentMaster } from '../live-kit/instrument-master';
import { createLiveLinks } from '../live-kit/links';
import { pushedPrices } from '../live-kit/push-price-feed';
import { consumeDhanConsent, createDhanApi, type DhanApi, generateDhanConsent } from './dhan-api';
import { dhanAppOf } from './dhan-app';
import { dhanEndpoints } from './dhan-endpoints';
import { DHAN_MESSAGES } from './dhan-errors';
import { DHAN_BROKER_ID } from './dhan-ids';
import type { DhanRow } from './map';
import { dhanMarketFeed } from './market-feed';
import { parseDhanScripMaster } from './scrip-master';
import { createDhanSession } from './session';
import { dhanTokenExpiry } from './token-expiry';
import { createDhanUpdateChannel, type DhanChannelState } from './update-channel';

const MESSAGES = {
  notConfigured: 'Dhan login is not available on this server',
  loginFailed: (detail: string) => `Dhan login failed: ${detail}`,
  noClientId:
    'Dhan login failed: Dhan needs your Dhan client id to start a login, and this server does not know it yet (the operator names the client of its Dhan API key in XT_DHAN_APP_KEY as <app id>:<client id>)',
  refusedGrant: 'Dhan did not accept the login (the token id is wrong, already used or expired)',
} as const;

const SCRIP_MASTER_TIMEOUT_MS = 60_000;

/** Why a login step failed, in words for the trader (a dead-token answer here means the grant was refused). */
const loginDetail = (error: unknown): string => {
  if (!(error instanceof BrokerCallError)) return 'unknown error';
  if (error.code === 'token_expired') return MESSAGES.refusedGrant;
  return error.message.replace(/^Dhan: /, '');
};

/**
 * Dhan (DhanHQ v2) through the plugin seam: the API-key login (consent, browser login, consent exchange), the kit's
 * sessions and tracking, orders with Dhan's security ids from its detailed scrip master, updates from Dhan's
 * order-update WebSocket (the order book polled while it is down).
 */
export function createDhanPlugin(deps: LiveBrokerPluginDeps): LiveBrokerPlugin {
  const { vault, clock, logger, settings } = deps;
  const endpoints = dhanEndpoints(settings.baseUrl);

  const master = createBrokerInstrumentMaster({
    broker: 'dhan',
    name: 'Dhan',
    db: deps.db,
    clock,
    logger,
    directory: deps.directory,
    async download() {
      const response = await fetch(endpoints.scripMaster, {
        signal: AbortSignal.timeout(SCRIP_MASTER_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return parseDhanScripMaster(await readBoundedText(response));
    },
  });

  const links = createLiveLinks<DhanApi, DhanRow, DhanChannelState>(
    {
      broker: 'dhan',
      expiredMessage: DHAN_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (account, token) => createDhanApi(endpoints, account.clientId ?? '', token),
      createSession: (userId, api, onTokenExpired) =>
        createDhanSession({ userId, clock, api, onTokenExpired, master, directory: deps.directory }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );

  // Dhan's order-update WebSocket, with the order book polled while it is down.
  const channel = createDhanUpdateChannel({
    url: endpoints.orderStream,
    pollMs: deps.pollMs ?? 2000,
    logger,
    catchUp: (userId) => links.session(userId).catchUp(),
  });

  const app = () => {
    const configured = dhanAppOf(settings);
    if (!configured) throw new DomainError('broker_not_configured', MESSAGES.notConfigured);
    return configured;
  };

  return {
    key: 'dhan',
    brokerId: DHAN_BROKER_ID,
    name: 'Dhan',

    /**
     * Generates a consent for the trader's Dhan client id (the one Dhan returned at their last login, else the
     * client the platform's key was issued to) and answers Dhan's login page for it. Dhan sends the browser to the
     * redirect URL registered with the API key, so `redirectUrl` is not sent: the operator registers it at Dhan.
     */
    async loginUrl(userId) {
      const dhan = app();
      const clientId = (await vault.get(userId, 'dhan'))?.clientId ?? dhan.ownerClientId;
      if (!clientId) throw new DomainError('broker_login_failed', MESSAGES.noClientId);
      let consentAppId: string;
      try {
        consentAppId = await generateDhanConsent(endpoints, dhan, clientId);
      } catch (error) {
        throw new DomainError('broker_login_failed', MESSAGES.loginFailed(loginDetail(error)));
      }
      const url = new URL(endpoints.consentLogin);
      url.searchParams.set('consentAppId', consentAppId);
      return url.toString();
    },

    /** `POST /broker/token/dhan {token}`: the redirect's tokenId exchanged for the day's access token. */
    async completeLogin(userId, body) {
      const dhan = app();
      const tokenId = body.token ?? '';
      let grant: Awaited<ReturnType<typeof consumeDhanConsent>>;
      try {
        grant = await consumeDhanConsent(endpoints, dhan, tokenId);
      } catch (error) {
        throw new DomainError('broker_login_failed', MESSAGES.loginFailed(loginDetail(error)));
      }
      const issuedAt = clock.now();
      await vault.saveSession(userId, 'dhan', {
        clientId: grant.dhanClientId,
        secrets: { accessToken: grant.accessToken },
        tokenExpiresAt: dhanTokenExpiry(issuedAt, grant.expiryTime),
      });
      await deps.accounts.linkBroker(userId, DHAN_BROKER_ID, grant.dhanClientId);
      await links.connected(userId);
      return { clientId: grant.dhanClientId };
    },

    async sessionFor(userId) {
      return (await vault.get(userId, 'dhan')) ? links.session(userId) : undefined;
    },

    async status(userId) {
      return pluggedBrokerStatus(await links.lifecycle.status(userId), 'stream', 'stream', 'polling');
    },

    reconnect: (userId) => links.lifecycle.reconnect(userId),
    adopt: (userId) => links.lifecycle.adopt(userId),
    release: (userId) => links.lifecycle.release(userId),

    async start() {
      await links.lifecycle.start();
      // Traders already connected should not have their first order wait for the day's scrip master; otherwise it
      // is fetched at the first login. A failure is retried on first use.
      if ((await vault.listConnected('dhan')).length === 0) return;
      master.warmInBackground();
    },

    // The user's own prices: Dhan's live market feed opened with their session (market-feed.ts).
    prices: pushedPrices({
      key: 'dhan',
      protocol: dhanMarketFeed(endpoints.marketFeed),
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
