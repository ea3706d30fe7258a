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

  it('locks an account for the address that failed 5 times in 15 minutes, whatever name it used', async () => {
    const { account } = await createTestUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      const username = i % 2 === 0 ? account.email : account.phone;
      expect((await login(username, 'wrong-pass', '10.0.2.1')).statusCode).toBe(401);
    }
    const locked = await login(account.phone, account.passcode, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many failed login attempts. Please try again later or reset your password.',
    );
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    t.resources.clock.advance(15 * 60_000);
    expect((await login(account.email, account.passcode, '10.0.2.1')).statusCode).toBe(200);
  });

  it('does not lock the owner out from another address, nor block password reset', async () => {
    const { account } = await createTestUser(t.app);
    for (let i = 0; i < 5; i += 1) await login(account.email, `wrong-pass-${i}`, '10.0.2.66');
    expect((await login(account.email, account.passcode, '10.0.2.66')).statusCode).toBe(429);
    // The owner, elsewhere, still logs in.
    expect((await login(account.email, account.passcode, '10.0.2.7')).statusCode).toBe(200);
    // And can reset the password.
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/v1/options-x${url}`, payload, remoteAddress: '10.0.2.7' });
    const otp = (await post('/auth/forgotPasscode', { email: account.email, phone: account.phone })).json()
      .data.devOtp;
    const requestID = (await post('/auth/verifyRestPasscodeOTP', { phone: account.phone, otp })).json().data
      .requestId;
    const reset = await post('/auth/resetPasscode', {
      phone: account.phone,
      passcode: 'new-secret-1',
      requestID,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(account.phone, 'new-secret-1', '10.0.2.7')).statusCode).toBe(200);
  });

  it('locks longer when an address keeps failing: 10 failures an hour, 20 a day', async () => {
    const { account } = await createTestUser(t.app);
    const fail = async (times: number) => {
      for (let i = 0; i < times; i += 1) {
        expect((await login(account.email, 'wrong-pass', '10.0.2.9')).statusCode).toBe(401);
      }
    };
    const retryAfter = async () => {
      const response = await login(account.email, account.passcode, '10.0.2.9');
      expect(response.statusCode).toBe(429);
      return Number(response.headers['retry-after']);
    };
    await fail(5);
    expect(await retryAfter()).toBe(15 * 60);
    t.resources.clock.advance(15 * 60_000);
    await fail(5);
    // The first failure leaves the hour 45 minutes from now.
    expect(await retryAfter()).toBe(45 * 60);
    t.resources.clock.advance(45 * 60_000);
    await fail(5);
    t.resources.clock.advance(15 * 60_000);
    await fail(5);
    // Twenty failures within the day: locked until the first one is a day old.
    expect(await retryAfter()).toBe((24 * 60 - 75) * 60);
    t.resources.clock.advance((24 * 60 - 75) * 60_000);
    expect((await login(account.email, account.passcode, '10.0.2.9')).statusCode).toBe(200);
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
