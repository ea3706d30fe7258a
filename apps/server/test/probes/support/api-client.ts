// A small JSON client of the X-Trader API for probes that drive a server child process over HTTP.

export const API = '/v1/options-x';

export interface Answer<T = unknown> {
  status: number;
  success: boolean;
  message: string;
  data: T;
}

export class ApiClient {
  constructor(
    public baseUrl: string,
    public token = '',
  ) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 15_000,
  ): Promise<Answer<T>> {
    const response = await fetch(`${this.baseUrl}${API}${path}`, {
      method,
      headers: {
        ...(this.token ? { authorization: this.token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json()) as { success: boolean; message: string; data: T };
    return { status: response.status, ...json };
  }

  /** A call that must succeed: its data. */
  async ok<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.message}`);
    return answer.data;
  }
}

let sequence = 0;

/** Signs a fresh user up (dev OTP) with the free trial, and returns a client holding their token. */
export async function signUp(baseUrl: string, label: string): Promise<ApiClient & { phone: string }> {
  sequence += 1;
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const phone = `7${stamp}${String(sequence).padStart(3, '0')}`;
  const person = {
    name: `Probe ${label} ${sequence}`,
    email: `probe-${label}-${stamp}-${sequence}@example.com`,
    phone,
  };
  const client = new ApiClient(baseUrl);
  const { devOtp } = await client.ok<{ devOtp: string }>('POST', '/auth/otp', person);
  await client.ok('POST', '/auth/verifyOtp', { phone, OTP: devOtp });
  const { accessToken } = await client.ok<{ accessToken: string }>('POST', '/auth/signup', {
    ...person,
    passcode: 'secret-123',
  });
  client.token = accessToken;
  await client.ok('POST', '/zohoSubscriptions/createZohoSubscription', { plan_code: 'freeTrial' });
  return Object.assign(client, { phone });
}
