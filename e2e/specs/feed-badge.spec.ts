import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { FakeTrueData } from '../../apps/server/test/fakes/truedata';
import { signupViaApi, uniqueAccount } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import { type ServerHandle, startServer } from '../support/server-process';

// The platform feed end to end: a dedicated X-Trader server whose XT_PLATFORM_FEED_* point at a local TrueData fake
// that trades every symbol it is asked for. The header badge says Live (TrueData) while it ticks and Stale once the
// fake stops; a market order on the stale contract then asks first.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CREDENTIALS = { user: 'tdws-e2e', password: 'e2e-secret' };

/** A plausible price per TrueData symbol: indices near their level, contracts near 100. */
function priceOf(symbol: string): number {
  const levels: Record<string, number> = { 'NIFTY 50': 26_000, 'NIFTY BANK': 58_000, SENSEX: 85_000 };
  const base = levels[symbol] ?? (/(CE|PE)$/.test(symbol) ? 100 : 25_000);
  return Math.round((base + Math.random() * 2) * 20) / 20;
}

let truedata: FakeTrueData;
let ticking: NodeJS.Timeout | undefined;
let server: ServerHandle;
let dataDir: string;
let api: APIRequestContext;

const startTicking = () => {
  ticking = setInterval(() => {
    for (const symbol of truedata.subscribedSymbols()) truedata.trade(symbol, priceOf(symbol));
  }, 250);
};
const stopTicking = () => {
  if (ticking) clearInterval(ticking);
  ticking = undefined;
};

test.beforeAll(async () => {
  truedata = new FakeTrueData(CREDENTIALS);
  const url = await truedata.listen();
  startTicking();
  dataDir = mkdtempSync(path.join(tmpdir(), 'xtrader-e2e-feed-'));
  server = await startServer({
    repoRoot,
    dataDir,
    env: {
      XT_PLATFORM_FEED_VENDOR: 'truedata',
      XT_PLATFORM_FEED_URL: url,
      XT_PLATFORM_FEED_USER: CREDENTIALS.user,
      XT_PLATFORM_FEED_PASSWORD: CREDENTIALS.password,
    },
  });
  api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
});

test.afterAll(async () => {
  stopTicking();
  await api?.dispose();
  await server?.stop();
  await truedata?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the badge shows the platform feed Live, then Stale when it stops; a market order then asks first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signupViaApi(api, uniqueAccount('feed'));
  await page.goto(`${server.baseUrl}/auth?authToken=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  const badge = page.getByTestId('feed-badge');
  await expect(badge).toHaveText('Live', { timeout: 30_000 });
  await expect(badge).toHaveAttribute('title', /TrueData/);
  expect(truedata.subscribedSymbols()).toContain('NIFTY 50');
  await page.screenshot({ path: screenshotPath('feed-badge-live.png') });

  // Practice Mode reads the same feed through its 5 s delay line, and its dialog says so before it starts.
  await page.getByRole('switch', { name: 'Practice Mode' }).click();
  const start = page.getByRole('alertdialog');
  await expect(start).toContainText('TrueData prices, 5 s delayed.');
  await expect(start).not.toContainText('Simulated');
  await page.screenshot({ path: screenshotPath('feed-badge-practice-dialog.png') });
  await start.getByRole('button', { name: 'Start' }).click();
  await expect(badge).toHaveText('Delayed 5 s', { timeout: 30_000 });
  const marketCard = page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' });
  await expect(marketCard).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ce-price')).toHaveText(/^\d/, { timeout: 30_000 });

  stopTicking();
  truedata.silent = true;
  await expect(badge).toHaveText(/^Stale \d+ s$/, { timeout: 20_000 });
  await expect(badge).toHaveAttribute('data-state', 'stale');
  await page.screenshot({ path: screenshotPath('feed-badge-stale.png') });

  // ArrowUp buys the CE at market: its last tick is stale, so the order waits for a confirmation.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowUp');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(/Prices are stale: last tick \d+ s ago/, { timeout: 10_000 });
  await page.screenshot({ path: screenshotPath('feed-badge-stale-order.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
});
