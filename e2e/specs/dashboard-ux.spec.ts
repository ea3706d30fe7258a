import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signupViaApi, uniqueAccount } from '../support/accounts';
import {
  call,
  openDashboard,
  openTab,
  positionRow,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
} from './dashboard-support';

// What a trader does with keys and mouse on the dashboard: keys trade after a dropdown was used, settings follow
// the user to another browser, toasts leave the action columns clickable, a login mounts the dashboard once, and
// Reset Funds asks first.

test.describe.configure({ timeout: 120_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

/** A fresh account with a password, signed up through the API, in Practice Mode. */
async function practiceAccount(request: APIRequestContext, label: string) {
  const account = uniqueAccount(label);
  const token = await signupViaApi(request, account);
  await call(request, token, 'POST', '/broker/papertrading/start');
  return { account, token };
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email or Phone').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openUserSettings(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  return page.getByRole('dialog', { name: 'User Settings' });
}

async function inNewContext<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('dashboard keys and layout', () => {
  test('after picking the index with the mouse, ArrowUp places an order and leaves the index alone', async ({
    page,
    request,
  }) => {
    const { token, config, pin } = await practiceTrader(page, request, 'selectkeys');
    await pin(config.callTradingSymbol, 100);
    const index = page.getByRole('combobox', { name: 'Index' });
    // A mouse pick: the select gets focus from the click, then the chosen option (the same index again).
    await index.click();
    await index.selectOption(config.index);
    await page.keyboard.press('Escape');
    await expect(index).toBeFocused();

    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
    await expect(index).toHaveValue(config.index);
  });

  test('switching index and back keeps the number of lots on the order cards', async ({ page, request }) => {
    const { config } = await practiceTrader(page, request, 'lots');
    const quantity = page.getByRole('textbox', { name: 'Market quantity', exact: true });
    await expect(quantity).toHaveValue(String(config.lotSize));
    const index = page.getByRole('combobox', { name: 'Index' });
    await index.selectOption('MIDCPNIFTY');
    await expect(page.getByRole('combobox', { name: 'Call strike' })).toBeEnabled({ timeout: 20_000 });
    // One lot of MIDCPNIFTY is 120.
    await expect(quantity).toHaveValue('120', { timeout: 20_000 });
    await index.selectOption(config.index);
    await expect(quantity).toHaveValue(String(config.lotSize), { timeout: 20_000 });
  });

  test("a new trader's first key press with the default quantity asks before sending anything", async ({
    page,
    request,
  }) => {
    const { token } = await practiceAccount(request, 'firstuse');
    await openDashboard(page, token);
    await pressOrderKey(page, 'ArrowUp');
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText(/Large order|Not enough funds/);
    await expect(ask).toContainText('10,010');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    type Orders = Record<'openOrders' | 'executedOrders' | 'rejectedOrders' | 'cancelledOrders', unknown[]>;
    const orders = await call<Orders>(request, token, 'GET', '/portfolio/orders');
    expect(Object.values(orders).flat()).toEqual([]);
  });

  test.describe('on a laptop screen', () => {
    test.use({ viewport: { width: 1366, height: 768 } });

    test('a burst of toasts leaves the Exit buttons of the positions clickable', async ({
      page,
      request,
    }) => {
      const { token, config, pin } = await practiceTrader(page, request, 'toasts');
      await pin(config.callTradingSymbol, 100);
      await pin(config.putTradingSymbol, 100);
      await pressOrderKey(page, 'ArrowUp');
      await pressOrderKey(page, 'ArrowDown');
      await expect
        .poll(() => serverQuantity(request, token, config.putTradingSymbol), { timeout: 20_000 })
        .toBe(config.lotSize);
      await openTab(page, 'Positions');
      const exits = [config.callTradingSymbol, config.putTradingSymbol].map((symbol) =>
        page.getByRole('button', { name: `Square off ${symbol}` }),
      );
      for (const exit of exits) await expect(exit).toBeVisible({ timeout: 20_000 });

      // A burst of orders: each one's notification toast opens at once, with the '+ N more' pill.
      for (let i = 0; i < 4; i += 1) await pressOrderKey(page, 'ArrowUp');
      await expect
        .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
        .toBe(5 * config.lotSize);
      const toasts = page.locator('[data-sonner-toast], [data-toast-overflow]');
      await expect(toasts.first()).toBeVisible();
      const boxes = await toasts.evaluateAll((nodes) =>
        nodes.map((n) => {
          const r = n.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      expect(boxes.length).toBeGreaterThan(1);
      for (const exit of exits) {
        const button = await exit.boundingBox();
        if (!button) throw new Error('An Exit button has no box');
        for (const box of boxes) {
          const overlaps =
            box.x < button.x + button.width &&
            button.x < box.x + box.width &&
            box.y < button.y + button.height &&
            button.y < box.y + box.height;
          expect(overlaps, `toast ${JSON.stringify(box)} covers Exit ${JSON.stringify(button)}`).toBe(false);
        }
      }
      await exits[1]?.click({ timeout: 2_000 });
      await expect
        .poll(() => serverQuantity(request, token, config.putTradingSymbol), { timeout: 20_000 })
        .toBe(0);
    });
  });

  test('logging in opens one WebSocket and aborts no request', async ({ page, request }) => {
    const { account } = await practiceAccount(request, 'mountonce');
    const sockets: string[] = [];
    const aborted: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    page.on('requestfailed', (r) => aborted.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`));
    await logIn(page, account.email, account.password);
    await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('region', { name: 'Funds' })).toContainText('₹', { timeout: 15_000 });
    await page.waitForTimeout(2_000);
    expect(sockets).toHaveLength(1);
    expect(aborted).toEqual([]);
  });

  test('Reset Funds asks before it wipes anything', async ({ page, request }) => {
    const { token, config, pin } = await practiceTrader(page, request, 'resetfunds');
    await pin(config.callTradingSymbol, 100);
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
    await page.getByRole('button', { name: 'Paper Trading' }).hover();
    await page.getByRole('button', { name: 'Reset Funds' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Reset Funds');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await openTab(page, 'Positions');
    await expect(positionRow(page, config.callTradingSymbol)).toBeVisible({ timeout: 15_000 });
    expect(await serverQuantity(request, token, config.callTradingSymbol)).toBe(config.lotSize);
  });
});

test.describe('settings follow the user', () => {
  test('a setting saved in one browser is there after logging in from another', async ({
    browser,
    request,
  }) => {
    const { account } = await practiceAccount(request, 'settingsync');
    await inNewContext(browser, async (page) => {
      await logIn(page, account.email, account.password);
      const dialog = await openUserSettings(page);
      const step = dialog.getByRole('textbox', { name: 'Modify step', exact: true });
      await step.fill('0.5');
      await step.press('Tab');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('User settings updated!')).toBeVisible();
    });
    await inNewContext(browser, async (page) => {
      await logIn(page, account.phone, account.password);
      await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
        timeout: 30_000,
      });
      const dialog = await openUserSettings(page);
      await expect(dialog.getByRole('textbox', { name: 'Modify step', exact: true })).toHaveValue(/^0\.50?$/);
    });
  });

  test('a fresh browser does not overwrite the saved settings with its defaults', async ({
    page,
    request,
  }) => {
    const { token } = await practiceAccount(request, 'settingskeep');
    await call(request, token, 'PUT', '/auth/editUserSetting', { modifyStep: 0.25 });
    await openDashboard(page, token);
    const info = await call<{ settings: { modifyStep: number } }>(request, token, 'GET', '/auth/getUserInfo');
    expect(info.settings.modifyStep).toBe(0.25);
    const dialog = await openUserSettings(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('User settings updated!')).toBeVisible();
    const after = await call<{ settings: { modifyStep: number } }>(
      request,
      token,
      'GET',
      '/auth/getUserInfo',
    );
    expect(after.settings.modifyStep).toBe(0.25);
  });
});
