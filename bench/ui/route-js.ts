import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

/**
 * Gzipped size of every JavaScript file a cold load of `path` fetches (the route's JS), with `setup` run in the
 * context first (e.g. a stored session for the dashboard).
 */
export async function routeJsGzipped(
  browser: Browser,
  url: string,
  setup?: (context: import('@playwright/test').BrowserContext) => Promise<void>,
) {
  const context = await browser.newContext();
  if (setup) await setup(context);
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body().catch(() => undefined);
    if (body) sizes.set(response.url(), gzipSync(body).length);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await context.close();
  return { files: sizes.size, bytes: [...sizes.values()].reduce((a, b) => a + b, 0) };
}
