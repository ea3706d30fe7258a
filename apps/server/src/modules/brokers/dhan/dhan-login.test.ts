import { afterEach, describe, expect, it } from 'vitest';
import { createDhanFixture, type DhanFixture } from '../../../../test/fakes/dhan';
import { DomainError } from '../../../domain-error';

// Dhan's API-key login: the consent is generated server-side with the app's id and secret for the trader's Dhan
// client id, the browser logs in at Dhan's consent page, the redirect's tokenId is exchanged (once) for the day's
// access token, stored sealed with its expiry, and the broker is linked.

const REDIRECT = 'http://xtrader.local/redirect/dhan';
let f: DhanFixture;
afterEach(() => f.close());

const failure = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

describe('Dhan login', () => {
  it("generates a consent with the app's headers for the key's client and answers Dhan's consent page", async () => {
    f = await createDhanFixture();
    const userId = await f.addUser();
    const url = new URL(await f.plugin.loginUrl(userId, REDIRECT));
    expect(`${url.origin}${url.pathname}`).toBe(`${f.fake.baseUrl}/login/consentApp-login`);
    expect(url.searchParams.get('consentAppId')).toBe(f.fake.loginPageMarker());
    const consent = f.fake.requests.find((r) => r.path === '/app/generate-consent');
    expect(consent?.method).toBe('POST');
    expect(consent?.query).toEqual({ client_id: f.fake.ownerClientId });
    expect(consent?.headers).toMatchObject({ app_id: f.fake.appId, app_secret: f.fake.appSecret });
  });

  it('exchanges the tokenId for the access token, stores it with its expiry, links and connects Dhan', async () => {
    f = await createDhanFixture();
    const userId = await f.addUser();
    const grant = await f.fake.login(await f.plugin.loginUrl(userId, REDIRECT));
    expect(await f.plugin.completeLogin(userId, grant, REDIRECT)).toEqual({ clientId: f.fake.ownerClientId });
    expect(f.linked).toEqual([{ userId, broker: 'DHAN', clientId: f.fake.ownerClientId }]);
    const status = await f.plugin.status(userId);
    expect(status).toMatchObject({
      state: 'connected',
      clientId: f.fake.ownerClientId,
      updateChannel: 'stream',
    });
    expect(status.expiresAt).toBeGreaterThan(f.clock.now());
    expect(status.expiresAt).toBeLessThanOrEqual(f.clock.now() + 24 * 3_600_000);
    const consume = f.fake.requests.find((r) => r.path === '/app/consumeApp-consent');
    expect(consume?.headers).toMatchObject({ app_id: f.fake.appId, app_secret: f.fake.appSecret });
    // The token works: funds are read with it.
    const session = await f.plugin.sessionFor(userId);
    expect((await session?.margin())?.available).toBe(100_000);
  });

  it('refuses a forged or reused tokenId with a 4xx naming Dhan, storing nothing', async () => {
    f = await createDhanFixture();
    const userId = await f.addUser();
    const forged = await failure(f.plugin.completeLogin(userId, { token: 'forged' }, REDIRECT));
    expect(forged.code).toBe('broker_login_failed');
    expect(forged.message).toMatch(/^Dhan login failed: /);
    expect((await f.plugin.status(userId)).state).not.toBe('connected');
    expect(f.linked).toEqual([]);

    const grant = await f.fake.login(await f.plugin.loginUrl(userId, REDIRECT));
    await f.plugin.completeLogin(userId, grant, REDIRECT);
    const reused = await failure(f.plugin.completeLogin(userId, grant, REDIRECT));
    expect(reused.code).toBe('broker_login_failed');
  });

  it('without a client id in the app key: refuses a first login clearly, uses the id of an earlier login', async () => {
    f = await createDhanFixture({ appKey: 'dhanapp7f3a' });
    const newcomer = await f.addUser();
    const refused = await failure(f.plugin.loginUrl(newcomer, REDIRECT));
    expect(refused.code).toBe('broker_login_failed');
    expect(refused.message).toMatch(/Dhan client id/);
    expect(f.fake.requests).toEqual([]);

    const returning = await f.addUser('Returning Trader');
    await f.vault.saveSession(returning, 'dhan', {
      clientId: f.fake.ownerClientId,
      secrets: { accessToken: 'old' },
      tokenExpiresAt: f.clock.now() - 1,
    });
    const url = new URL(await f.plugin.loginUrl(returning, REDIRECT));
    expect(url.searchParams.get('consentAppId')).toBe(f.fake.loginPageMarker());
    const consent = f.fake.requests.find((r) => r.path === '/app/generate-consent');
    expect(consent?.headers.app_id).toBe('dhanapp7f3a');
    expect(consent?.query).toEqual({ client_id: f.fake.ownerClientId });
  });

  it('answers "not available" when the server has no Dhan app, and calls nothing', async () => {
    f = await createDhanFixture({ configured: false });
    const userId = await f.addUser();
    const error = await failure(f.plugin.loginUrl(userId, REDIRECT));
    expect(error.code).toBe('broker_not_configured');
    expect(error.message).toBe('Dhan login is not available on this server');
    expect((await failure(f.plugin.completeLogin(userId, { token: 'x' }, REDIRECT))).code).toBe(
      'broker_not_configured',
    );
    expect(f.fake.requests).toEqual([]);
  });
});
