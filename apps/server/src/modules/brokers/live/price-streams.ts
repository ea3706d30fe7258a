import type { BrokerKey } from '@xtrader/core/api/brokers';
import type { Clock } from '../../../clock';
import type { Logger } from '../../../logger';
import type { BrokerPriceStreams } from '../../market/contract';
import type { BrokerPrices, UserPriceFeed } from '../live-kit/price-feed';
import type { CredentialVault } from '../vault';

// Plugged brokers' users' own prices, announced to the market module exactly as Zerodha's ticker does: one feed per
// user and broker, opened while their session is live, ended (never replaced by simulated prices) when it expires.

interface Streaming {
  brokerId: string;
  prices: BrokerPrices;
}

export interface LivePriceStreams {
  /** The broker streams its users' prices under `key` (`<key>:<userId>` sources). */
  add(key: BrokerKey, brokerId: string, prices: BrokerPrices): void;
  /** The user's link at `key` changed (login, expiry): open or resume their feed, or end it. */
  refresh(key: BrokerKey, userId: string): Promise<void>;
  /** After a restart: every connected account (of a user owned here) of each streaming broker gets its feed back. */
  start(): Promise<void>;
  /** Clustered: this instance took the user's engine; their feeds open here. */
  adopt(userId: string): Promise<void>;
  /** Clustered: the user's engine moved away; their feeds here stop (the new owner's stream takes over). */
  release(userId: string): void;
  close(): void;
}

export function createLivePriceStreams(deps: {
  streams: BrokerPriceStreams | undefined;
  vault: Pick<CredentialVault, 'get' | 'listConnected'>;
  clock: Clock;
  logger: Logger;
  /** Whether this instance runs the user's engine (default: always); feeds open only there. */
  owns?: (userId: string) => boolean;
}): LivePriceStreams {
  const { streams, vault, clock, logger } = deps;
  const owns = deps.owns ?? (() => true);
  const brokers = new Map<BrokerKey, Streaming>();
  /** `<key>:<userId>` -> the user's feed, kept across logins so its subscriptions survive a fresh session. */
  const feeds = new Map<string, UserPriceFeed>();
  /** One refresh at a time per user and broker, in the order the changes came. */
  const pending = new Map<string, Promise<void>>();

  const apply = async (key: BrokerKey, userId: string) => {
    const broker = brokers.get(key);
    if (!streams || !broker) return;
    const id = `${key}:${userId}`;
    const account = await vault.get(userId, key);
    const live =
      account?.status === 'connected' &&
      account.secrets.accessToken !== undefined &&
      (account.tokenExpiresAt === null || clock.now() < account.tokenExpiresAt);
    let feed = feeds.get(id);
    if (!live || !owns(userId)) {
      if (!feed) return;
      if (live) {
        // Owned elsewhere now: the owner's feed serves the user; nothing is marked ended.
        feed.halt();
        feeds.delete(id);
        return;
      }
      feed.halt();
      // The source stays: a live account whose session ended sees its prices go stale, not the simulator's.
      streams.setState(userId, key, 'ended');
      return;
    }
    if (!feed) {
      feed = broker.prices.feedFor(userId, (state) => streams.setState(userId, key, state));
      feeds.set(id, feed);
    }
    streams.open({
      userId,
      brokerId: broker.brokerId,
      key,
      feed,
      tokenExpiresAt: account.tokenExpiresAt,
    });
    feed.resume();
  };

  return {
    add(key, brokerId, prices) {
      brokers.set(key, { brokerId, prices });
      streams?.declare(brokerId, key);
    },
    refresh(key, userId) {
      const id = `${key}:${userId}`;
      const next = (pending.get(id) ?? Promise.resolve())
        .then(() => apply(key, userId))
        .catch((error: unknown) =>
          logger.error({ err: error, userId, key }, 'broker price stream refresh failed'),
        );
      pending.set(id, next);
      return next;
    },
    async start() {
      for (const key of brokers.keys()) {
        for (const account of await vault.listConnected(key)) {
          if (owns(account.userId)) await this.refresh(key, account.userId);
        }
      }
    },
    async adopt(userId) {
      for (const key of brokers.keys()) await this.refresh(key, userId);
    },
    release(userId) {
      for (const key of brokers.keys()) void this.refresh(key, userId);
    },
    close() {
      for (const feed of feeds.values()) feed.halt();
    },
  };
}
