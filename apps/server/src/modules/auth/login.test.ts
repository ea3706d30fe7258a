import { decodeJwt } from 'jose';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { DEMO_ACCOUNT } from './demo-account';
import { createAuthModule } from './index';

const BAD_CREDENTIALS = { success: false, message: 'Invalid email/phone or password' };
const UNAUTHORIZED = { success: false, message: 'Unauthorized' };

describeEachStore('auth: login and sessions', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ store: kind });
  });
  afterEach(async () => {
    await t.close();
  });

  const login = (username: string, passcode: string, remoteAddress = '10.0.1.1') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/login',
      payload: { username, passcode },
      remoteAddress,
    });
  const userInfo = (headers: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/v1/options-x/auth/getUserInfo${query}`, headers });

  it('logs in by email (any case) or phone', async () => {
    const { account } = await createTestUser(t.app);
    for (const username of [
      account.email,
      account.email.toUpperCase(),
      account.phone,
      ` ${account.phone} `,
    ]) {
      const response = await login(username, account.passcode);
      expect(response.statusCode, username).toBe(200);
      expect(response.json().data.accessToken).toEqual(expect.any(String));
    }
  });

  it('issues a token whose payload carries expiryAt in seconds', async () => {
    const { account } = await createTestUser(t.app);
    const token = (await login(account.phone, account.passcode)).json().data.accessToken;
    const payload = decodeJwt(token);
    const expected = Math.floor((t.resources.clock.now() + 24 * 3_600_000) / 1000);
    expect(payload).toMatchObject({
      expiryAt: expected,
      exp: expected,
      sub: expect.any(String),
      sid: expect.any(String),
    });
  });

  it('answers one message for an unknown user and a wrong password', async () => {
    const { account } = await createTestUser(t.app);
    for (const response of [
      await login('nobody@example.com', 'whatever1'),
      await login(account.email, 'wrong-password'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(BAD_CREDENTIALS);
    }
    expect((await login('', '')).statusCode).toBe(400);
  });

  it('logs the demo account in', async () => {
    const response = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(response.statusCode).toBe(200);
    const info = await userInfo(authHeader(response.json().data.accessToken));
    expect(info.json().data.user).toMatchObject({ name: 'Demo Trader', phone: '9999999999' });
  });

  it('limits failed logins per account (5 per 15 minutes), then lets the right password in again', async () => {
    const { account } = await createTestUser(t.app);
    // Failures count against the account whichever name is used.
    for (let i = 0; i < 5; i += 1) {
      const username = i % 2 === 0 ? account.email : account.phone;
      expect((await login(username, 'wrong-pass', `10.0.2.${i}`)).statusCode).toBe(401);
    }
    const locked = await login(account.phone, account.passcode, '10.0.3.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed login attempts/);
    t.resources.clock.advance(15 * 60_000);
    expect((await login(account.email, account.passcode, '10.0.3.1')).statusCode).toBe(200);
  });

  it('limits failed logins per address (20 per 15 minutes)', async () => {
    for (let i = 0; i < 20; i += 1) await login(`nobody${i}@example.com`, 'wrong-pass', '10.0.4.4');
    const response = await login('someone@example.com', 'wrong-pass', '10.0.4.4');
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe('Too many failed login attempts. Please try again later.');
  });

  it('accepts the raw token and a Bearer token, but not the token query parameter (WebSocket only)', async () => {
    const { token } = await createTestUser(t.app);
    expect((await userInfo({ authorization: token })).statusCode).toBe(200);
    expect((await userInfo({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await userInfo({}, `?token=${encodeURIComponent(token)}`)).statusCode).toBe(401);
  });

  it('refuses missing, forged and expired tokens with 401', async () => {
    const { token } = await createTestUser(t.app);
    expect((await userInfo()).json()).toEqual(UNAUTHORIZED);
    expect((await userInfo({ authorization: 'garbage' })).statusCode).toBe(401);
    const [header, payload] = token.split('.');
    expect((await userInfo({ authorization: `${header}.${payload}.forged-signature` })).statusCode).toBe(401);
    t.resources.clock.advance(24 * 3_600_000);
    const expired = await userInfo(authHeader(token));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(UNAUTHORIZED);
  });

  it('logs out: the token stops working and the revocation is published', async () => {
    const { token } = await createTestUser(t.app);
    const other = (await createTestUser(t.app)).token;
    const revoked = vi.fn();
    t.resources.bus.subscribe('session.revoked', revoked);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/logout',
      headers: authHeader(token),
    });
    expect(logout.json()).toMatchObject({ success: true });
    expect(revoked).toHaveBeenCalledWith({ userId: expect.any(String), sessionIds: [decodeJwt(token).sid] });
    expect((await userInfo(authHeader(token))).statusCode).toBe(401);
    expect((await userInfo(authHeader(other))).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/logout',
      headers: authHeader(token),
    });
    expect(again.statusCode).toBe(401);
  });

  it('accepts logout with a JSON content type and an empty body', async () => {
    const { token } = await createTestUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/auth/logout',
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('exposes verifyAccessToken for the WebSocket gateway', async () => {
    const auth = createAuthModule(t.resources);
    const { token } = await createTestUser(t.app);
    expect(await auth.verifyAccessToken(token)).toEqual({
      userId: expect.any(String),
      sessionId: decodeJwt(token).sid,
    });
    expect(await auth.verifyAccessToken('nope')).toBeNull();
  });
});
