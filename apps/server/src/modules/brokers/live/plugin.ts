import type { BrokerStatus } from '@xtrader/core/api/brokers';
import type { BrokerId } from '@xtrader/core/brokers/ids';
import type { Kysely } from 'kysely';
import type { LiveBrokerSettings, PluggedBrokerKey } from '../../../config';
import type { ApiApp } from '../../../http/types';
import type { Database } from '../../../store/database';
import type { InstrumentDirectory } from '../../instruments/contract';
import type { BrokerSession } from '../broker';
import type { ListedContractsSink } from '../live-kit/instrument-master';
import type { LiveBrokerDeps } from '../live-kit/links';
import type { BrokerPrices } from '../live-kit/price-feed';

/**
 * One live broker as the live-brokers module sees it: login, the callback's grant exchange, the user's session,
 * its status and lifecycle. Built on the live-broker kit (`../live-kit`): the broker adds its API client, schemas,
 * mapping, login and update channel; the kit owns sessions, expiry, order tracking, reconciliation and pacing.
 * Each one is listed in `plugins.ts`; routes, status, reconnect and the broker registry iterate that list.
 */
export interface LiveBrokerPlugin {
  readonly key: PluggedBrokerKey;
  /** The active-broker id (UPSTOX, ...). */
  readonly brokerId: BrokerId;
  /** How the broker is named to a trader. */
  readonly name: string;
  /**
   * `GET /broker/login/<key>`: the broker's login page carrying this platform's app key, sending the browser back
   * to `redirectUrl` (the web app's `/redirect/<key>`). Makes any server-side call the login needs first (Dhan's
   * consent). Throws DomainError `broker_not_configured` when the platform's app is not set.
   */
  loginUrl(userId: string, redirectUrl: string): Promise<string>;
  /**
   * The login callback (its body validated by core's `brokerCallbackSchemas[key]`): exchanges the grant exactly as
   * the broker documents it (or verifies a handed-over token with an authenticated call), stores the token sealed
   * with its expiry, makes the broker the user's active one and opens its order updates. A refused grant throws
   * DomainError `broker_login_failed` (a 4xx naming the broker) and leaves the active broker as it was.
   */
  completeLogin(
    userId: string,
    body: Record<string, string>,
    redirectUrl: string,
  ): Promise<{ clientId: string | null }>;
  /** The user's session when they have a live link to this broker. */
  sessionFor(userId: string): Promise<BrokerSession | undefined>;
  /** The header's broker status card while this broker is the active one. */
  status(userId: string): Promise<Omit<BrokerStatus, 'broker'>>;
  /** 'Subscribe Updates': reopen the update channel and catch up on what was missed. */
  reconnect(userId: string): Promise<void>;
  /** Clustered: this instance took the user's engine; their live session's update channel opens here. */
  adopt(userId: string): Promise<void>;
  /** Clustered: the user's engine moved away; their update channel here closes. */
  release(userId: string): void;
  /**
   * The user's own prices from this broker (its stream, or its quote endpoint polled), for that user only
   * (docs/market-data.md). Without it the broker's users see the simulator's prices, labelled as such.
   */
  readonly prices?: BrokerPrices;
  /** Routes the broker itself calls (postbacks, webhooks), when it has any. */
  registerRoutes?(app: ApiApp): void;
  /** After a restart: expire dead sessions, resume live ones (and warm the instrument master). */
  start(): Promise<void>;
  /** Expire sessions past their deadline (run every minute). */
  sweepExpired(): Promise<void>;
  close(): void;
}

/** What every plugged broker is built with. */
export interface LiveBrokerPluginDeps extends LiveBrokerDeps {
  settings: LiveBrokerSettings;
  /**
   * Our instrument master: the contract a trader picked, by our trading symbol; and where the broker's day's master
   * goes when it loads (the instrument master may be built from it).
   */
  directory: InstrumentDirectory & ListedContractsSink;
  /** The store, for the broker's instrument master of the day (live-kit/instrument-master.ts). */
  db: Kysely<Database>;
  /** Order-book polling interval, for brokers that poll (tests shorten it). */
  pollMs?: number;
}

export type LiveBrokerPluginFactory = (deps: LiveBrokerPluginDeps) => LiveBrokerPlugin;
