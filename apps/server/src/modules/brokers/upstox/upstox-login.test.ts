import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUpstoxFixture, REDIRECT_URL, type UpstoxFixture } from '../../../../test/fakes/upstox';
import { upstoxTokenExpiry } from './token-expiry';

// Upstox login: the v2 authorization dialog with the platform's client id, the form-encoded code exchange with its
// checks (secret, same redirect URI, single-use code), the token stored until 03:30 IST, refusals as 4xx domain errors.

let f: UpstoxFixture;
beforeEach(async () => {
  f = await createUpstoxFixture();
});
afterEach(async () => f.close());

describe('Upstox login URL', () => {
  it('is the authorization dialog with the client id and our redirect URI', async () => {
    const url = new URL(await f.plugin.loginUrl('user-1', REDIRECT_URL));
    expect(`${url.origin}${url.pathname}`).toBe(`${f.upstox.baseUrl}/v2/login/authorization/dialog`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: f.upstox.appKey,
      redirect_uri: REDIRECT_URL,
    });
  });

  it('is refused clearly when the platform app is not configured', async () => {
    const bare = await createUpstoxFixture({ app: null });
    try {
      await expect(bare.plugin.loginUrl('user-1', REDIRECT_URL)).rejects.toMatchObject({
        code: 'broker_not_configured',
        message: 'Upstox login is not available on this server',
      });
      await expect(bare.plugin.completeLogin('user-1', { code: 'x' }, REDIRECT_URL)).rejects.toMatchObject({
        code: 'broker_not_configured',
      });
    } finally {
      await bare.close();
    }
  });
});

describe('Upstox code exchange', () => {
  it('posts the form with code, client id, secret, redirect URI and grant type; links and connects', async () => {
    const userId = await f.addUser();
    const { code } = (await f.upstox.login(await f.plugin.loginUrl(userId, REDIRECT_URL), 'UP1234')) as {
      code: string;
    };
    expect(await f.plugin.completeLogin(userId, { code }, REDIRECT_URL)).toEqual({ clientId: 'UP1234' });
    const exchange = f.upstox.requests.find((r) => r.path === '/v2/login/authorization/token');
    expect(exchange?.contentType).toBe('application/x-www-form-urlencoded');
    expect(exchange?.body).toEqual({
      code,
      client_id: f.upstox.appKey,
      client_secret: f.upstox.appSecret,
      redirect_uri: REDIRECT_URL,
      grant_type: 'authorization_code',
    });
    expect(f.links.get(userId)).toEqual({ broker: 'UPSTOX', clientId: 'UP1234' });
    expect(await f.plugin.status(userId)).toMatchObject({
      clientId: 'UP1234',
      state: 'connected',
      expiresAt: upstoxTokenExpiry(f.clock.now()),
      updates: expect.stringMatching(/^(live|reconnecting)$/),
      updateChannel: 'stream',
    });
  });

  it.each([
    ['a made-up code', () => 'made-up', REDIRECT_URL, 'Upstox login failed: Invalid Auth code'],
    [
      'a redirect URI other than the login page had',
      () => f.upstox.issueCode('https://elsewhere.example/cb'),
      REDIRECT_URL,
      "Upstox login failed: Check your 'client_id' and 'redirect_uri'; one or both are incorrect.",
    ],
  ])('refuses %s with a 4xx naming Upstox, linking nothing', async (_name, code, redirect, message) => {
    const userId = await f.addUser();
    await expect(f.plugin.completeLogin(userId, { code: code() }, redirect)).rejects.toMatchObject({
      code: 'broker_login_failed',
      message,
    });
    expect(f.links.has(userId)).toBe(false);
    expect(await f.plugin.status(userId)).toMatchObject({ clientId: null, state: 'disconnected' });
  });

  it('refuses a code used twice', async () => {
    const userId = await f.addUser();
    const code = f.upstox.issueCode(REDIRECT_URL);
    await f.plugin.completeLogin(userId, { code }, REDIRECT_URL);
    await expect(f.plugin.completeLogin(userId, { code }, REDIRECT_URL)).rejects.toMatchObject({
      code: 'broker_login_failed',
      message: 'Upstox login failed: Invalid Auth code',
    });
  });

  it('says the app credentials were refused when the secret is wrong', async () => {
    const wrong = await createUpstoxFixture({ app: { appKey: 'xt-upstox-client-id', appSecret: 'nope' } });
    try {
      const userId = await wrong.addUser();
      await expect(
        wrong.plugin.completeLogin(userId, { code: wrong.upstox.issueCode(REDIRECT_URL) }, REDIRECT_URL),
      ).rejects.toMatchObject({
        code: 'broker_login_failed',
        message: 'Upstox login failed: the authorization code or the app credentials were refused',
      });
    } finally {
      await wrong.close();
    }
  });
});

describe('Upstox token expiry', () => {
  const ist = (date: string, hh: number, mm: number) => istEpochMs(date, hh, mm);
  it('is the next 03:30 IST', () => {
    expect(upstoxTokenExpiry(ist('2026-12-21', 10, 30))).toBe(ist('2026-12-22', 3, 30));
    expect(upstoxTokenExpiry(ist('2026-12-21', 2, 0))).toBe(ist('2026-12-21', 3, 30));
    expect(upstoxTokenExpiry(ist('2026-12-21', 3, 30))).toBe(ist('2026-12-22', 3, 30));
  });
});
