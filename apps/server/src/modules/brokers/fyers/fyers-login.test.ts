import { createHash } from 'node:crypto';
import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { createFyersFixture, type FyersFixture } from '../../../../test/fakes/fyers/fyers-fixture';

// Fyers login: the generate-authcode URL with the platform app id, the validate-authcode exchange with
// appIdHash = sha256("<app_id>:<app_secret>"), the `<app_id>:<access_token>` header afterwards, refusals.

const REDIRECT = 'https://app.example/redirect/fyers';
let f: FyersFixture;
afterEach(() => f.close());

describe('Fyers login', () => {
  it('builds the generate-authcode URL with the app id and our redirect', async () => {
    f = await createFyersFixture();
    const url = new URL(await f.plugin.loginUrl('u1', REDIRECT));
    expect(`${url.origin}${url.pathname}`).toBe(`${f.fyers.baseUrl}/api/v3/generate-authcode`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'XTAPP1-100',
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'xtrader',
    });
  });

  it('exchanges auth_code with the appIdHash, reads the client id, and calls with app_id:token', async () => {
    f = await createFyersFixture();
    const userId = await f.loggedInUser('XF777');
    const exchange = f.fyers.requests.find((r) => r.path === '/api/v3/validate-authcode');
    expect(exchange?.body).toEqual({
      grant_type: 'authorization_code',
      appIdHash: createHash('sha256').update('XTAPP1-100:fyers-app-secret').digest('hex'),
      code: expect.stringMatching(/^ey/),
    });
    expect(f.links.get(userId)).toEqual({ broker: 'FYERS', clientId: 'XF777' });
    expect(await f.plugin.status(userId)).toMatchObject({
      clientId: 'XF777',
      state: 'connected',
      // The poll runs at once; the stream shows once the order socket has subscribed.
      updateChannel: expect.stringMatching(/^(polling|stream)$/),
    });
    const profile = f.fyers.requests.find((r) => r.path === '/api/v3/profile');
    expect(profile?.authorization).toMatch(/^XTAPP1-100:ey/);
  });

  it('refuses a reused auth code with the broker message, and leaves the user unlinked', async () => {
    f = await createFyersFixture();
    const userId = await f.addUser();
    const url = await f.plugin.loginUrl(userId, REDIRECT);
    const grant = await f.fyers.login(url, 'XF1');
    await f.plugin.completeLogin(userId, grant, REDIRECT);
    const other = await f.addUser();
    await expect(f.plugin.completeLogin(other, grant, REDIRECT)).rejects.toMatchObject({
      code: 'broker_login_failed',
      message: 'Fyers login failed: Invalid auth code',
    });
    expect(f.links.has(other)).toBe(false);
  });

  it('refuses an exchange whose appIdHash is wrong (a different app secret)', async () => {
    f = await createFyersFixture();
    (f.fyers as unknown as { appSecret: string }).appSecret = 'rotated-secret';
    const userId = await f.addUser();
    const grant = await f.fyers.login(await f.plugin.loginUrl(userId, REDIRECT), 'XF1');
    await expect(f.plugin.completeLogin(userId, grant, REDIRECT)).rejects.toMatchObject({
      code: 'broker_login_failed',
      message: 'Fyers login failed: Please provide sha256 hash of appId and app secret',
    });
  });

  it('is not available without the platform app', async () => {
    f = await createFyersFixture({ configured: false });
    await expect(f.plugin.loginUrl('u1', REDIRECT)).rejects.toMatchObject({
      code: 'broker_not_configured',
      message: 'Fyers login is not available on this server',
    });
    await expect(f.plugin.completeLogin('u1', { auth_code: 'x' }, REDIRECT)).rejects.toMatchObject({
      code: 'broker_not_configured',
    });
  });

  it("keeps the token until the JWT's exp, never past 06:00 IST the next morning", async () => {
    const issued = istEpochMs('2026-11-24', 9, 0);
    f = await createFyersFixture({ now: issued });
    const userId = await f.loggedInUser();
    // The fake issues tokens valid for 8 hours of real time; the fixture clock is at 09:00 IST.
    const { expiresAt } = await f.plugin.status(userId);
    expect(expiresAt).toBeGreaterThan(issued);
    expect(expiresAt).toBeLessThanOrEqual(istEpochMs('2026-11-25', 6, 0));
  });
});
