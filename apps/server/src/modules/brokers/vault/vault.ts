import type { BrokerKey } from '@xtrader/core/api/brokers';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../../clock';
import type { MasterKey } from '../../../secrets';
import type { Database } from '../../../store/database';
import { createSecretCipher } from './cipher';
import { type BrokerSecretFields, type BrokerSecrets, guardSecrets, secretFields } from './secrets';
import type { BrokerAccountsTable } from './tables';

export type BrokerAccountStatus = BrokerAccountsTable['status'];

/** One user's account at one broker, secrets decrypted (and guarded against serialisation). */
export interface BrokerAccount {
  userId: string;
  broker: BrokerKey;
  clientId: string | null;
  secrets: BrokerSecrets;
  tokenExpiresAt: number | null;
  status: BrokerAccountStatus;
  updatedAt: number;
}

/** A successful broker login: the tokens it yielded and who the broker says the user is. */
export interface BrokerSessionGrant {
  clientId: string;
  secrets: BrokerSecretFields;
  /** Epoch ms when the token dies; null when the broker does not say. */
  tokenExpiresAt: number | null;
}

/** Encrypted storage of broker credentials and session tokens; every read and write is per user. */
export interface CredentialVault {
  get(userId: string, broker: BrokerKey): Promise<BrokerAccount | undefined>;
  /**
   * Stores app credentials or a login grant (merged over what is there); a new API key invalidates any session made
   * with the old one. `clientId` records the broker's id for the user when the grant names it.
   */
  saveCredentials(
    userId: string,
    broker: BrokerKey,
    secrets: BrokerSecretFields,
    clientId?: string,
  ): Promise<void>;
  /** Stores a login's tokens and marks the account connected. */
  saveSession(userId: string, broker: BrokerKey, grant: BrokerSessionGrant): Promise<void>;
  /** The session token died (expired or revoked at the broker): keep the app keys, drop the token. */
  markExpired(userId: string, broker: BrokerKey): Promise<void>;
  /** Accounts at `broker` whose broker-side client id is `clientId` (postbacks are addressed this way). */
  findByClientId(broker: BrokerKey, clientId: string): Promise<BrokerAccount[]>;
  /** Every account at `broker` with a session that was live when last seen. */
  listConnected(broker: BrokerKey): Promise<BrokerAccount[]>;
}

type Row = Selectable<BrokerAccountsTable>;

export function createCredentialVault(deps: {
  db: Kysely<Database>;
  clock: Clock;
  masterKey: MasterKey;
}): CredentialVault {
  const { db, clock } = deps;
  const cipher = createSecretCipher(deps.masterKey);
  const context = (userId: string, broker: string) => `${userId}/${broker}`;

  const toAccount = (row: Row): BrokerAccount => ({
    userId: row.userId,
    broker: row.broker,
    clientId: row.clientId,
    secrets: guardSecrets(JSON.parse(cipher.open(row.secrets, context(row.userId, row.broker)))),
    tokenExpiresAt: row.tokenExpiresAt,
    status: row.status,
    updatedAt: row.updatedAt,
  });

  const seal = (userId: string, broker: string, fields: BrokerSecretFields) =>
    cipher.seal(JSON.stringify(secretFields(guardSecrets(fields))), context(userId, broker));

  const find = async (userId: string, broker: BrokerKey) =>
    db
      .selectFrom('brokerAccounts')
      .selectAll()
      .where('userId', '=', userId)
      .where('broker', '=', broker)
      .executeTakeFirst();

  const upsert = async (row: Omit<Row, 'createdAt'>) => {
    await db
      .insertInto('brokerAccounts')
      .values({ ...row, createdAt: row.updatedAt })
      .onConflict((oc) =>
        oc.columns(['userId', 'broker']).doUpdateSet({
          clientId: row.clientId,
          secrets: row.secrets,
          tokenExpiresAt: row.tokenExpiresAt,
          status: row.status,
          updatedAt: row.updatedAt,
        }),
      )
      .execute();
  };

  return {
    async get(userId, broker) {
      const row = await find(userId, broker);
      return row ? toAccount(row) : undefined;
    },

    async saveCredentials(userId, broker, secrets, clientId) {
      const current = await find(userId, broker);
      const previous = current ? secretFields(toAccount(current).secrets) : {};
      const keyChanged = secrets.apiKey !== undefined && secrets.apiKey !== previous.apiKey;
      // A session belongs to the app key it was made with; a new key means logging in again.
      const kept = keyChanged ? { apiKey: previous.apiKey, apiSecret: previous.apiSecret } : previous;
      await upsert({
        userId,
        broker,
        clientId: clientId ?? current?.clientId ?? null,
        secrets: seal(userId, broker, { ...kept, ...secrets }),
        tokenExpiresAt: keyChanged ? null : (current?.tokenExpiresAt ?? null),
        status: keyChanged || !current ? 'credentials' : current.status,
        updatedAt: clock.now(),
      });
    },

    async saveSession(userId, broker, grant) {
      const current = await find(userId, broker);
      const previous = current ? secretFields(toAccount(current).secrets) : {};
      await upsert({
        userId,
        broker,
        clientId: grant.clientId,
        secrets: seal(userId, broker, { ...previous, ...grant.secrets }),
        tokenExpiresAt: grant.tokenExpiresAt,
        status: 'connected',
        updatedAt: clock.now(),
      });
    },

    async markExpired(userId, broker) {
      const current = await find(userId, broker);
      if (!current || current.status === 'expired') return;
      const {
        accessToken: _access,
        publicToken: _public,
        feedToken: _feed,
        ...kept
      } = secretFields(toAccount(current).secrets);
      await db
        .updateTable('brokerAccounts')
        .set({ secrets: seal(userId, broker, kept), status: 'expired', updatedAt: clock.now() })
        .where('userId', '=', userId)
        .where('broker', '=', broker)
        .execute();
    },

    async findByClientId(broker, clientId) {
      const rows = await db
        .selectFrom('brokerAccounts')
        .selectAll()
        .where('broker', '=', broker)
        .where('clientId', '=', clientId)
        .execute();
      return rows.map(toAccount);
    },

    async listConnected(broker) {
      const rows = await db
        .selectFrom('brokerAccounts')
        .selectAll()
        .where('broker', '=', broker)
        .where('status', '=', 'connected')
        .execute();
      return rows.map(toAccount);
    },
  };
}
