import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadProbeSettings } from '../../src/config';
import type { OtpMessage, OtpSender } from '../../src/modules/auth/otp-sender';
import { verifyPassword } from '../../src/modules/auth/passwords';
import { createTestUser, newAccount, type TestAccount } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { describeEachStore } from '../helpers/test-store';

// Hundreds of login, OTP and password-reset attempts fired at once never get more than the limits of
// docs/security.md: every attempt is counted before the work it guards, so parallelism cannot slip past a count.
// XT_ABUSE_PARALLEL sets how many attempts go out at once.

vi.mock('../../src/modules/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/modules/auth/passwords')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PARALLEL = loadProbeSettings().abuseParallel;
const INVALID_OTP = 'Invalid OTP';
const OTP_LOCKED = 'Too many wrong attempts. Please request a new OTP.';

/** Keeps every OTP it is asked to deliver, to count what really went out. */
class CountingSender implements OtpSender {
  readonly channels = ['outbox'] as const;
  readonly sent: OtpMessage[] = [];
  async send(message: OtpMessage): Promise<readonly ['outbox']> {
    this.sent.push(message);
    return this.channels;
  }
}

const counts = { attempts: 0, scenarios: 0 };
afterAll(() => {
  console.log(`[probe] abuse limits: ${counts.attempts} parallel attempts in ${counts.scenarios} scenarios`);
});

describeEachStore('abuse limits under parallel attempts', (kind) => {
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
  /** Fires `PARALLEL` attempts at once and tallies the answers by status and message. */
  async function burst(attempt: (i: number) => ReturnType<typeof post>) {
    counts.scenarios += 1;
    counts.attempts += PARALLEL;
    const responses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => attempt(i)));
    const tally = (of: (r: (typeof responses)[number]) => string | number) =>
      responses.reduce<Record<string, number>>((all, response) => {
        const key = String(of(response));
        all[key] = (all[key] ?? 0) + 1;
        return all;
      }, {});
    return { byStatus: tally((r) => r.statusCode), byMessage: tally((r) => r.json().message as string) };
  }
  const passwordChecks = () => vi.mocked(verifyPassword).mock.calls.length;
  /** Every comparison is counted before it is made, so the count bounds how many codes were compared. */
  const comparedCodes = async (phone: string, purpose: 'signup' | 'reset') =>
    (
      await t.resources.db
        .selectFrom('otps')
        .select('failedAttempts')
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .executeTakeFirstOrThrow()
    ).failedAttempts;

  it('checks at most 5 wrong passwords for one account from one address', async () => {
    const { byStatus } = await burst((i) =>
      post('/auth/login', { username: account.phone, passcode: `wrong-${i}` }, '10.9.0.1'),
    );
    expect(passwordChecks()).toBeLessThanOrEqual(5);
    expect(byStatus).toEqual({ 401: 5, 429: PARALLEL - 5 });
  });

  it('checks at most 20 wrong passwords from one address across accounts', async () => {
    const { byStatus } = await burst((i) =>
      post('/auth/login', { username: `nobody${i}@example.com`, passcode: 'wrong-pass' }, '10.9.0.2'),
    );
    expect(passwordChecks()).toBeLessThanOrEqual(20);
    expect(byStatus).toEqual({ 401: 20, 429: PARALLEL - 20 });
  });

  it('sends at most 3 signup OTPs to one phone and 10 from one address', async () => {
    const target = newAccount();
    const toOnePhone = await burst((i) =>
      post('/auth/otp', { name: target.name, email: target.email, phone: target.phone }, `10.9.1.${i % 250}`),
    );
    expect(toOnePhone.byStatus).toEqual({ 200: 3, 429: PARALLEL - 3 });
    expect(sender.sent).toHaveLength(3);
    sender.sent.length = 0;
    const fromOneAddress = await burst(() => {
      const { name, email, phone } = newAccount();
      return post('/auth/otp', { name, email, phone }, '10.9.2.1');
    });
    expect(fromOneAddress.byStatus).toEqual({ 200: 10, 429: PARALLEL - 10 });
    expect(sender.sent).toHaveLength(10);
  });

  it('compares at most 5 signup OTP guesses, then refuses the right code; the right code works once', async () => {
    const target = newAccount();
    const issued = await post(
      '/auth/otp',
      { name: target.name, email: target.email, phone: target.phone },
      '10.9.3.1',
    );
    const code = issued.json().data.devOtp as string;
    const wrong = wrongCodes(code);
    const guesses = await burst((i) =>
      post('/auth/verifyOtp', { phone: target.phone, OTP: wrong[i] }, '10.9.3.1'),
    );
    expect(guesses.byMessage).toEqual({ [INVALID_OTP]: 4, [OTP_LOCKED]: PARALLEL - 4 });
    expect(await comparedCodes(target.phone, 'signup')).toBe(5);
    const right = await post('/auth/verifyOtp', { phone: target.phone, OTP: code }, '10.9.3.1');
    expect(right.json()).toEqual({ success: false, message: OTP_LOCKED });

    // A fresh code sent many times at once is accepted once.
    const again = await post(
      '/auth/otp',
      { name: target.name, email: target.email, phone: target.phone },
      '10.9.3.2',
    );
    const fresh = again.json().data.devOtp as string;
    const uses = await burst(() => post('/auth/verifyOtp', { phone: target.phone, OTP: fresh }, '10.9.3.2'));
    expect(uses.byStatus[200]).toBe(1);
  });

  it('sends at most 3 reset OTPs, compares at most 5 reset guesses, and uses a reset once', async () => {
    const sends = await burst((i) =>
      post('/auth/forgotPasscode', { email: account.email, phone: account.phone }, `10.9.4.${i % 250}`),
    );
    expect(sends.byStatus).toEqual({ 200: 3, 429: PARALLEL - 3 });
    expect(sender.sent).toHaveLength(3);
    const code = sender.sent.at(-1)?.code ?? '';
    const wrong = wrongCodes(code);
    const guesses = await burst((i) =>
      post('/auth/verifyRestPasscodeOTP', { phone: account.phone, otp: wrong[i] }, '10.9.5.1'),
    );
    expect(guesses.byMessage).toEqual({ [INVALID_OTP]: 4, [OTP_LOCKED]: PARALLEL - 4 });
    expect(await comparedCodes(account.phone, 'reset')).toBe(5);

    // Wait out the send window, then a verified reset is used once however many resets race on it.
    t.resources.clock.advance(11 * 60_000);
    const requested = await post(
      '/auth/forgotPasscode',
      { email: account.email, phone: account.phone },
      '10.9.6.1',
    );
    const otp = requested.json().data.devOtp as string;
    const verified = await post('/auth/verifyRestPasscodeOTP', { phone: account.phone, otp }, '10.9.6.1');
    const requestID = verified.json().data.requestId as string;
    const resets = await burst((i) =>
      post('/auth/resetPasscode', { phone: account.phone, passcode: `new-pass-${i}`, requestID }, '10.9.6.1'),
    );
    expect(resets.byStatus[200]).toBe(1);
  });
});

/** `PARALLEL` four-digit codes, none of them `code`. */
function wrongCodes(code: string): string[] {
  return Array.from({ length: PARALLEL + 1 }, (_, n) => String(n).padStart(4, '0'))
    .filter((candidate) => candidate !== code)
    .slice(0, PARALLEL);
}
