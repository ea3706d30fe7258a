import { IIFL_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { Kysely } from 'kysely';
import type { BrokerSettings } from '../../../config';
import { DomainError } from '../../../domain-error';
import type { Database } from '../../../store/database';
import type { InstrumentDirectory } from '../../instruments/contract';
import { detailOf } from '../live-kit/errors';
import { nextIstHour } from '../live-kit/expiry';
import { createBrokerInstrumentMaster, type ListedContractsSink } from '../live-kit/instrument-master';
import { createLiveLinks, type LiveBrokerDeps } from '../live-kit/links';
import { createPollingChannel } from '../live-kit/polling';
import { polledPrices } from '../live-kit/price-feed';
import { downloadIiflContracts } from './contract-files';
import { createIiflApi, createIiflSession, IIFL_MESSAGES, type IiflApi } from './iifl-api';
import type { IiflOrder } from './iifl-schemas';
import { iiflQuoteEndpoint } from './price-feed';
import { createIiflSession as createSession, type IiflSession } from './session';

const IIFL_SERVICE_MESSAGES = {
  notConfigured: 'IIFL login is not available on this server',
  loginFailed: (detail: string) => `IIFL login failed: ${detail}`,
} as const;

/** IIFL user sessions end at midnight IST. */
const iiflSessionExpiry = (issuedAt: number): number => nextIstHour(issuedAt, 0);

export interface IiflServiceDeps extends LiveBrokerDeps {
  settings: BrokerSettings['iifl'];
  /**
   * Our instrument master: the contract a trader picked, by our trading symbol; and where IIFL's contract files go
   * when they load (the instrument master may be built from them).
   */
  directory: InstrumentDirectory & ListedContractsSink;
  /** The store, for IIFL's contract files of the day (live-kit/instrument-master.ts). */
  db: Kysely<Database>;
  /** How often the order book is read for updates (IIFL's push channel is MQTT, which we do not speak). */
  pollMs?: number;
}

export type IiflService = ReturnType<typeof createIiflService>;

/** IIFL for every user: the login exchange and the order-book poller; the rest is the live kit's. */
export function createIiflService(deps: IiflServiceDeps) {
  const { vault, clock, logger, settings, directory } = deps;

  // IIFL's NSEFO and BSEFO contract files, downloaded once a day: orders carry IIFL's own instrumentId.
  const master = createBrokerInstrumentMaster({
    broker: 'iifl',
    name: 'IIFL',
    db: deps.db,
    clock,
    logger,
    directory,
    download: () => downloadIiflContracts(settings.apiUrl),
  });

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
        createSession({ userId, clock, api, onTokenExpired, master, directory }),
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

    async start(): Promise<void> {
      await links.lifecycle.start();
      // Traders already connected should not have their first order wait for the day's contract files; otherwise
      // they are fetched at the first order or price. A failure is retried on first use.
      if ((await vault.listConnected('iifl')).length === 0) return;
      master.warmInBackground();
    },

    // The user's own prices: IIFL's market quotes polled with their session (price-feed.ts).
    prices: polledPrices({
      key: 'iifl',
      endpoint: iiflQuoteEndpoint(settings.apiUrl),
      master,
      credentials: links.credentials,
      expire: links.expireQuietly,
      now: () => clock.now(),
      logger,
    }),
  };
}
