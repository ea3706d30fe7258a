import { IIFL_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { BrokerSettings } from '../../../config';
import { DomainError } from '../../../domain-error';
import { detailOf } from '../live-kit/errors';
import { nextIstHour } from '../live-kit/expiry';
import { createLiveLinks, type LiveBrokerDeps } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import { createIiflApi, createIiflSession, IIFL_MESSAGES, type IiflApi } from './iifl-api';
import type { IiflOrder } from './iifl-schemas';
import { createIiflSession as createSession, type IiflSession } from './session';

const IIFL_SERVICE_MESSAGES = {
  notConfigured: 'IIFL login is not available on this server',
  loginFailed: (detail: string) => `IIFL login failed: ${detail}`,
} as const;

/** IIFL user sessions end at midnight IST. */
const iiflSessionExpiry = (issuedAt: number): number => nextIstHour(issuedAt, 0);

export interface IiflServiceDeps extends LiveBrokerDeps {
  settings: BrokerSettings['iifl'];
  tokenOf(tradingSymbol: string): string | undefined;
  /** How often the order book is read for updates (IIFL's push channel is MQTT, which we do not speak). */
  pollMs?: number;
}

export type IiflService = ReturnType<typeof createIiflService>;

/** IIFL for every user: the login exchange and the order-book poller; the rest is the live kit's. */
export function createIiflService(deps: IiflServiceDeps) {
  const { vault, clock, logger, settings } = deps;

  const links = createLiveLinks<IiflApi, IiflOrder, 'polling'>(
    {
      broker: 'iifl',
      expiredMessage: IIFL_MESSAGES.sessionExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (_account, token) => createIiflApi(settings.apiUrl, token),
      createSession: (userId, api, onTokenExpired) =>
        createSession({ userId, clock, api, onTokenExpired, tokenOf: deps.tokenOf }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );

  // IIFL pushes order updates over MQTT, which we do not speak: its order book is polled instead.
  const channel = createPollingChannel(
    deps.pollMs ?? 2000,
    (userId) => links.session(userId).catchUp(),
    (userId, error) => logger.debug({ err: error, userId }, 'iifl order poll failed'),
  );

  return {
    brokerId: IIFL_BROKER_ID,

    /** IIFL's login page for this platform's app, sending the browser back to `redirectUrl`. */
    loginUrl(redirectUrl: string | undefined): string {
      if (!settings.app) throw new DomainError('broker_not_configured', IIFL_SERVICE_MESSAGES.notConfigured);
      const url = new URL(settings.loginUrl);
      url.searchParams.set('v', '1');
      url.searchParams.set('appkey', settings.app.appKey);
      if (redirectUrl) url.searchParams.set('redirectUrl', redirectUrl);
      return url.toString();
    },

    /** `POST /broker/save/iifl {clientId, authcode}`: the auth code exchanged (with the checksum) for a session. */
    async completeLogin(userId: string, clientId: string, authCode: string): Promise<void> {
      if (!settings.app) throw new DomainError('broker_not_configured', IIFL_SERVICE_MESSAGES.notConfigured);
      let userSession: string;
      try {
        userSession = await createIiflSession(settings.apiUrl, clientId, authCode, settings.app.appSecret);
      } catch (error) {
        throw new DomainError(
          'broker_login_failed',
          IIFL_SERVICE_MESSAGES.loginFailed(detailOf(error, 'IIFL')),
        );
      }
      await vault.saveSession(userId, 'iifl', {
        clientId,
        secrets: { accessToken: userSession },
        tokenExpiresAt: iiflSessionExpiry(clock.now()),
      });
      await deps.accounts.linkBroker(userId, IIFL_BROKER_ID, clientId);
      await links.connected(userId);
    },

    async sessionFor(userId: string): Promise<IiflSession | undefined> {
      return (await vault.get(userId, 'iifl')) ? links.session(userId) : undefined;
    },

    ...links.lifecycle,
  };
}
