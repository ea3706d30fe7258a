import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey, type MasterKey } from '../../../secrets';

// AES-256-GCM for broker credentials at rest. Each sealed value carries its own random 96-bit IV and the GCM tag;
// the `context` (user and broker) is bound in as additional authenticated data, so a ciphertext copied into another
// user's row fails to open instead of handing one user's broker tokens to another.

const VERSION = 'v1';
const IV_BYTES = 12;

/** Encrypts and decrypts small secrets with the vault's own key (derived from the master key). */
export interface SecretCipher {
  seal(plain: string, context: string): string;
  /** Throws when the value was tampered with, sealed under another key, or for another context. */
  open(sealed: string, context: string): string;
}

/** Raised when a sealed value cannot be opened; its message never includes the value. */
export class VaultDecryptError extends Error {
  constructor() {
    super('A stored broker credential could not be decrypted (wrong key or tampered value)');
    this.name = 'VaultDecryptError';
  }
}

export function createSecretCipher(masterKey: MasterKey): SecretCipher {
  const key = deriveKey(masterKey, 'broker-vault');
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new VaultDecryptError();
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new VaultDecryptError();
      }
    },
  };
}
