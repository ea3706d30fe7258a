import type { BrokerKey } from '@xtrader/core/api/brokers';

/**
 * One user's account at one broker: app credentials and session tokens, sealed together as one JSON document
 * (AES-256-GCM, see cipher.ts). Only what must be queried stays in the clear: the broker's client id (postbacks
 * name it), the token's expiry and the connection status.
 */
export interface BrokerAccountsTable {
  userId: string;
  broker: BrokerKey;
  /** The account's id at the broker (Kite user_id, IIFL clientId), once a login told us. */
  clientId: string | null;
  /** Sealed JSON of `BrokerSecrets`. */
  secrets: string;
  /** Epoch ms after which the access token is dead (Kite: 06:00 IST the next day); null when none. */
  tokenExpiresAt: number | null;
  /** credentials: app keys only; connected: a live session token; expired: the token died (relogin needed). */
  status: 'credentials' | 'connected' | 'expired';
  createdAt: number;
  updatedAt: number;
}

/** A live broker's instrument master of the day (see live-kit/instrument-master.ts). */
export interface BrokerInstrumentMastersTable {
  broker: BrokerKey;
  /** Epoch ms of the download. */
  fetchedAt: number;
  /** JSON array of `BrokerContract`. */
  contracts: string;
}

export interface VaultTables {
  brokerAccounts: BrokerAccountsTable;
  brokerInstrumentMasters: BrokerInstrumentMastersTable;
}
