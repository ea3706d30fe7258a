import type { ApiApp } from '../../src/http/types';

let phoneCounter = 0;

/** A fresh, valid signup payload (unique phone and email within the test run). */
export function newAccount(
  overrides: Partial<{ name: string; email: string; phone: string; passcode: string }> = {},
) {
  phoneCounter += 1;
  const phone = `9${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(6, '0')}`;
  return {
    name: 'Test Trader',
    email: `trader${phone}@example.com`,
    phone,
    passcode: 'secret123',
    ...overrides,
  };
}

export type TestAccount = ReturnType<typeof newAccount>;

const post = (app: ApiApp, url: string, payload: object, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/options-x${url}`,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Signs an account up through the real OTP flow; returns its access token. */
export async function signUp(app: ApiApp, account: TestAccount = newAccount()): Promise<string> {
  const { name, email, phone } = account;
  const otp = await post(app, '/auth/otp', { name, email, phone });
  if (otp.statusCode !== 200) throw new Error(`OTP request failed: ${otp.body}`);
  const code = otp.json().data.devOtp as string;
  const verified = await post(app, '/auth/verifyOtp', { phone, OTP: code });
  if (verified.statusCode !== 200) throw new Error(`OTP verification failed: ${verified.body}`);
  const signup = await post(app, '/auth/signup', account);
  if (signup.statusCode !== 200) throw new Error(`Signup failed: ${signup.body}`);
  return signup.json().data.accessToken as string;
}

/** A new account's access token and its signup details. */
export async function createTestUser(app: ApiApp, overrides: Parameters<typeof newAccount>[0] = {}) {
  const account = newAccount(overrides);
  return { account, token: await signUp(app, account) };
}

/** The header every authenticated call carries. */
export const authHeader = (token: string) => ({ authorization: token });
