import type { ActiveBroker } from '@xtrader/core/api/auth';
import { BROKER_MESSAGES, type BrokerCallbackResponse, type BrokerKey } from '@xtrader/core/api/brokers';
import { isBrokerId } from '@xtrader/core/brokers/ids';
import type { BrokerSecretFields, CredentialVault } from '../vault';

// The login callbacks of the brokers we cannot trade through yet: vortex (Rupeezy), upstox, fyers,
// flattrade, dhan, aliceblue, angelone. Their bodies are validated by the routes; the grants are stored sealed in the
// vault so an adapter added later can exchange or use them. They do not make the broker the user's active one and
// never claim a connection: the answer says trading through that broker is not available yet.

export type StoredOnlyBroker = Exclude<BrokerKey, 'zerodha' | 'iifl'>;

/** The grant each callback delivers, as vault fields (what each broker's redirect carries). */
const CALLBACK_GRANTS: {
  [K in StoredOnlyBroker]: (body: Record<string, string>) => {
    clientId?: string;
    secrets: BrokerSecretFields;
  };
} = {
  vortex: (body) => ({ secrets: { authCode: body.authToken } }),
  upstox: (body) => ({ secrets: { authCode: body.code } }),
  fyers: (body) => ({ secrets: { authCode: body.auth_code } }),
  flattrade: (body) => ({ secrets: { authCode: body.code } }),
  dhan: (body) => ({ secrets: { authCode: body.token } }),
  aliceblue: (body) => ({ clientId: body.clientId, secrets: { authCode: body.authCode } }),
  // Angel One's redirect carries a usable JWT, its feed token and a refresh token.
  angelone: (body) => ({
    secrets: { accessToken: body.auth_token, feedToken: body.feed_token, refreshToken: body.refresh_token },
  }),
};

/** The brokers whose callback only stores the grant. */
export const STORED_ONLY_BROKERS = Object.keys(CALLBACK_GRANTS) as StoredOnlyBroker[];

/** Display name of a broker key (the active-broker id, e.g. VORTEX). */
const activeBrokerOfKey = (key: BrokerKey): ActiveBroker => {
  const id = key.toUpperCase();
  if (!isBrokerId(id)) throw new Error(`Unknown broker ${key}`);
  return id;
};

export async function storeCallbackGrant(
  vault: CredentialVault,
  userId: string,
  broker: StoredOnlyBroker,
  body: Record<string, string>,
): Promise<{ response: BrokerCallbackResponse; message: string }> {
  const grant = CALLBACK_GRANTS[broker](body);
  await vault.saveCredentials(userId, broker, grant.secrets, grant.clientId);
  const name = activeBrokerOfKey(broker);
  return {
    response: { broker: name, clientId: grant.clientId ?? null, tradingAvailable: false },
    message: BROKER_MESSAGES.loginStoredOnly(name),
  };
}
