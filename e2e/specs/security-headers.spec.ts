import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNT } from '../support/accounts';

declare global {
  interface Window {
    /** Content-Security-Policy violations seen by the page, as `directive blocked-url`. */
    cspViolations?: string[];
  }
}

/** Collects every policy violation the page reports, with where it happened. */
const recordCspViolations = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations ??= [];
      window.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

test.describe('security headers', () => {
  test('the built web app runs under its Content-Security-Policy with nothing blocked, live socket included', async ({
    page,
  }) => {
    await recordCspViolations(page);
    const consoleProblems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) consoleProblems.push(message.text());
    });
    const liveFrames: string[] = [];
    const socketCloses: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => void liveFrames.push(String(frame.payload)));
      socket.on('close', () => void socketCloses.push(socket.url()));
    });

    const landing = await page.goto('/');
    const headers = landing?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The inline theme script ran (allowed by its hash) before the app did.
    await expect(page.locator('html')).toHaveClass(/\b(dark|light)\b/);

    await page.getByLabel('Email or Phone').fill(DEMO_ACCOUNT.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The same-origin WebSocket is allowed by connect-src 'self' and streams prices.
    await expect.poll(() => liveFrames.some((frame) => frame.includes('"channel":"ltp"'))).toBe(true);

    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
    expect(consoleProblems).toEqual([]);
    expect(socketCloses).toEqual([]);
  });

  test('the API docs page renders under the same policy', async ({ page }) => {
    await recordCspViolations(page);
    await page.goto('/docs/');
    await expect(page.getByText('X-Trader API').first()).toBeVisible();
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
  });
});
