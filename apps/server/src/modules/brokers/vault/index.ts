export type { AccountLinks } from './account-links';
export { createSecretCipher, type SecretCipher, VaultDecryptError } from './cipher';
export { type BrokerSecretFields, type BrokerSecrets, guardSecrets } from './secrets';
export type { BrokerAccountsTable, VaultTables } from './tables';
export {
  type BrokerAccount,
  type BrokerAccountStatus,
  type BrokerSessionGrant,
  type CredentialVault,
  createCredentialVault,
} from './vault';
