import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createTestUser, newAccount, type TestAccount } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import type { OtpMessage, OtpSender } from './otp-sender';
import { verifyPassword } from './passwords';

// Every password check is counted, to prove how many guesses parallel requests really got checked.
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

/** Keeps every OTP it is asked to deliver. */
class CountingSender implements OtpSender {
  readonly channels = ['outbox'] as const;
  readonly sent: OtpMessage[] = [];
  async send(message: OtpMessage) {
    this.sent.push(message);
    return this.channels;
  }
}

const PARALLEL = 40;

describeEachStore('auth: parallel guessing', (kind) => {
  let t: TestApp;
  let sender: CountingSender;
  let account: TestAccount;
  beforeEach(async () => {
    sender = new CountingSender();
    t = await createTestApp({ store: kind, overrides: { auth: { otpSender: sender } } });
    ({ account } = await createTestUser(t.app));
    sender.sent.length = 0;
    vi.mocked(verifyPassword).mockClear();
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: `/v1/options-x${url}`, payload, remoteAddress });
  const login = (username: string, passcode: string, ip: string) =>
    post('/auth/login', { username, passcode }, ip);
  const inParallel = <T>(count: number, run: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: count }, (_, i) => run(i)));
  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>((counts, { statusCode }) => {
      counts[statusCode] = (counts[statusCode] ?? 0) + 1;
      return counts;
    }, {});

  it('checks at most 5 of many parallel wrong passwords for one account, then refuses the right one', async () => {
    const responses = await inParallel(PARALLEL, (i) => login(account.email, `wrong-pass-${i}`, '10.1.0.1'));
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(5);
    expect(statuses(responses)).toEqual({ 401: 5, 429: PARALLEL - 5 });
    const right = await login(account.email, account.passcode, '10.1.0.1');
    expect(right.statusCode).toBe(429);
  });

  it('checks at most 20 parallel wrong logins from one address across accounts', async () => {
    const responses = await inParallel(PARALLEL, (i) =>
      login(`nobody${i}@example.com`, 'wrong-pass', '10.1.0.2'),
    );
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(20);
    expect(statuses(responses)).toEqual({ 401: 20, 429: PARALLEL - 20 });
  });

  it('sends at most 3 signup OTPs to one phone however many arrive in parallel', async () => {
    const target = newAccount();
    const responses = await inParallel(PARALLEL, (i) =>
      post('/auth/otp', { name: target.name, email: target.email, phone: target.phone }, `10.1.1.${i}`),
    );
    expect(statuses(responses)).toEqual({ 200: 3, 429: PARALLEL - 3 });
    expect(sender.sent).toHaveLength(3);
  });

  it('sends at most 10 signup OTPs per address however many arrive in parallel', async () => {
    const responses = await inParallel(PARALLEL, () => {
      const { name, email, phone } = newAccount();
      return post('/auth/otp', { name, email, phone }, '10.1.2.1');
    });
    expect(statuses(responses)).toEqual({ 200: 10, 429: PARALLEL - 10 });
    expect(sender.sent).toHaveLength(10);
  });

  it('sends at most 3 password-reset OTPs to one phone however many arrive in parallel', async () => {
    const responses = await inParallel(PARALLEL, (i) =>
      post('/auth/forgotPasscode', { email: account.email, phone: account.phone }, `10.1.3.${i}`),
    );
    expect(statuses(responses)).toEqual({ 200: 3, 429: PARALLEL - 3 });
    expect(sender.sent).toHaveLength(3);
  });

  it('compares at most 5 of many parallel reset OTP guesses, then refuses the right code', async () => {
    const requested = await post(
      '/auth/forgotPasscode',
      { email: account.email, phone: account.phone },
      '10.1.4.1',
    );
    const code = requested.json().data.devOtp as string;
    const wrongCodes = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0')).filter(
      (candidate) => candidate !== code,
    );
    const guesses = await inParallel(PARALLEL, (i) =>
      post('/auth/verifyRestPasscodeOTP', { phone: account.phone, otp: wrongCodes[i] }, '10.1.4.1'),
    );
    expect(guesses.every((guess) => guess.statusCode === 400)).toBe(true);
    const row = await t.resources.db
      .selectFrom('otps')
      .select('failedAttempts')
      .where('phone', '=', account.phone)
      .executeTakeFirstOrThrow();
    // Every comparison is counted first, so the count bounds how many codes were compared.
    expect(row.failedAttempts).toBe(5);
    const right = await post('/auth/verifyRestPasscodeOTP', { phone: account.phone, otp: code }, '10.1.4.1');
    expect(right.json()).toEqual({
      success: false,
      message: 'Too many wrong attempts. Please request a new OTP.',
    });
  });
});
