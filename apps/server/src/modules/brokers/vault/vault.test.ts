import { inspect } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { createTestStore, describeEachStore } from '../../../../test/helpers/test-store';
import { insertUserRow } from '../../../../test/helpers/user-rows';
import type { Store } from '../../../store/open-store';
import { createSecretCipher, VaultDecryptError } from './cipher';
import { type CredentialVault, createCredentialVault } from './vault';

const MASTER = new Uint8Array(32).fill(3);

it('seals with a fresh IV each time and opens only with the same key and context', () => {
  const cipher = createSecretCipher(MASTER);
  const a = cipher.seal('api-secret-value', 'u1/zerodha');
  const b = cipher.seal('api-secret-value', 'u1/zerodha');
  expect(a).not.toBe(b);
  expect(a).not.toContain('api-secret-value');
  expect(cipher.open(a, 'u1/zerodha')).toBe('api-secret-value');
  expect(() => cipher.open(a, 'u2/zerodha')).toThrow(VaultDecryptError);
  expect(() => createSecretCipher(new Uint8Array(32).fill(4)).open(a, 'u1/zerodha')).toThrow(
    VaultDecryptError,
  );
  const [version, iv, tag, body] = a.split('.');
  const flipped = `${body?.slice(0, -2)}${body?.endsWith('AA') ? 'BB' : 'AA'}`;
  expect(() => cipher.open([version, iv, tag, flipped].join('.'), 'u1/zerodha')).toThrow(VaultDecryptError);
  expect(() => cipher.open('garbage', 'u1/zerodha')).toThrow(VaultDecryptError);
});

describeEachStore('credential vault', (kind) => {
  let store: Store;
  let vault: CredentialVault;
  const clock = createFakeClock();

  const addUser = () => insertUserRow(store.db, { name: 'Vault Tester', now: clock.now() });

  beforeEach(async () => {
    store = await createTestStore(kind);
    vault = createCredentialVault({ db: store.db, clock, masterKey: MASTER });
  });
  afterEach(async () => store.close());

  it('keeps secrets encrypted at rest and readable through the vault', async () => {
    const userId = await addUser();
    await vault.saveCredentials(userId, 'zerodha', { apiKey: 'kite_key_1', apiSecret: 'very-secret' });
    const raw = await store.db.selectFrom('brokerAccounts').selectAll().executeTakeFirstOrThrow();
    expect(raw.secrets).not.toContain('very-secret');
    expect(raw.secrets).not.toContain('kite_key_1');
    const account = await vault.get(userId, 'zerodha');
    expect(account?.secrets.apiSecret).toBe('very-secret');
    expect(account?.status).toBe('credentials');
  });

  it('never lets secrets leak through JSON or inspection', async () => {
    const userId = await addUser();
    await vault.saveCredentials(userId, 'zerodha', { apiKey: 'kite_key_1', apiSecret: 'very-secret' });
    const account = await vault.get(userId, 'zerodha');
    expect(JSON.stringify(account)).not.toContain('very-secret');
    expect(inspect(account, { depth: 5 })).not.toContain('very-secret');
  });

  it('stores a session, finds it by client id, and drops the token on expiry', async () => {
    const userId = await addUser();
    await vault.saveCredentials(userId, 'zerodha', { apiKey: 'k', apiSecret: 's' });
    await vault.saveSession(userId, 'zerodha', {
      clientId: 'AB1234',
      secrets: { accessToken: 'tok' },
      tokenExpiresAt: clock.now() + 1000,
    });
    const [found] = await vault.findByClientId('zerodha', 'AB1234');
    expect(found?.userId).toBe(userId);
    expect(found?.secrets).toMatchObject({ apiKey: 'k', apiSecret: 's', accessToken: 'tok' });
    expect((await vault.listConnected('zerodha')).map((a) => a.userId)).toEqual([userId]);
    await vault.markExpired(userId, 'zerodha');
    const expired = await vault.get(userId, 'zerodha');
    expect(expired?.status).toBe('expired');
    expect(expired?.secrets.accessToken).toBeUndefined();
    expect(expired?.secrets.apiSecret).toBe('s');
    expect(await vault.listConnected('zerodha')).toEqual([]);
  });

  it('forgets the session when the API key changes, keeps it when only the secret is re-entered', async () => {
    const userId = await addUser();
    await vault.saveCredentials(userId, 'zerodha', { apiKey: 'k1', apiSecret: 's1' });
    await vault.saveSession(userId, 'zerodha', {
      clientId: 'AB1',
      secrets: { accessToken: 't' },
      tokenExpiresAt: 1,
    });
    await vault.saveCredentials(userId, 'zerodha', { apiKey: 'k1', apiSecret: 's2' });
    expect((await vault.get(userId, 'zerodha'))?.secrets.accessToken).toBe('t');
    await vault.saveCredentials(userId, 'zerodha', { apiKey: 'k2', apiSecret: 's3' });
    const account = await vault.get(userId, 'zerodha');
    expect(account?.secrets).toMatchObject({ apiKey: 'k2', apiSecret: 's3' });
    expect(account?.secrets.accessToken).toBeUndefined();
    expect(account?.status).toBe('credentials');
  });

  it('keeps users apart', async () => {
    const alice = await addUser();
    const bob = await addUser();
    await vault.saveCredentials(alice, 'zerodha', { apiKey: 'a', apiSecret: 'as' });
    expect(await vault.get(bob, 'zerodha')).toBeUndefined();
    expect(await vault.get(alice, 'iifl')).toBeUndefined();
  });
});
