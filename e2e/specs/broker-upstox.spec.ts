import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import type { InstrumentRecord } from '../../apps/server/src/modules/instruments/contract';
import { FakeUpstox } from '../../apps/server/test/fakes/upstox';
import { signupViaApi, uniqueAccount } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import { type ServerHandle, startServer } from '../support/server-process';

// A broker on the plugin seam, end to end in the browser: a dedicated X-Trader server whose XT_UPSTOX_BASE_URL
// points every Upstox host (login dialog, token exchange, HFT order host, instrument master, portfolio stream) at a
// local fake. The trader picks Upstox in Login With Broker, passes the (fake) Upstox dialog, comes back through
// /redirect/upstox, and an order fired with an arrow key reaches Upstox with its instrument key.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const API = '/v1/options-x';

let upstox: FakeUpstox;
let server: ServerHandle;
let dataDir: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  upstox = await FakeUpstox.start();
  upstox.setFunds(50_000_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'xtrader-e2e-upstox-'));
  server = await startServer({
    repoRoot,
    dataDir,
    env: {
      XT_UPSTOX_BASE_URL: upstox.baseUrl,
      XT_UPSTOX_APP_KEY: upstox.appKey,
      XT_UPSTOX_APP_SECRET: upstox.appSecret,
    },
  });
  api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await upstox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('log in with Upstox through its login page and place an order that reaches Upstox', async ({ page }) => {
  const account = uniqueAccount('upstox');
  const token = await signupViaApi(api, account);
  const headers = { Authorization: token };
  // Live brokers need a subscription; the free trial is enough.
  const trial = await api.post(`${API}/zohoSubscriptions/createZohoSubscription`, {
    headers,
    data: { plan_code: 'freeTrial' },
  });
  expect(trial.ok()).toBe(true);
  // The dashboard's default contracts (NIFTY's ATM call and put) are in Upstox's instrument master too.
  const latest = await api.get(`${API}/instruments/fetchLatestOptionOfIndex`, {
    headers,
    params: { name: 'NIFTY', segment: 'indices' },
  });
  expect(latest.ok()).toBe(true);
  const { call, put } = (await latest.json()).data as Record<'call' | 'put', InstrumentRecord>;
  const [callKey, putKey] = upstox.listContracts([call, put]);
  // The trader's prices come from their own Upstox session (its Market Data Feed V3 socket), not the simulator.
  upstox.setPrice(callKey as string, 120);
  upstox.setPrice(putKey as string, 95);

  await page.goto(`${server.baseUrl}/`);
  await page.getByLabel('Email or Phone').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Add Broker' }).click();
  const dialog = page.getByRole('dialog');
  for (const name of [
    'Zerodha',
    'Upstox',
    'Angel One',
    'Dhan',
    'Fyers',
    'IIFL',
    'Flattrade',
    'AliceBlue',
    'Rupeezy',
  ]) {
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: screenshotPath('broker-login-dialog.png') });
  // Upstox's login dialog (the fake signs the trader in at once) sends the browser back to /redirect/upstox.
  await dialog.getByRole('button', { name: 'Upstox', exact: true }).click();
  const exchanged = () => upstox.requests.some((r) => r.path === '/v2/login/authorization/token');
  await expect.poll(exchanged, { timeout: 30_000 }).toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(dialog).toBeHidden();
  const exchange = upstox.requests.find((r) => r.path === '/v2/login/authorization/token');
  expect(exchange?.body).toMatchObject({
    client_id: upstox.appKey,
    grant_type: 'authorization_code',
    redirect_uri: `${server.baseUrl}/redirect/upstox`,
  });

  const status = page.getByRole('button', { name: 'Upstox', exact: true });
  await status.hover();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Session ends')).toBeVisible();
  await page.screenshot({ path: screenshotPath('broker-upstox-connected.png') });
  await page.mouse.move(10, 400);

  // ArrowUp buys the call at market: the order reaches Upstox's order host with the instrument key from its master.
  await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
    timeout: 30_000,
  });
  const placed = page.waitForResponse(
    (r) => r.url().endsWith(`${API}/order`) && r.request().method() === 'POST',
  );
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('body').press('ArrowUp');
  // A question may come first (a large order, or prices not yet live): the trader places it anyway.
  const confirm = page.getByRole('alertdialog');
  const answered = await Promise.race([
    placed.then(() => 'placed' as const),
    confirm.waitFor({ state: 'visible', timeout: 10_000 }).then(
      () => 'asked' as const,
      () => 'placed' as const,
    ),
  ]);
  if (answered === 'asked') {
    await confirm
      .getByRole('button', { name: /Place anyway|Confirm|Place/ })
      .first()
      .click();
  }
  const response = await placed;
  expect(response.ok(), await response.text()).toBe(true);
  await expect.poll(() => upstox.orders().length, { timeout: 15_000 }).toBeGreaterThan(0);
  for (const order of upstox.orders()) {
    expect(order).toMatchObject({ instrumentId: callKey, side: 'BUY', orderType: 'MARKET' });
    expect(order.tag).toMatch(/^XT[0-9A-Z]{10}/);
  }

  // Upstox fills every slice as it arrives (the default quantity goes out as freeze-limit slices, paced); its
  // portfolio stream (or the poll) completes them on the dashboard.
  await expect
    .poll(
      () => {
        for (const order of upstox.orders()) {
          if (order.status === 'open') upstox.fill(order.brokerOrderId, 120);
        }
        return upstox.orders().every((order) => order.status === 'complete');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByRole('tab', { name: /Open Orders\s*0/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: /Executed Orders\s*[1-9]/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: /Positions\s*1/ })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: screenshotPath('broker-upstox-filled.png') });
});
