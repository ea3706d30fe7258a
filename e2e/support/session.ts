import type { Page } from '@playwright/test';

/** Same key as apps/web/src/state/session-store.ts. */
const SESSION_KEY = 'xt-user';

/** The access token the web app keeps, or null when logged out. */
export async function storedAccessToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  return raw ? ((JSON.parse(raw) as { accessToken?: string }).accessToken ?? null) : null;
}
