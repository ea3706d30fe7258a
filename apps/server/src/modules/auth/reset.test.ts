import { afterEach, beforeEach, expect, it } from 'vitest';
import { authHeader, createTestUser, type TestAccount } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';

describeEachStore('auth: password reset', (kind) => {
  let t: TestApp;
  let account: TestAccount;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ store: kind });
    ({ account, token } = await createTestUser(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/v1/options-x${url}`, payload, remoteAddress: '10.0.5.5' });
  const requestId = async () => {
    const otp = (await post('/auth/forgotPasscode', { email: account.email, phone: account.phone })).json()
      .data.devOtp;
    const verified = await post('/auth/verifyRestPasscodeOTP', { phone: account.phone, otp });
    expect(verified.statusCode).toBe(200);
    return verified.json().data.requestId as string;
  };
  const login = (passcode: string) => post('/auth/login', { username: account.email, passcode });

  it('resets the password and revokes every earlier session', async () => {
    const second = (await login(account.passcode)).json().data.accessToken;
    const id = await requestId();
    const reset = await post('/auth/resetPasscode', {
      phone: account.phone,
      passcode: 'brand-new-pass',
      requestID: id,
    });
    expect(reset.json()).toMatchObject({ success: true, message: 'password reset successful' });
    for (const old of [token, second]) {
      const info = await t.app.inject({
        method: 'GET',
        url: '/v1/options-x/auth/getUserInfo',
        headers: authHeader(old),
      });
      expect(info.statusCode).toBe(401);
    }
    expect((await login(account.passcode)).statusCode).toBe(401);
    expect((await login('brand-new-pass')).statusCode).toBe(200);
  });

  it('answers an email and phone of no one account like a real one, and sends nothing', async () => {
    const other = await createTestUser(t.app);
    const real = await post('/auth/forgotPasscode', { email: account.email, phone: account.phone });
    expect(real.json()).toMatchObject({ success: true, message: 'OTP sent' });
    for (const payload of [
      { email: other.account.email, phone: account.phone },
      { email: 'ghost@example.com', phone: '9000000001' },
    ]) {
      const response = await post('/auth/forgotPasscode', payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'OTP sent', data: { channels: ['outbox'] } });
      // Nor does the next step tell: any code is just wrong.
      const verify = await post('/auth/verifyRestPasscodeOTP', { phone: payload.phone, otp: '1234' });
      expect(verify.json()).toEqual({ success: false, message: 'Invalid OTP' });
    }
    const invalid = await post('/auth/forgotPasscode', { email: account.email, phone: '12' });
    expect(invalid.json().message).toBe('phone: Phone number should be 10 digits long.');
    const caseless = await post('/auth/forgotPasscode', {
      email: account.email.toUpperCase(),
      phone: account.phone,
    });
    expect(caseless.json().data.devOtp).toMatch(/^\d{4}$/);
  });

  it('limits reset requests per address before looking the account up (10 per hour)', async () => {
    for (let i = 0; i < 10; i += 1) {
      const probe = await post('/auth/forgotPasscode', {
        email: `ghost${i}@example.com`,
        phone: account.phone,
      });
      expect(probe.statusCode).toBe(200);
    }
    const limited = await post('/auth/forgotPasscode', { email: account.email, phone: account.phone });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many OTP requests. Please try again later.');
  });

  it('refuses a wrong reset OTP', async () => {
    const otp = (await post('/auth/forgotPasscode', { email: account.email, phone: account.phone })).json()
      .data.devOtp;
    const wrong = await post('/auth/verifyRestPasscodeOTP', {
      phone: account.phone,
      otp: otp === '1234' ? '4321' : '1234',
    });
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid OTP' });
  });

  it('lifts the login lock-out of the owner who forgot the password', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(`forgotten-${i}`)).statusCode).toBe(401);
    expect((await login(account.passcode)).statusCode).toBe(429);
    const id = await requestId();
    const body = { phone: account.phone, passcode: 'brand-new-pass', requestID: id };
    expect((await post('/auth/resetPasscode', body)).statusCode).toBe(200);
    expect((await login('brand-new-pass')).statusCode).toBe(200);
  });

  it('uses a request id once', async () => {
    const id = await requestId();
    const body = { phone: account.phone, passcode: 'brand-new-pass', requestID: id };
    expect((await post('/auth/resetPasscode', body)).statusCode).toBe(200);
    const replay = await post('/auth/resetPasscode', { ...body, passcode: 'attacker-pass' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/invalid or has expired/);
    expect((await login('attacker-pass')).statusCode).toBe(401);
  });

  it('expires a request id after 10 minutes and refuses another phone', async () => {
    const id = await requestId();
    const other = await createTestUser(t.app);
    const foreign = await post('/auth/resetPasscode', {
      phone: other.account.phone,
      passcode: 'brand-new-pass',
      requestID: id,
    });
    expect(foreign.statusCode).toBe(400);
    t.resources.clock.advance(10 * 60_000);
    const late = await post('/auth/resetPasscode', {
      phone: account.phone,
      passcode: 'brand-new-pass',
      requestID: id,
    });
    expect(late.statusCode).toBe(400);
    expect((await login(account.passcode)).statusCode).toBe(200);
  });

  it('refuses a short new password, naming the field', async () => {
    const id = await requestId();
    const response = await post('/auth/resetPasscode', {
      phone: account.phone,
      passcode: 'short',
      requestID: id,
    });
    expect(response.json()).toEqual({
      success: false,
      message: 'passcode: Password should be minimum 8 characters long.',
    });
  });
});
