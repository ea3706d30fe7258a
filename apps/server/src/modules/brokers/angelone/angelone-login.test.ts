import { afterEach, describe, expect, it } from 'vitest';
import { type AngelOneFixture, createAngelOneFixture } from '../../../../test/fakes/angelone';
import { nextIstHour } from '../live-kit/expiry';

// Angel One's publisher login: the login page with the platform's API key, the handed-over JWT checked with
// getProfile (with SmartAPI's headers) before it is accepted, the client id from the profile, the day's expiry.

let f: AngelOneFixture;
afterEach(() => f.close());

describe('Angel One login', () => {
  it('sends the trader to the publisher login page with the API key and a state', async () => {
    f = await createAngelOneFixture();
    const url = new URL(await f.plugin.loginUrl('user-1', 'https://app.example/redirect/angelone'));
    expect(`${url.origin}${url.pathname}`).toBe(`${f.angel.baseUrl}/publisher-login`);
    expect(url.searchParams.get('api_key')).toBe(f.angel.appKey);
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('checks the JWT with getProfile, stores the session until midnight IST and links the client id', async () => {
    f = await createAngelOneFixture();
    const { userId } = await f.loggedIn('A7654321');
    const check = f.angel.requests.find((r) => r.path === '/rest/secure/angelbroking/user/v1/getProfile');
    expect(check?.headers).toMatchObject({
      'x-privatekey': f.angel.appKey,
      'x-usertype': 'USER',
      'x-sourceid': 'WEB',
      authorization: expect.stringMatching(/^Bearer .+\..+\..+$/),
    });
    expect(check?.headers['x-clientlocalip']).toBeTruthy();
    expect(check?.headers['x-clientpublicip']).toBeTruthy();
    expect(check?.headers['x-macaddress']).toBeTruthy();
    expect(f.links.get(userId)).toEqual({ broker: 'ANGELONE', clientId: 'A7654321' });
    expect(await f.plugin.status(userId)).toMatchObject({
      clientId: 'A7654321',
      state: 'connected',
      expiresAt: nextIstHour(f.clock.now(), 0),
      updates: 'live',
    });
  });

  it('stores the feed token of the login with the JWT (SmartStream needs both), sealed in the vault', async () => {
    f = await createAngelOneFixture();
    const userId = await f.addUser();
    const grant = await f.angel.login(await f.plugin.loginUrl(userId, f.angel.redirectUrl), 'A1234567');
    await f.plugin.completeLogin(userId, grant, f.angel.redirectUrl);
    const account = await f.vault.get(userId, 'angelone');
    expect(grant.feed_token).toMatch(/^[0-9a-f]{16}$/);
    expect(account?.secrets).toMatchObject({
      accessToken: grant.auth_token,
      feedToken: grant.feed_token,
      refreshToken: grant.refresh_token,
    });
  });

  it('refuses a token Angel One does not accept, naming the broker, and links nothing', async () => {
    f = await createAngelOneFixture();
    const userId = await f.addUser();
    await expect(f.plugin.completeLogin(userId, f.angel.wrongGrant('A1234567'), '')).rejects.toMatchObject({
      code: 'broker_login_failed',
      message:
        'Angel One login failed: Angel One did not accept the login token (invalid or expired). Log in again.',
    });
    expect(f.links.has(userId)).toBe(false);
    expect(await f.plugin.sessionFor(userId)).toBeUndefined();
  });

  it('answers "not available" without the platform API key, for the login page and the callback', async () => {
    f = await createAngelOneFixture({ configured: false });
    await expect(f.plugin.loginUrl('user-1', '')).rejects.toMatchObject({
      code: 'broker_not_configured',
      message: 'Angel One login is not available on this server',
    });
    await expect(
      f.plugin.completeLogin('user-1', { auth_token: 'a.b.c', feed_token: 'f', refresh_token: 'r' }, ''),
    ).rejects.toMatchObject({ code: 'broker_not_configured' });
  });

  it('marks the session expired when Angel One says the token is dead', async () => {
    f = await createAngelOneFixture();
    const { userId, session } = await f.loggedIn();
    f.angel.expireSessions();
    expect(await session.placeOrder(f.command())).toEqual({
      ok: false,
      code: 'token_expired',
      reason: 'Angel One session expired. Log in with Angel One again to trade.',
    });
    await expect.poll(async () => (await f.plugin.status(userId)).state).toBe('expired');
  });
});
