import type { BrokerKey } from '@xtrader/core/api/brokers';
import type { Clock } from '../../../clock';
import { DomainError } from '../../../domain-error';
import type { Logger } from '../../../logger';
import type { AccountLinks, BrokerAccount, CredentialVault } from '../vault';
import { BrokerCallError } from './errors';
import type { LiveSession } from './session';

/** How a broker's order reports reach us (a socket, a poller): opened per user while the session lives. */
export interface UpdateChannel<State extends string> {
  open(userId: string, account: BrokerAccount): void;
  close(userId: string): void;
  /** 'Subscribe Updates': reopen at once (the kit then catches up on what was missed). */
  reopen(userId: string, account: BrokerAccount): void;
  /** The channel's state for the user, undefined when none is open. */
  state(userId: string): State | undefined;
  closeAll(): void;
}

export interface LiveLinkStatus<State extends string> {
  clientId: string | null;
  state: 'none' | 'credentials' | 'connected' | 'expired';
  expiresAt: number | null;
  updates: State | 'off';
}

/** What every live broker's service is built with. */
export interface LiveBrokerDeps {
  vault: CredentialVault;
  accounts: AccountLinks;
  clock: Clock;
  logger: Logger;
  /** The user's link changed (connected, expired): clients refresh the broker status. */
  onStatus?(userId: string): void;
  /**
   * Whether this instance runs the user's engine (clustered: holds their lease). Update channels open only there:
   * at start for the users owned then, later through `adopt` / `release` as leases come and go. Default: always.
   */
  owns?(userId: string): boolean;
}

export interface LiveLinksDeps<Api, Row> {
  broker: BrokerKey;
  /** What a trader reads when the session is gone ("Zerodha session expired. Log in ..."). */
  expiredMessage: string;
  vault: CredentialVault;
  clock: Clock;
  logger: Logger;
  /** The user's authenticated client for a live account and its token. */
  createApi(account: BrokerAccount, token: string): Api;
  createSession(userId: string, api: () => Promise<Api>, onTokenExpired: () => void): LiveSession<Row>;
  /** The user's link changed (connected, expired): clients refresh the broker status. */
  onStatus?(userId: string): void;
  /** See LiveBrokerDeps.owns. */
  owns?(userId: string): boolean;
}

/**
 * One live broker's links for every user: the session and client caches, token expiry (on use, on status, by the
 * sweep), the start after a restart, reconnects that catch up on what was missed. The adapter adds its login and
 * the channel its order reports arrive on.
 */
export function createLiveLinks<Api, Row, State extends string>(
  deps: LiveLinksDeps<Api, Row>,
  channel: () => UpdateChannel<State>,
) {
  const { vault, clock, logger, broker } = deps;
  const owns = deps.owns ?? (() => true);
  const sessions = new Map<string, LiveSession<Row>>();
  const apis = new Map<string, { token: string; api: Api }>();

  const isLive = (account: BrokerAccount | undefined): boolean =>
    account?.status === 'connected' &&
    account.secrets.accessToken !== undefined &&
    (account.tokenExpiresAt === null || clock.now() < account.tokenExpiresAt);

  const expire = async (userId: string) => {
    apis.delete(userId);
    channel().close(userId);
    await vault.markExpired(userId, broker);
    logger.info({ userId, broker }, 'broker session expired');
    deps.onStatus?.(userId);
  };

  const expireQuietly = (userId: string) => {
    expire(userId).catch((error: unknown) =>
      logger.error({ err: error, userId, broker }, 'marking the broker session expired failed'),
    );
  };

  /** The live account and its token; a token_expired BrokerCallError (the session marked expired) when gone. */
  const credentials = async (userId: string): Promise<{ account: BrokerAccount; token: string }> => {
    const account = await vault.get(userId, broker);
    const token = account?.secrets.accessToken;
    if (!account || !token || !isLive(account)) {
      if (account?.status === 'connected') expireQuietly(userId);
      throw new BrokerCallError('token_expired', deps.expiredMessage, false);
    }
    return { account, token };
  };

  const api = async (userId: string): Promise<Api> => {
    const { account, token } = await credentials(userId);
    const cached = apis.get(userId);
    if (cached?.token === token) return cached.api;
    const fresh = deps.createApi(account, token);
    apis.set(userId, { token, api: fresh });
    return fresh;
  };

  const session = (userId: string): LiveSession<Row> => {
    let existing = sessions.get(userId);
    if (!existing) {
      existing = deps.createSession(
        userId,
        () => api(userId),
        () => expireQuietly(userId),
      );
      sessions.set(userId, existing);
    }
    return existing;
  };

  /** Records the broker's order book as known and opens the update channel of a live account. */
  const resume = async (account: BrokerAccount) => {
    await session(account.userId)
      .seed()
      .catch((error: unknown) =>
        logger.warn({ err: error, userId: account.userId, broker }, 'reading the order book failed'),
      );
    channel().open(account.userId, account);
  };

  return {
    isLive,
    session,
    /** What a call outside the session needs (a quote poll): the live account and its token. */
    credentials,
    /** The broker said the token is dead (outside a call, e.g. on its stream). */
    expireQuietly,

    /** A login stored a new session: drop the old client, seed, open updates, tell the clients. */
    async connected(userId: string): Promise<void> {
      apis.delete(userId);
      const account = await vault.get(userId, broker);
      if (account && isLive(account)) await resume(account);
      deps.onStatus?.(userId);
    },

    /** Reconciles one user after a gap in the reports; a failure is logged, the next report or poll retries. */
    catchUpQuietly(userId: string): void {
      session(userId)
        .catchUp()
        .catch((error: unknown) =>
          logger.warn({ err: error, userId, broker }, 'catching up on orders failed'),
        );
    },

    /** What a live broker's service offers as it is: status, reconnect, start, sweep, close. */
    lifecycle: {
      async status(userId: string): Promise<LiveLinkStatus<State>> {
        const account = await vault.get(userId, broker);
        if (!account) return { clientId: null, state: 'none', expiresAt: null, updates: 'off' };
        if (account.status === 'connected' && !isLive(account)) await expire(userId);
        const current = (await vault.get(userId, broker)) ?? account;
        return {
          clientId: current.clientId,
          state: current.status,
          expiresAt: current.status === 'connected' ? current.tokenExpiresAt : null,
          updates: channel().state(userId) ?? 'off',
        };
      },

      /** 'Subscribe Updates': reopen the channel at once and deliver whatever changed meanwhile. */
      async reconnect(userId: string): Promise<void> {
        const account = await vault.get(userId, broker);
        if (!account || !isLive(account))
          throw new DomainError('broker_session_expired', deps.expiredMessage);
        channel().reopen(userId, account);
        await session(userId).catchUp();
      },

      /** After a restart: expires sessions that died meanwhile, resumes the live ones of the users owned here. */
      async start(): Promise<void> {
        for (const account of await vault.listConnected(broker)) {
          if (!isLive(account)) await expire(account.userId);
          else if (owns(account.userId)) await resume(account);
        }
      },

      /** This instance now runs the user's engine: their live session's updates open here (and catch up). */
      async adopt(userId: string): Promise<void> {
        const account = await vault.get(userId, broker);
        if (account && isLive(account)) await resume(account);
      },

      /** Another instance runs the user's engine now: their update channel here closes (the session object stays). */
      release(userId: string): void {
        channel().close(userId);
        apis.delete(userId);
      },

      /** Expires sessions whose deadline passed (run periodically). */
      async sweepExpired(): Promise<void> {
        for (const account of await vault.listConnected(broker)) {
          if (!isLive(account)) await expire(account.userId);
        }
      },

      close(): void {
        channel().closeAll();
      },
    },
  };
}
