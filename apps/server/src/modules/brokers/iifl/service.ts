import { addDays, istDateOf, istEpochMs } from '@xtrader/core';
import { IIFL_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { Clock } from '../../../clock';
import type { BrokerSettings } from '../../../config';
import { BadRequestError } from '../../../http/errors';
import type { Logger } from '../../../logger';
import { createOrderRateGovernor, type OrderRateGovernor } from '../live/governor';
import type { AccountLinks, BrokerAccount, CredentialVault } from '../vault';
import { createIiflApi, createIiflSession, IIFL_MESSAGES, type IiflApi, IiflApiError } from './iifl-api';
import { createIiflSession as createSession, type IiflSession } from './session';

export const IIFL_SERVICE_MESSAGES = {
  notConfigured: 'IIFL login is not available on this server',
  loginFailed: (detail: string) => `IIFL login failed: ${detail}`,
} as const;

/** IIFL user sessions end at midnight IST. */
export const iiflSessionExpiry = (issuedAt: number): number => istEpochMs(addDays(istDateOf(issuedAt), 1));

export interface IiflLinkStatus {
  clientId: string | null;
  state: 'none' | 'credentials' | 'connected' | 'expired';
  expiresAt: number | null;
  updates: 'polling' | 'off';
}

export interface IiflServiceDeps {
  vault: CredentialVault;
  accounts: AccountLinks;
  clock: Clock;
  logger: Logger;
  settings: BrokerSettings['iifl'];
  tokenOf(tradingSymbol: string): string | undefined;
  governor?: OrderRateGovernor;
  /** How often the order book is read for updates (IIFL's push channel is MQTT, which we do not speak). */
  pollMs?: number;
  onStatus?(userId: string): void;
}

export type IiflService = ReturnType<typeof createIiflService>;

export function createIiflService(deps: IiflServiceDeps) {
  const { vault, clock, logger, settings } = deps;
  const governor = deps.governor ?? createOrderRateGovernor();
  const pollMs = deps.pollMs ?? 2000;
  const sessions = new Map<string, IiflSession>();
  const pollers = new Map<string, NodeJS.Timeout>();

  const isLive = (account: BrokerAccount | undefined): boolean =>
    account?.status === 'connected' &&
    account.secrets.accessToken !== undefined &&
    (account.tokenExpiresAt === null || clock.now() < account.tokenExpiresAt);

  const stopPolling = (userId: string) => {
    clearInterval(pollers.get(userId));
    pollers.delete(userId);
  };

  const expire = async (userId: string) => {
    stopPolling(userId);
    await vault.markExpired(userId, 'iifl');
    deps.onStatus?.(userId);
  };
  const expireQuietly = (userId: string) => {
    expire(userId).catch((error: unknown) =>
      logger.error({ err: error, userId }, 'marking iifl expired failed'),
    );
  };

  const api = async (userId: string): Promise<IiflApi> => {
    const account = await vault.get(userId, 'iifl');
    const token = account?.secrets.accessToken;
    if (!account || !token || !isLive(account)) {
      if (account?.status === 'connected') expireQuietly(userId);
      throw new IiflApiError('token_expired', IIFL_MESSAGES.sessionExpired, false);
    }
    return createIiflApi(settings.apiUrl, token);
  };

  const session = (userId: string): IiflSession => {
    let existing = sessions.get(userId);
    if (!existing) {
      existing = createSession({
        userId,
        clock,
        governor,
        api: () => api(userId),
        onTokenExpired: () => expireQuietly(userId),
        tokenOf: deps.tokenOf,
      });
      sessions.set(userId, existing);
    }
    return existing;
  };

  const startPolling = (userId: string) => {
    stopPolling(userId);
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      session(userId)
        .poll()
        .catch((error: unknown) => logger.debug({ err: error, userId }, 'iifl order poll failed'))
        .finally(() => {
          busy = false;
        });
    }, pollMs);
    timer.unref();
    pollers.set(userId, timer);
  };

  return {
    brokerId: IIFL_BROKER_ID,

    /** IIFL's login page for this platform's app, sending the browser back to `redirectUrl`. */
    loginUrl(redirectUrl: string | undefined): string {
      if (!settings.app)
        throw new BadRequestError(IIFL_SERVICE_MESSAGES.notConfigured, 'BROKER_NOT_CONFIGURED');
      const url = new URL(settings.loginUrl);
      url.searchParams.set('v', '1');
      url.searchParams.set('appkey', settings.app.appKey);
      if (redirectUrl) url.searchParams.set('redirectUrl', redirectUrl);
      return url.toString();
    },

    /** `POST /broker/save/iifl {clientId, authcode}`: the auth code exchanged (with the checksum) for a session. */
    async completeLogin(userId: string, clientId: string, authCode: string): Promise<void> {
      if (!settings.app)
        throw new BadRequestError(IIFL_SERVICE_MESSAGES.notConfigured, 'BROKER_NOT_CONFIGURED');
      let userSession: string;
      try {
        userSession = await createIiflSession(settings.apiUrl, clientId, authCode, settings.app.appSecret);
      } catch (error) {
        const detail = error instanceof IiflApiError ? error.message.replace(/^IIFL: /, '') : 'unknown error';
        throw new BadRequestError(IIFL_SERVICE_MESSAGES.loginFailed(detail), 'BROKER_LOGIN_FAILED');
      }
      await vault.saveSession(userId, 'iifl', {
        clientId,
        secrets: { accessToken: userSession },
        tokenExpiresAt: iiflSessionExpiry(clock.now()),
      });
      await deps.accounts.linkBroker(userId, IIFL_BROKER_ID, clientId);
      await session(userId)
        .seed()
        .catch((error: unknown) => logger.warn({ err: error, userId }, 'reading the iifl order book failed'));
      startPolling(userId);
      deps.onStatus?.(userId);
    },

    async sessionFor(userId: string): Promise<IiflSession | undefined> {
      return (await vault.get(userId, 'iifl')) ? session(userId) : undefined;
    },

    async status(userId: string): Promise<IiflLinkStatus> {
      const account = await vault.get(userId, 'iifl');
      if (!account) return { clientId: null, state: 'none', expiresAt: null, updates: 'off' };
      if (account.status === 'connected' && !isLive(account)) await expire(userId);
      const current = (await vault.get(userId, 'iifl')) ?? account;
      return {
        clientId: current.clientId,
        state: current.status,
        expiresAt: current.status === 'connected' ? current.tokenExpiresAt : null,
        updates: pollers.has(userId) ? 'polling' : 'off',
      };
    },

    /** 'Subscribe Updates': restart the order-update poller and report what changed meanwhile. */
    async reconnect(userId: string): Promise<void> {
      const account = await vault.get(userId, 'iifl');
      if (!isLive(account)) throw new BadRequestError(IIFL_MESSAGES.sessionExpired, 'BROKER_SESSION_EXPIRED');
      startPolling(userId);
      await session(userId).poll();
    },

    /** After a restart: expires dead sessions; seeds the order book of live ones, then polls it for updates. */
    async start(): Promise<void> {
      for (const account of await vault.listConnected('iifl')) {
        if (!isLive(account)) {
          await expire(account.userId);
          continue;
        }
        await session(account.userId)
          .seed()
          .catch((error: unknown) => logger.warn({ err: error, userId: account.userId }, 'iifl seed failed'));
        startPolling(account.userId);
      }
    },

    async sweepExpired(): Promise<void> {
      for (const account of await vault.listConnected('iifl')) {
        if (!isLive(account)) await expire(account.userId);
      }
    },

    close(): void {
      for (const userId of [...pollers.keys()]) stopPolling(userId);
    },
  };
}
