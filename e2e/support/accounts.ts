import { type APIRequestContext, expect } from '@playwright/test';

const API = '/v1/options-x';

/** Created by the server on first start outside production (README). */
export const DEMO_ACCOUNT = {
  email: 'demo@x-trader.local',
  phone: '9999999999',
  password: 'demo1234',
} as const;

export type Account = { name: string; email: string; phone: string; password: string };

let sequence = 0;

/** A fresh account nobody has used: unique email and phone per call. */
export function uniqueAccount(label = 'trader'): Account {
  sequence += 1;
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const phone = `8${stamp}${String(sequence).padStart(3, '0')}`;
  return {
    name: `E2E ${label} ${sequence}`,
    email: `e2e-${label}-${stamp}-${sequence}@example.com`,
    phone,
    password: 'secret-123',
  };
}

async function post<T = unknown>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const response = await request.post(`${API}${path}`, { data: body });
  const json = (await response.json()) as { success: boolean; message: string; data?: T };
  expect(response.ok(), `${path}: ${response.status()} ${json.message}`).toBe(true);
  return json.data as T;
}

/** Signs up through the API (OTP from `data.devOtp`) and returns the access token. */
export async function signupViaApi(request: APIRequestContext, account: Account): Promise<string> {
  const { name, email, phone, password } = account;
  const { devOtp } = await post<{ devOtp?: string }>(request, '/auth/otp', { name, email, phone });
  expect(devOtp, 'the test server must echo dev OTPs').toMatch(/^\d{4}$/);
  await post(request, '/auth/verifyOtp', { phone, OTP: devOtp });
  const { accessToken } = await post<{ accessToken: string }>(request, '/auth/signup', {
    name,
    email,
    phone,
    passcode: password,
  });
  return accessToken;
}

export async function loginViaApi(
  request: APIRequestContext,
  username: string,
  passcode: string,
): Promise<string> {
  const { accessToken } = await post<{ accessToken: string }>(request, '/auth/login', { username, passcode });
  return accessToken;
}

type OutboxMessage = { phone: string; code: string; purpose: 'signup' | 'reset'; sentAt: number };

/**
 * The latest OTP the dev outbox holds for `phone` and `purpose`, waiting for it: the page's request that sends it
 * may still be on its way when the spec asks (a click returns before the request reaches the server).
 */
export async function latestOtp(
  request: APIRequestContext,
  phone: string,
  purpose: OutboxMessage['purpose'],
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API}/dev/outbox`);
        expect(response.ok()).toBe(true);
        const { data } = (await response.json()) as { data: { messages: OutboxMessage[] } };
        code = data.messages.find((m) => m.phone === phone && m.purpose === purpose)?.code;
        return code;
      },
      { message: `No ${purpose} OTP in the dev outbox for ${phone}`, timeout: 10_000 },
    )
    .toBeDefined();
  return code as string;
}
