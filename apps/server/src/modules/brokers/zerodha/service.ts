import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import type { BrokerSettings } from '../../../config';
import { DomainError } from '../../../domain-error';
import { BrokerCallError, detailOf } from '../live-kit/errors';
import { createLiveLinks, type LiveBrokerDeps, type UpdateChannel } from '../live-kit/links';
import type { BrokerAccount } from '../vault';
import { checksumsMatch, postbackChecksum } from './checksum';
import { createTickerConnections, type TickerPrices } from './connections';
import { createKiteApi, exchangeRequestToken, type KiteApi } from './kite-api';
import { KITE_MESSAGES } from './kite-errors';
import { type KiteOrder, kiteOrderSchema, kitePostbackSchema } from './kite-schemas';
import { createZerodhaSession, type ZerodhaSession } from './session';
import type { TickerState, TickerTiming } from './ticker/ticker-client';
import { kiteTokenExpiry } from './token-expiry';

const ZERODHA_MESSAGES = {
  missingCredentials: 'cannot find credentials',
  loginFailed: (detail: string) => `Zerodha login failed: ${detail}`,
  forgedPostback: 'Postback checksum does not match',
} as const;

export interface ZerodhaServiceDeps extends LiveBrokerDeps {
  settings: BrokerSettings['kite'];
  /** Where each user's own ticker prices go (absent: the tickers carry order updates only). */
  prices?: TickerPrices;
  tickerTiming?: Partial<TickerTiming>;
}

export type ZerodhaService = ReturnType<typeof createZerodhaService>;

/** Zerodha for every user: credentials, the login exchange, postbacks and tickers; the rest is the live kit's. */
export function createZerodhaService(deps: ZerodhaServiceDeps) {
  const { vault, clock, logger } = deps;
  const connection = (apiKey: string) => ({ root: deps.settings.apiUrl, apiKey });

  const links = createLiveLinks<KiteApi, KiteOrder, TickerState>(
    {
      broker: 'zerodha',
      expiredMessage: KITE_MESSAGES.tokenExpired,
      vault,
      clock,
      logger,
      ...(deps.owns ? { owns: deps.owns } : {}),
      createApi: (account, token) => createKiteApi(connection(account.secrets.apiKey ?? ''), token),
      createSession: (userId, api, onTokenExpired) =>
        createZerodhaSession({ userId, clock, api, onTokenExpired, algoId: deps.settings.algoId }),
      ...(deps.onStatus ? { onStatus: deps.onStatus } : {}),
    },
    () => channel,
  );

  const deliver = (userId: string, data: unknown) => {
    const order = kiteOrderSchema.safeParse(data);
    if (order.success) links.session(userId).deliver(order.data);
    else logger.warn({ userId }, 'unreadable zerodha order update ignored');
  };

  const tickers = createTickerConnections({
    url: deps.settings.tickerUrl,
    logger,
    prices: deps.prices,
    ...(deps.tickerTiming ? { timing: deps.tickerTiming } : {}),
    handlers: {
      order: deliver,
      reconnected: links.catchUpQuietly,
      tokenExpired: links.expireQuietly,
    },
  });

  const openTicker = (userId: string, account: BrokerAccount) =>
    tickers.open(
      userId,
      account.secrets.apiKey ?? '',
      account.secrets.accessToken ?? '',
      account.tokenExpiresAt,
    );

  const channel: UpdateChannel<TickerState> = {
    open: openTicker,
    close: tickers.close,
    reopen(userId, account) {
      if (tickers.state(userId) === undefined) openTicker(userId, account);
      else tickers.reconnectNow(userId);
    },
    state: tickers.state,
    closeAll: tickers.closeAll,
  };

  const credentialsOf = async (userId: string) => {
    const account = await vault.get(userId, 'zerodha');
    const { apiKey, apiSecret } = account?.secrets ?? {};
    if (!apiKey || !apiSecret)
      throw new DomainError('missing_credentials', ZERODHA_MESSAGES.missingCredentials);
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
        const reason =
          error instanceof BrokerCallError && error.code === 'token_expired'
            ? 'the login link expired or the API secret is wrong'
            : detailOf(error, 'Zerodha');
        throw new DomainError('broker_login_failed', ZERODHA_MESSAGES.loginFailed(reason));
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
      await deps.accounts.linkBroker(userId, ZERODHA_BROKER_ID, data.user_id);
      await links.connected(userId);
      return { clientId: data.user_id };
    },

    /** The user's Zerodha session while one was ever made; commands fail with a clear message once it expired. */
    async sessionFor(userId: string): Promise<ZerodhaSession | undefined> {
      const account = await vault.get(userId, 'zerodha');
      return account?.secrets.apiKey ? links.session(userId) : undefined;
    },

    /**
     * A Kite postback, authenticated: the checksum must match one of the accounts with that client id. Answers
     * whose it is and the order it reports; nothing is delivered yet (in a cluster, the user's owner delivers it).
     */
    async readPostback(body: unknown): Promise<{ userId: string; order: KiteOrder }> {
      const envelope = kitePostbackSchema.safeParse(body);
      if (!envelope.success) throw new DomainError('bad_postback', 'Not a Kite postback');
      const { user_id, order_id, order_timestamp, checksum } = envelope.data;
      const accounts = await vault.findByClientId('zerodha', user_id);
      const owner = accounts.find((account) => {
        const secret = account.secrets.apiSecret;
        return (
          secret !== undefined &&
          checksumsMatch(postbackChecksum(order_id, order_timestamp, secret), checksum)
        );
      });
      if (!owner) throw new DomainError('forged_postback', ZERODHA_MESSAGES.forgedPostback);
      const order = kiteOrderSchema.safeParse(body);
      if (!order.success)
        throw new DomainError('bad_postback', 'Postback order fields are missing or invalid');
      return { userId: owner.userId, order: order.data };
    },

    /** The postback's order update reaches the user's session (and the order manager listening to it). */
    deliverPostback(userId: string, order: KiteOrder): void {
      links.session(userId).deliver(order);
    },

    /** readPostback, then deliverPostback. */
    async acceptPostback(body: unknown): Promise<void> {
      const { userId, order } = await this.readPostback(body);
      this.deliverPostback(userId, order);
    },

    ...links.lifecycle,
  };
}
