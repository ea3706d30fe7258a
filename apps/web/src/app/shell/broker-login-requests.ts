import type { BrokerKey } from '@xtrader/core/api/brokers';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';

const loginUrl = z.object({ url: z.string().min(1) });

/** What the server answers when no Kite app is stored for the user: the dialog switches to the add form. */
const MISSING_CREDENTIALS = 'cannot find credentials';

export type ZerodhaLogin = { kind: 'redirect'; url: string } | { kind: 'needs-credentials' };

/** GET /broker/login/zerodha: the Kite login URL, or the signal to ask for the API key and secret. */
export async function startZerodhaLogin(): Promise<ZerodhaLogin> {
  try {
    const { data } = await api.get('/broker/login/zerodha', { data: loginUrl });
    return { kind: 'redirect', url: data.url };
  } catch (error) {
    if (isApiError(error) && error.serverMessage?.toLowerCase().includes(MISSING_CREDENTIALS))
      return { kind: 'needs-credentials' };
    throw error;
  }
}

/** POST /broker/add/zerodha, then the Zerodha login. */
export async function addZerodhaAccount(input: { apiKey: string; apiSecret: string }): Promise<ZerodhaLogin> {
  await api.post('/broker/add/zerodha', input);
  return startZerodhaLogin();
}

/** GET /broker/login/{key}: the broker's login page for this platform's app (every broker but Zerodha). */
export const startBrokerLogin = async (key: BrokerKey): Promise<string> =>
  (await api.get(`/broker/login/${key}`, { data: loginUrl })).data.url;

/** Leaving the app for the broker's login page; replaced in tests. */
export const brokerRedirect = { go: (url: string) => window.location.assign(url) };
