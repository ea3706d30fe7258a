import { inspect } from 'node:util';

/** Everything secret a broker account may hold; each broker uses the fields its login flow yields. */
export interface BrokerSecretFields {
  apiKey?: string;
  apiSecret?: string;
  accessToken?: string;
  refreshToken?: string;
  publicToken?: string;
  feedToken?: string;
  /** A one-time grant kept as given when no exchange is implemented for the broker yet. */
  authCode?: string;
}

export type BrokerSecrets = Readonly<BrokerSecretFields>;

const REDACTED = '[broker secrets]';
const SECRET_KEYS = [
  'apiKey',
  'apiSecret',
  'accessToken',
  'refreshToken',
  'publicToken',
  'feedToken',
  'authCode',
] as const satisfies readonly (keyof BrokerSecretFields)[];

/**
 * A frozen secrets object that refuses to be serialised or printed: `JSON.stringify` (pino, reply bodies) and
 * `util.inspect` (console, error dumps) both see only a placeholder. The fields stay readable in code.
 */
export function guardSecrets(fields: BrokerSecretFields): BrokerSecrets {
  const copy: BrokerSecretFields = {};
  for (const key of SECRET_KEYS) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') copy[key] = value;
  }
  Object.defineProperty(copy, 'toJSON', { value: () => REDACTED, enumerable: false });
  Object.defineProperty(copy, inspect.custom, { value: () => REDACTED, enumerable: false });
  return Object.freeze(copy);
}

/** The plain fields of a guarded object (for sealing). */
export function secretFields(secrets: BrokerSecrets): BrokerSecretFields {
  const plain: BrokerSecretFields = {};
  for (const key of SECRET_KEYS) {
    const value = secrets[key];
    if (value !== undefined) plain[key] = value;
  }
  return plain;
}
