import type { BrowserContext } from '@playwright/test';

const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token the web app accepts as live (it only reads expiryAt; the fake API checks nothing). */
export function fakeToken(): string {
  const payload = { sub: 'bench', expiryAt: Math.floor(Date.now() / 1000) + 3600 };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.bench`;
}

/** Stores a session and trading settings (schema V5) before the app starts. */
export async function seedSession(context: BrowserContext, settings: object): Promise<void> {
  await context.addInitScript(
    ({ token, state }) => {
      localStorage.setItem('xt-user', JSON.stringify({ accessToken: token }));
      localStorage.setItem('xt-store-version', 'V5');
      localStorage.setItem('xt-trading-settings', JSON.stringify({ state, version: 0 }));
    },
    { token: fakeToken(), state: settings },
  );
}
