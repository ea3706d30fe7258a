import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/** 32 bytes of key material from which every purpose-specific key is derived. */
export type MasterKey = Uint8Array;

const SECRET_FILE = 'secret.key';

/** Key material of a secret text: SHA-256, so any long passphrase yields a 32-byte key. */
const keyFromText = (text: string): MasterKey =>
  new Uint8Array(createHash('sha256').update(text.trim()).digest());

/**
 * The master key: from `XT_SECRET_KEY` when set, otherwise from `<dataDir>/secret.key`, which is generated
 * (32 random bytes, base64, mode 0600) on first run so restarts keep sessions and encrypted data valid.
 */
export async function loadMasterKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Promise<MasterKey> {
  if (config.secretKey) return keyFromText(config.secretKey);
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return keyFromText(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Owner-only, like the store's files: the key unlocks every session and broker secret.
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const text = randomBytes(32).toString('base64');
  // 'wx' fails if another process created the file meanwhile; then its key wins.
  try {
    await writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
    return keyFromText(text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return keyFromText(await readFile(file, 'utf8'));
  }
}

/** A 32-byte key for one purpose (e.g. 'jwt', 'broker-vault'), so one leaked key never unlocks another use. */
export function deriveKey(master: MasterKey, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, new Uint8Array(0), `x-trader:${purpose}`, 32));
}
