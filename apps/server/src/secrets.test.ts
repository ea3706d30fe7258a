import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveKey, loadMasterKey } from './secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'xt-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadMasterKey', () => {
  it('generates secret.key once and reuses it', async () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = await loadMasterKey({ dataDir, secretKey: undefined });
    const file = path.join(dataDir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const second = await loadMasterKey({ dataDir, secretKey: undefined });
    expect(first).toHaveLength(32);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it('prefers XT_SECRET_KEY and writes nothing', async () => {
    const dataDir = tempDir();
    const a = await loadMasterKey({ dataDir, secretKey: 'a'.repeat(32) });
    const b = await loadMasterKey({ dataDir, secretKey: 'b'.repeat(32) });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(() => statSync(path.join(dataDir, 'secret.key'))).toThrow();
  });
});

describe('deriveKey', () => {
  it('gives different 32-byte keys per purpose, stable per master', () => {
    const master = new Uint8Array(32).fill(1);
    const jwt = deriveKey(master, 'jwt');
    expect(jwt).toHaveLength(32);
    expect(Buffer.from(jwt).equals(Buffer.from(deriveKey(master, 'jwt')))).toBe(true);
    expect(Buffer.from(jwt).equals(Buffer.from(deriveKey(master, 'vault')))).toBe(false);
  });
});
