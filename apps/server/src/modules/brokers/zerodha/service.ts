import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { Clock } from '../../../clock';
import type { BrokerSettings } from '../../../config';
import { BadRequestError, UnauthorizedError } from '../../../http/errors';
import type { Logger } from '../../../logger';
import { createOrderRateGovernor, type OrderRateGovernor } from '../live/governor';
import type { AccountLinks, BrokerAccount, CredentialVault } from '../vault';
import { checksumsMatch, postbackChecksum } from './checksum';
import { createTickerConnections } from './connections';
import { createKiteApi, exchangeRequestToken, type KiteApi } from './kite-api';
import { KITE_MESSAGES, KiteApiError } from './kite-errors';
import { kiteOrderSchema, kitePostbackSchema } from './kite-schemas';
import { createZerodhaSession, type ZerodhaSession } from './session';
import type { LivePriceFeed } from './ticker/live-feed';
import type { TickerState, TickerTiming } from './ticker/ticker-client';
import { kiteTokenExpiry } from './token-expiry';

export const ZERODHA_MESSAGES = {
  missingCredentials: 'cannot find credentials',
  loginFailed: (detail: string) => `Zerodha login failed: ${detail}`,
  forgedPostback: 'Postback checksum does not match',
} as const;

export interface ZerodhaLinkStatus {
  clientId: string | null;
  state: 'none' | 'credentials' | 'connected' | 'expired';
  expiresAt: number | null;
  updates: TickerState | 'off';
}

export interface ZerodhaServiceDeps {
  vault: CredentialVault;
  accounts: AccountLinks;
  clock: Clock;
  logger: Logger;
  settings: BrokerSettings['kite'];
  feed?: LivePriceFeed;
  governor?: OrderRateGovernor;
  tickerTiming?: Partial<TickerTiming>;
  /** The user's Zerodha link changed (connected, expired): clients refresh the broker status. */
  onStatus?(userId: string): void;
}

export type ZerodhaService = ReturnType<typeof createZerodhaService>;

/** Zerodha for every user: credentials, the login exchange, sessions, tickers, postbacks and expiry. */
export function createZerodhaService(deps: ZerodhaServiceDeps) {
  const { vault, clock, logger } = deps;
  const governor = deps.governor ?? createOrderRateGovernor();
  const sessions = new Map<string, ZerodhaSession>();
  const apis = new Map<string, { token: string; api: KiteApi }>();
  const connection = (apiKey: string) => ({ root: deps.settings.apiUrl, apiKey });

  const isLive = (account: BrokerAccount | undefined): boolean =>
    account?.status === 'connected' &&
    account.secrets.accessToken !== undefined &&
    (account.tokenExpiresAt === null || clock.now() < account.tokenExpiresAt);

  const expire = async (userId: string) => {
    apis.delete(userId);
    tickers.close(userId);
    await vault.markExpired(userId, 'zerodha');
    logger.info({ userId }, 'zerodha session expired');
    deps.onStatus?.(userId);
  };

  const expireQuietly = (userId: string) => {
    expire(userId).catch((error: unknown) =>
      logger.error({ err: error, userId }, 'marking zerodha expired failed'),
    );
  };

  const api = async (userId: string): Promise<KiteApi> => {
    const account = await vault.get(userId, 'zerodha');
    const token = account?.secrets.accessToken;
    if (!account || !token || !isLive(account)) {
      if (account?.status === 'connected') expireQuietly(userId);
      throw new KiteApiError('token_expired', KITE_MESSAGES.tokenExpired, false);
    }
    const cached = apis.get(userId);
    if (cached?.token === token) return cached.api;
    const fresh = createKiteApi(connection(account.secrets.apiKey ?? ''), token);
    apis.set(userId, { token, api: fresh });
    return fresh;
  };

  const session = (userId: string): ZerodhaSession => {
    let existing = sessions.get(userId);
    if (!existing) {
      existing = createZerodhaSession({
        userId,
        clock,
        governor,
        api: () => api(userId),
        onTokenExpired: () => expireQuietly(userId),
      });
      sessions.set(userId, existing);
    }
    return existing;
  };

  const deliver = (userId: string, data: unknown) => {
    const order = kiteOrderSchema.safeParse(data);
    if (order.success) session(userId).deliver(order.data);
    else logger.warn({ userId }, 'unreadable zerodha order update ignored');
  };

  const tickers = createTickerConnections({
    url: deps.settings.tickerUrl,
    logger,
    feed: deps.feed,
    ...(deps.tickerTiming ? { timing: deps.tickerTiming } : {}),
    handlers: {
      order: deliver,
      reconnected: (userId) => {
        session(userId)
          .catchUp()
          .catch((error: unknown) =>
            logger.warn({ err: error, userId }, 'zerodha catch-up after reconnect failed'),
          );
      },
      tokenExpired: expireQuietly,
    },
  });

  const credentialsOf = async (userId: string) => {
    const account = await vault.get(userId, 'zerodha');
    const { apiKey, apiSecret } = account?.secrets ?? {};
    if (!apiKey || !apiSecret)
      throw new BadRequestError(ZERODHA_MESSAGES.missingCredentials, 'MISSING_CREDENTIALS');
    return { apiKey, apiSecret };
  };

  return {
    brokerId: ZERODHA_BROKER_ID,

    saveCredentials: (userId: string, apiKey: string, apiSecret: string) =>
      vault.saveCredentials(userId, 'zerodha', { apiKey, apiSecret }),

    /** The Kite login page for the user's own app; 'cannot find credentials' when none are stored. */
    async loginUrl(userId: string): Promise<string> {
      const { apiKey } = await credentialsOf(userId);
      const url = new URL(deps.settings.loginUrl);
      url.searchParams.set('v', '3');
      url.searchParams.set('api_key', apiKey);
      return url.toString();
    },

    /** The request token from the redirect, exchanged (with the checksum) for the day's access token. */
    async completeLogin(userId: string, requestToken: string): Promise<{ clientId: string }> {
      const { apiKey, apiSecret } = await credentialsOf(userId);
      let data: Awaited<ReturnType<typeof exchangeRequestToken>>;
      try {
        data = await exchangeRequestToken(connection(apiKey), requestToken, apiSecret);
      } catch (error) {
        const detail =
          error instanceof KiteApiError ? error.message.replace(/^Zerodha: /, '') : 'unknown error';
        const reason =
          error instanceof KiteApiError && error.code === 'token_expired'
            ? 'the login link expired or the API secret is wrong'
            : detail;
        throw new BadRequestError(ZERODHA_MESSAGES.loginFailed(reason), 'BROKER_LOGIN_FAILED');
      }
      await vault.saveSession(userId, 'zerodha', {
        clientId: data.user_id,
        secrets: {
          accessToken: data.access_token,
          ...(data.public_token ? { publicToken: data.public_token } : {}),
          ...(data.refresh_token ? { refreshToken: data.refresh_token } : {}),
        },
        tokenExpiresAt: kiteTokenExpiry(clock.now()),
      });
      apis.delete(userId);
      await deps.accounts.linkBroker(userId, ZERODHA_BROKER_ID, data.user_id);
      tickers.open(userId, apiKey, data.access_token);
      await session(userId)
        .seed()
        .catch((error: unknown) =>
          logger.warn({ err: error, userId }, 'reading the zerodha order book failed'),
        );
      deps.onStatus?.(userId);
      return { clientId: data.user_id };
    },

    /** The user's Zerodha session while one was ever made; commands fail with a clear message once it expired. */
    async sessionFor(userId: string): Promise<ZerodhaSession | undefined> {
      const account = await vault.get(userId, 'zerodha');
      return account?.secrets.apiKey ? session(userId) : undefined;
    },

    /** A Kite postback: the checksum must match one of the accounts with that client id. */
    async acceptPostback(body: unknown): Promise<void> {
      const envelope = kitePostbackSchema.safeParse(body);
      if (!envelope.success) throw new BadRequestError('Not a Kite postback', 'BAD_POSTBACK');
      const { user_id, order_id, order_timestamp, checksum } = envelope.data;
      const accounts = await vault.findByClientId('zerodha', user_id);
      const owner = accounts.find((account) => {
        const secret = account.secrets.apiSecret;
        return (
          secret !== undefined &&
          checksumsMatch(postbackChecksum(order_id, order_timestamp, secret), checksum)
        );
      });
      if (!owner) throw new UnauthorizedError(ZERODHA_MESSAGES.forgedPostback, 'FORGED_POSTBACK');
      const order = kiteOrderSchema.safeParse(body);
      if (!order.success)
        throw new BadRequestError('Postback order fields are missing or invalid', 'BAD_POSTBACK');
      session(owner.userId).deliver(order.data);
    },

    async status(userId: string): Promise<ZerodhaLinkStatus> {
      const account = await vault.get(userId, 'zerodha');
      if (!account) return { clientId: null, state: 'none', expiresAt: null, updates: 'off' };
      if (account.status === 'connected' && !isLive(account)) await expire(userId);
      const current = (await vault.get(userId, 'zerodha')) ?? account;
      return {
        clientId: current.clientId,
        state: current.status,
        expiresAt: current.status === 'connected' ? current.tokenExpiresAt : null,
        updates: tickers.state(userId) ?? 'off',
      };
    },

    /** 'Subscribe Updates': reconnect the ticker at once and deliver whatever changed meanwhile. */
    async reconnect(userId: string): Promise<void> {
      const account = await vault.get(userId, 'zerodha');
      if (!account || !isLive(account)) {
        throw new BadRequestError(KITE_MESSAGES.tokenExpired, 'BROKER_SESSION_EXPIRED');
      }
      if (tickers.state(userId) === undefined) {
        tickers.open(userId, account.secrets.apiKey ?? '', account.secrets.accessToken ?? '');
      } else {
        tickers.reconnectNow(userId);
      }
      await session(userId).catchUp();
    },

    /** Reopens tickers of sessions still alive after a restart; expires the ones that died meanwhile. */
    /**
     * After a restart: expires sessions that died meanwhile; for live ones, records Kite's order book as known (the
     * engine reconciles what it missed itself, so later reports add only what is new) and reopens the ticker.
     */
    async start(): Promise<void> {
      for (const account of await vault.listConnected('zerodha')) {
        if (!isLive(account)) {
          await expire(account.userId);
          continue;
        }
        await session(account.userId)
          .seed()
          .catch((error: unknown) =>
            logger.warn({ err: error, userId: account.userId }, 'zerodha seed failed'),
          );
        tickers.open(account.userId, account.secrets.apiKey ?? '', account.secrets.accessToken ?? '');
      }
    },

    /** Expires sessions whose 06:00 IST deadline passed (run periodically). */
    async sweepExpired(): Promise<void> {
      for (const account of await vault.listConnected('zerodha')) {
        if (!isLive(account)) await expire(account.userId);
      }
    },

    close(): void {
      tickers.closeAll();
    },
  };
}
