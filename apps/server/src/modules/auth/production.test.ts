import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { DEMO_ACCOUNT } from './demo-account';
import type { OtpMessage, OtpSender } from './otp-sender';

/** Stands in for SMTP: production delivers codes only to the user. */
class CapturingSender implements OtpSender {
  readonly channels = ['email'] as const;
  readonly sent: OtpMessage[] = [];
  async send(message: OtpMessage) {
    this.sent.push(message);
    return this.channels;
  }
}

describe('auth in production', () => {
  let t: TestApp;
  let sender: CapturingSender;
  beforeEach(async () => {
    sender = new CapturingSender();
    t = await createTestApp({ env: { NODE_ENV: 'production' }, overrides: { auth: { otpSender: sender } } });
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/v1/options-x${url}`, payload });

  it('never returns the OTP, and still completes signup with the delivered code', async () => {
    const account = {
      name: 'Prod User',
      email: 'prod@example.com',
      phone: '9123456780',
      passcode: 'secret123',
    };
    const otp = await post('/auth/otp', { name: account.name, email: account.email, phone: account.phone });
    expect(otp.statusCode).toBe(200);
    expect(otp.json()).toEqual({ success: true, message: 'OTP sent', data: { channels: ['email'] } });
    expect(otp.body).not.toContain(sender.sent[0]?.code);
    expect(sender.sent[0]).toMatchObject({ email: 'prod@example.com', purpose: 'signup' });
    await post('/auth/verifyOtp', { phone: account.phone, OTP: sender.sent[0]?.code ?? '' });
    expect((await post('/auth/signup', account)).statusCode).toBe(200);
    const forgot = await post('/auth/forgotPasscode', { email: account.email, phone: account.phone });
    expect(forgot.json().data).toEqual({ channels: ['email'] });
  });

  it('has no dev outbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });

  it('creates no demo account', async () => {
    const response = await post('/auth/login', {
      username: DEMO_ACCOUNT.email,
      passcode: DEMO_ACCOUNT.password,
    });
    expect(response.statusCode).toBe(401);
  });
});
