import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { FakeKite } from '../../apps/server/test/fakes/kite/fake-kite';
import { kiteInstrumentsCsv } from '../../apps/server/test/helpers/kite-instruments-csv';
import { signupViaApi, uniqueAccount } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import { type ServerHandle, startServer } from '../support/server-process';

// Zerodha end to end: a dedicated X-Trader server whose XT_KITE_* point at a fake Kite Connect (REST, login page,
// ticker). The user adds their Kite app's API key and secret, goes through the (fake) Kite login page, comes back
// to /redirect/zerodha, and an order placed on the dashboard reaches the fake Kite.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const API = '/v1/options-x';
const APP = { apiKey: 'e2ekiteapp', apiSecret: 'e2e-kite-secret' };

let kite: FakeKite;
let server: ServerHandle;
let dataDir: string;
let api: APIRequestContext;
/** The trader the first test links to Kite; the later tests trade as them. */
let trader: { token: string; call: { tradingsymbol: string } } | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The market keeps trading: a linked trader's prices are their own Kite ticker's, fresh while it ticks.
  kite = await FakeKite.start({ userId: 'ZE1234', heartbeatMs: 1000, marketTickMs: 500 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'xtrader-e2e-kite-'));
  // A Kite instrument master: the ticker streams Kite's instrument tokens (32-bit), which a generated master's
  // tokens are not.
  const master = path.join(dataDir, 'kite-instruments.csv');
  writeFileSync(master, kiteInstrumentsCsv(Date.now(), ['NIFTY']));
  server = await startServer({
    repoRoot,
    dataDir,
    env: {
      XT_KITE_API_URL: kite.url,
      XT_KITE_LOGIN_URL: kite.loginUrl,
      XT_KITE_TICKER_URL: kite.tickerUrl,
      XT_INSTRUMENTS_CSV: master,
    },
  });
  kite.registerApp({
    ...APP,
    redirectUrl: `${server.baseUrl}/redirect/zerodha`,
    postbackUrl: `${server.baseUrl}${API}/broker/postback/zerodha`,
  });
  api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await kite?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The contracts the dashboard trades by default (NIFTY's ATM call and put), known to the fake Kite too. */
async function registerDefaultContracts(token: string) {
  const response = await api.get(`${API}/instruments/fetchLatestOptionOfIndex`, {
    headers: { Authorization: token },
    params: { name: 'NIFTY', segment: 'indices' },
  });
  expect(response.ok()).toBe(true);
  const { call, put } = (await response.json()).data as Record<
    'call' | 'put',
    { tradingsymbol: string; internalToken: string }
  >;
  for (const contract of [call, put]) {
    kite.addInstrument({
      tradingsymbol: contract.tradingsymbol,
      instrument_token: Number(contract.internalToken),
      exchange: 'NFO',
    });
  }
  return call;
}

test('add Zerodha credentials, log in through Kite, and place an order that reaches Kite', async ({
  page,
}) => {
  const account = uniqueAccount('zerodha');
  const token = await signupViaApi(api, account);
  // Live brokers need a subscription; the free trial is enough.
  const trial = await api.post(`${API}/zohoSubscriptions/createZohoSubscription`, {
    headers: { Authorization: token },
    data: { plan_code: 'freeTrial' },
  });
  expect(trial.ok()).toBe(true);
  const call = await registerDefaultContracts(token);
  trader = { token, call };
  // The call trades at Kite; once linked, the dashboard shows the trader this price from their own ticker.
  kite.setPrice(call.tradingsymbol, 80);

  await page.goto(`${server.baseUrl}/`);
  await page.getByLabel('Email or Phone').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Add Broker' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Zerodha' }).click();
  // No credentials yet: the server says 'cannot find credentials' and the dialog asks for the Kite app.
  await expect(dialog.getByRole('heading', { name: 'Add Zerodha Account' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Postback URL' })).toHaveValue(
    `${server.baseUrl}${API}/broker/postback/zerodha`,
  );
  await expect(dialog.getByRole('textbox', { name: 'Redirect URL' })).toHaveValue(
    `${server.baseUrl}/redirect/zerodha`,
  );
  await dialog.getByLabel('API Key').fill(APP.apiKey);
  await dialog.getByLabel('API Secret').fill(APP.apiSecret);
  await page.screenshot({ path: screenshotPath('broker-add-zerodha.png') });
  await dialog.getByRole('button', { name: 'Add Zerodha Account' }).click();

  // The fake Kite login page, then back to /redirect/zerodha with the request token.
  await expect(page.getByRole('heading', { name: 'Login to Kite' })).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const exchange = kite.requests.find((r) => r.path === '/session/token');
  expect(exchange?.form.api_key).toBe(APP.apiKey);

  const status = page.getByRole('button', { name: 'Zerodha' });
  await expect(status).toBeVisible();
  await status.hover();
  await expect(page.getByText('ZE1234')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.screenshot({ path: screenshotPath('broker-zerodha-connected.png') });
  await page.mouse.move(10, 400);

  // The call's first tick from the user's own Kite ticker: before it, a market order rightly asks about stale
  // prices first (a busy machine can take a while to get it here).
  const card = page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' });
  await expect(card.getByTestId('ce-bid-ask')).toBeVisible({ timeout: 30_000 });
  // ArrowUp buys the call at market: the order goes through the order manager to Kite, with market protection.
  const placed = page.waitForResponse(
    (r) => r.url().endsWith(`${API}/order`) && r.request().method() === 'POST',
  );
  await page.locator('body').press('ArrowUp');
  // The default quantity costs more than the Kite account's funds: the trader is asked first and places it anyway.
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm.getByText('Not enough funds')).toBeVisible();
  await confirm.getByRole('button', { name: 'Place anyway' }).click();
  const response = await placed;
  expect(response.ok(), await response.text()).toBe(true);
  await expect
    .poll(() => kite.requests.find((r) => r.method === 'POST' && r.path === '/orders/regular')?.form)
    .toMatchObject({ tradingsymbol: call.tradingsymbol, transaction_type: 'BUY', order_type: 'MARKET' });
  const form = kite.requests.find((r) => r.path === '/orders/regular')?.form ?? {};
  expect(Number(form.market_protection)).toBeGreaterThan(0);
  expect(form.tag).toMatch(/^XT[0-9A-Z]{10}/);

  // Kite fills it (the default quantity goes out as freeze-limit slices, each its own Kite order); the ticker's
  // order updates reach the engine and the executed orders and the position show on the dashboard.
  kite.setPrice(call.tradingsymbol, 80);
  const book = () => [...kite.book('ZE1234').orders.values()];
  await expect.poll(() => book().length > 0 && book().every((o) => o.status === 'COMPLETE')).toBe(true);
  await expect(page.getByRole('tab', { name: /Executed Orders\s*[1-9]/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: /Open Orders\s*0/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Positions\s*1/ })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: screenshotPath('broker-zerodha-filled.png') });
});

test('a stop-loss with Broker trailing rests at Kite and is modified there as the price moves', async ({
  page,
}) => {
  if (!trader) throw new Error('the login test must run first');
  const { token, call } = trader;
  // The market price at Kite. A Zerodha trader's prices are their own ticker's: X-Trader trails on them, not on
  // the shared simulated feed (pinned elsewhere, to show it is not read).
  const price = async (value: number) => {
    kite.setPrice(call.tradingsymbol, value);
    const pinned = await api.post(`${API}/dev/market/price`, {
      headers: { Authorization: token },
      data: { symbol: call.tradingsymbol, price: 500 },
    });
    expect(pinned.ok()).toBe(true);
  };
  await price(80);
  await page.goto(`${server.baseUrl}/auth?authToken=${encodeURIComponent(token)}`);
  await expect(page.getByRole('region', { name: 'STOP LOSS ORDER (SHIFT + ARROWS)' })).toBeVisible({
    timeout: 30_000,
  });
  const quantity = page.getByRole('textbox', { name: 'Stop-loss quantity', exact: true });
  await quantity.fill('1');
  await quantity.press('Tab');
  await page.getByRole('checkbox', { name: 'Auto SL Trail' }).click();
  // Broker is the default handler (price change 5, SL change 1); Kite has no trailing of its own.
  await expect(page.getByRole('button', { name: 'Broker' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('80', { exact: true }).first()).toBeVisible({ timeout: 15_000 });

  // Shift+ArrowLeft: a sell stop-loss of the call at the last price minus the SL points (80 - 25).
  const placed = page.waitForResponse(
    (r) => r.url().endsWith(`${API}/order`) && r.request().method() === 'POST',
  );
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+ArrowLeft');
  const response = await placed;
  expect(response.ok(), await response.text()).toBe(true);
  const { orderId } = (await response.json()).data as { orderId: string };
  const atKite = () => [...kite.book('ZE1234').orders.values()].find((o) => o.tag === orderId);
  await expect.poll(() => atKite()?.status).toBe('TRIGGER PENDING');
  expect(atKite()).toMatchObject({ order_type: 'SL', transaction_type: 'SELL', trigger_price: 55 });

  // The price rises 10 points: two steps of 5, so X-Trader moves the trigger up 2 by modifying the order at Kite.
  await price(90);
  await expect.poll(() => atKite()?.trigger_price, { timeout: 15_000 }).toBe(57);
  const modifications = kite.requests.filter(
    (r) => r.method === 'PUT' && r.path.endsWith(`/${atKite()?.order_id}`),
  );
  expect(modifications.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: /^Open Orders/ }).click();
  await expect(page.getByRole('textbox', { name: `Price of ${orderId}` })).toHaveValue('57.00', {
    timeout: 15_000,
  });
  await page.screenshot({ path: screenshotPath('broker-zerodha-trailing.png') });
  await api.post(`${API}/dev/market/price`, {
    headers: { Authorization: token },
    data: { symbol: call.tradingsymbol, price: null },
  });
});
