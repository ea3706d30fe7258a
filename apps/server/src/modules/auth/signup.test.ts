import { afterEach, beforeEach, expect, it } from 'vitest';
import { newAccount, signUp } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';

describeEachStore('auth: signup', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ store: kind });
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/v1/options-x${url}`, payload, remoteAddress });
  const requestOtp = async (account = newAccount(), ip?: string) => {
    const { name, email, phone } = account;
    return post('/auth/otp', { name, email, phone }, ip);
  };

  it('signs up through OTP, verification and password, returning a working token', async () => {
    const account = newAccount({ email: 'Asha.Rao@Example.com' });
    const otp = await requestOtp(account);
    expect(otp.statusCode).toBe(200);
    const code = otp.json().data.devOtp;
    expect(code).toMatch(/^\d{4}$/);
    const verified = await post('/auth/verifyOtp', { phone: account.phone, OTP: code });
    expect(verified.json()).toMatchObject({ success: true });
    const signup = await post('/auth/signup', { ...account, referralCode: 'FRIEND1' });
    expect(signup.statusCode).toBe(200);
    const token = signup.json().data.accessToken;
    const info = await t.app.inject({
      method: 'GET',
      url: '/v1/options-x/auth/getUserInfo',
      headers: { authorization: token },
    });
    expect(info.json().data.user).toMatchObject({
      email: 'asha.rao@example.com',
      phone: account.phone,
      activeBroker: null,
    });
    const outbox = await t.app.inject({ method: 'GET', url: '/v1/options-x/dev/outbox' });
    expect(outbox.json().data.messages[0]).toMatchObject({ phone: account.phone, code, purpose: 'signup' });
  });

  it.each([
    [{ name: '' }, 'name: Please fill in all the details.'],
    [{ email: '' }, 'email: Please fill in all the details.'],
    [{ email: 'not-an-email' }, 'email: Invalid email.'],
    [{ phone: '98765' }, 'phone: Phone number should be 10 digits long.'],
    [{ phone: '98765abcde' }, 'phone: Phone number should be 10 digits long.'],
  ])('refuses OTP request %o with a message naming the field', async (change, message) => {
    const { name, email, phone } = newAccount();
    const response = await post('/auth/otp', { name, email, phone, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
  });

  it('refuses a short password and a malformed OTP', async () => {
    const account = newAccount();
    await requestOtp(account);
    const badOtp = await post('/auth/verifyOtp', { phone: account.phone, OTP: '12' });
    expect(badOtp.json().message).toBe('OTP: Invalid OTP');
    const short = await post('/auth/signup', { ...account, passcode: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('passcode: Password should be minimum 8 characters long.');
  });

  it('refuses an existing email (any case) or phone with HTTP 400', async () => {
    const account = newAccount();
    await signUp(t.app, account);
    const sameEmail = await requestOtp(newAccount({ email: account.email.toUpperCase() }));
    const samePhone = await requestOtp(newAccount({ phone: account.phone }));
    for (const response of [sameEmail, samePhone]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'Account with this email or number already exist. Please login to continue.',
      });
    }
  });

  it('refuses signup without a verified phone, or after the 15-minute window', async () => {
    const account = newAccount();
    expect((await post('/auth/signup', account)).json().message).toMatch(/verify your phone/);
    const code = (await requestOtp(account)).json().data.devOtp;
    expect((await post('/auth/signup', account)).statusCode).toBe(400);
    await post('/auth/verifyOtp', { phone: account.phone, OTP: code });
    t.resources.clock.advance(15 * 60_000 + 1);
    const late = await post('/auth/signup', account);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired/);
  });

  it('refuses an expired OTP and a reused one', async () => {
    const account = newAccount();
    const first = (await requestOtp(account)).json().data.devOtp;
    t.resources.clock.advance(5 * 60_000);
    const expired = await post('/auth/verifyOtp', { phone: account.phone, OTP: first });
    expect(expired.json()).toEqual({ success: false, message: 'OTP has expired. Please request a new OTP.' });
    const second = (await requestOtp(account)).json().data.devOtp;
    expect((await post('/auth/verifyOtp', { phone: account.phone, OTP: second })).statusCode).toBe(200);
    const reused = await post('/auth/verifyOtp', { phone: account.phone, OTP: second });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/already been used/);
  });

  it('voids an OTP after 5 wrong tries, even for the right code', async () => {
    const account = newAccount();
    const code = (await requestOtp(account)).json().data.devOtp as string;
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 4; i += 1) {
      const response = await post('/auth/verifyOtp', { phone: account.phone, OTP: wrong });
      expect(response.json()).toEqual({ success: false, message: 'Invalid OTP' });
    }
    const fifth = await post('/auth/verifyOtp', { phone: account.phone, OTP: wrong });
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    const right = await post('/auth/verifyOtp', { phone: account.phone, OTP: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    // A new code starts over.
    const fresh = (await requestOtp(account)).json().data.devOtp;
    expect((await post('/auth/verifyOtp', { phone: account.phone, OTP: fresh })).statusCode).toBe(200);
  });

  it('limits OTP requests per address before saying an account exists', async () => {
    const taken = newAccount();
    await signUp(t.app, taken);
    for (let i = 0; i < 10; i += 1) {
      const probe = await requestOtp({ ...newAccount(), phone: taken.phone }, '10.0.0.7');
      expect(probe.json()).toEqual({
        success: false,
        message: 'Account with this email or number already exist. Please login to continue.',
      });
    }
    const limited = await requestOtp({ ...newAccount(), phone: taken.phone }, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many OTP requests. Please try again later.');
  });

  it('limits OTP sends per phone (3 per 10 minutes) and per address (10 per hour)', async () => {
    const account = newAccount();
    for (let i = 0; i < 3; i += 1) expect((await requestOtp(account, '10.0.0.2')).statusCode).toBe(200);
    const limited = await requestOtp(account, '10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many OTP requests for this number/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.resources.clock.advance(10 * 60_000);
    expect((await requestOtp(account, '10.0.0.3')).statusCode).toBe(200);

    for (let i = 0; i < 10; i += 1) expect((await requestOtp(newAccount(), '10.0.0.9')).statusCode).toBe(200);
    const byAddress = await requestOtp(newAccount(), '10.0.0.9');
    expect(byAddress.statusCode).toBe(429);
    expect(byAddress.json().message).toBe('Too many OTP requests. Please try again later.');
  });
});
