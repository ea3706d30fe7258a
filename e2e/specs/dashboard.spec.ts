import { expect, test } from '@playwright/test';
import { signupViaApi, uniqueAccount } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  openDashboard,
  openTab,
  positionQuantity,
  positionRow,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
  storedSettings,
} from './dashboard-support';

// The trading dashboard in the real browser against the real server in Practice Mode: the switch,
// keyboard market orders with live P&L, squaring off, Exit All, and the persisted settings. Stop-loss, bracket
// and trailing orders are in dashboard-orders.spec.ts.

test.describe.configure({ timeout: 120_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

test.describe('dashboard', () => {
  test('Practice Mode starts from the header switch after its confirmation', async ({ page, request }) => {
    const token = await signupViaApi(request, uniqueAccount('practice'));
    await page.goto(`/auth?authToken=${encodeURIComponent(token)}`);
    const practice = page.getByRole('switch', { name: 'Practice Mode' });
    await expect(practice).not.toBeChecked({ timeout: 30_000 });
    await practice.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Start Practice Mode ?');
    await expect(dialog).toContainText('Trade with virtual money & data delayed by 5 seconds');
    await dialog.getByRole('button', { name: 'Start' }).click();
    // Starting reloads the page; the switch then reads the new active broker.
    await expect(page.getByRole('switch', { name: 'Practice Mode' })).toBeChecked({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Paper Trading' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Funds' })).toContainText('₹10,00,000', {
      timeout: 15_000,
    });
  });

  test('ArrowUp buys the CE: the position and its live P&L show; Exit squares it off', async ({
    page,
    request,
  }) => {
    const { token, config, pin } = await practiceTrader(page, request, 'arrowup');
    const symbol = config.callTradingSymbol;
    await pin(symbol, 100);
    await pressOrderKey(page, 'ArrowUp');

    await openTab(page, 'Positions');
    const row = positionRow(page, symbol);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(config.callIdentifier);
    await expect(positionQuantity(page, symbol)).toHaveText(String(config.lotSize));
    await expect(page.locator('[data-notification="order_executed"]').first()).toContainText('COMPLETE');

    // Bought at the ask, 100.05 (a pinned price has no book: one tick each side). The price moves to 110:
    // P&L = 9.95 x one lot, green, in the row and its index group.
    await pin(symbol, 110);
    const pnl = (Math.round(995 * config.lotSize) / 100).toLocaleString('en-IN');
    await expect(row.locator('td').nth(5)).toHaveText(pnl, { timeout: 15_000 });
    await expect(row.locator('td').nth(5).locator('span').last()).toHaveClass(/text-buy/);
    await expect(page.getByRole('rowgroup', { name: 'NIFTY 50 positions' })).toContainText(`P&L ${pnl}`);
    await page.screenshot({ path: screenshotPath('dashboard-dark.png') });

    // The row expands to the instrument's pending orders: none yet.
    await row.getByRole('button', { name: config.callIdentifier }).click();
    await expect(page.getByText('No Pending Orders for this Instrument.')).toBeVisible();
    await row.getByRole('button', { name: config.callIdentifier }).click();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.screenshot({ path: screenshotPath('dashboard-light.png') });

    await page.getByRole('button', { name: `Square off ${symbol}` }).click();
    await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(0);
    await expect(positionQuantity(page, symbol)).toHaveText('0', { timeout: 15_000 });
  });

  test('Exit All leaves no open position', async ({ page, request }) => {
    const { token, config, pin } = await practiceTrader(page, request, 'exitall');
    await pin(config.callTradingSymbol, 100);
    await pin(config.putTradingSymbol, 90);
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .not.toBe(0);
    await pressOrderKey(page, 'ArrowDown');
    await expect
      .poll(() => serverQuantity(request, token, config.putTradingSymbol), { timeout: 20_000 })
      .not.toBe(0);
    await expect(page.getByRole('tab', { name: /^Positions/ })).toContainText('2', { timeout: 15_000 });

    await page.getByRole('button', { name: 'Exit All' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you absolutely sure, you want to exit all your open positions ?');
    await dialog.getByRole('button', { name: 'Exit All' }).click();

    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(0);
    await expect
      .poll(() => serverQuantity(request, token, config.putTradingSymbol), { timeout: 20_000 })
      .toBe(0);
    await page.getByRole('checkbox', { name: 'Show only non-zero positions' }).click();
    await expect(page.getByText('No open positions')).toBeVisible({ timeout: 15_000 });
  });

  test('trading settings survive a reload', async ({ page, request }) => {
    const token = await signupViaApi(request, uniqueAccount('settings'));
    await call(request, token, 'POST', '/broker/papertrading/start');
    await openDashboard(page, token);
    await page.getByLabel('Multiplier').first().selectOption('3');
    const slPoints = page.getByRole('textbox', { name: 'SL points' });
    await slPoints.fill('30.12');
    await slPoints.press('Tab');
    await page.getByRole('button', { name: 'MIS' }).click();
    await page.getByRole('checkbox', { name: 'Follow-Up Trades' }).click();
    await page.getByRole('checkbox', { name: 'Auto SL Trail' }).click();
    await page.getByRole('button', { name: 'Local' }).click();
    await openTab(page, 'Open Orders');

    await page.reload();
    await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByLabel('Multiplier').first()).toHaveValue('3');
    await expect(page.getByRole('textbox', { name: 'SL points' })).toHaveValue('30.1');
    await expect(page.getByRole('button', { name: 'MIS' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('checkbox', { name: 'Follow-Up Trades' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Local' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('tab', { name: /^Open Orders/ })).toHaveAttribute('aria-selected', 'true');
    const settings = await storedSettings(page);
    expect(settings.stopLossOrderState).toMatchObject({
      slPoints: 30.1,
      autoSLTrail: { trailingHandler: 'local', priceChange: 1 },
    });
  });
});
