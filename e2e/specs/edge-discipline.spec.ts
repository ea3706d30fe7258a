import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  positionQuantity,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
} from './dashboard-support';

test.afterEach(({ request }) => releasePinnedPrices(request));

test.describe('discipline rules', () => {
  test('max trades per day set in User Settings: the next order is refused with the message and the bar shows it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token, config, pin } = await practiceTrader(page, request, 'discipline');
    await pin(config.callTradingSymbol, 100);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'User Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'User Settings' });
    const maxTrades = settings.getByRole('textbox', { name: 'Max trades per day' });
    await expect(maxTrades).toHaveValue('');
    await maxTrades.fill('1');
    await maxTrades.press('Tab');
    await settings.getByRole('heading', { name: /Discipline/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('discipline-settings.png') });
    await settings.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('User settings updated!')).toBeVisible();

    const discipline = page.getByRole('region', { name: 'Discipline' });
    await expect(discipline.getByText('Trades 0/1')).toBeVisible({ timeout: 15_000 });

    // The one trade of the day goes through.
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
    const message = 'Max trades per day reached (1 of 1): no new orders until the next session';
    await expect(discipline.getByText('Trades 1/1')).toHaveAttribute('data-held', 'true', {
      timeout: 15_000,
    });
    await expect(discipline.getByTestId('discipline-hold')).toHaveText(message);

    // The next one is refused, by the server, with the rule's message.
    await pressOrderKey(page, 'ArrowUp');
    await expect(page.getByText(message).first()).toBeVisible({ timeout: 10_000 });
    expect(await serverQuantity(request, token, config.callTradingSymbol)).toBe(config.lotSize);
    await page.screenshot({ path: screenshotPath('discipline-max-trades-dark.png') });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.screenshot({ path: screenshotPath('discipline-max-trades-light.png') });

    // Exits are never refused: the position is squared off while the rule holds.
    await call(request, token, 'POST', `/order/exit/${config.callTradingSymbol}/normal`, {
      quantity: config.lotSize,
      marketProtection: 0,
    });
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(0);
    const status = await call<{ tradesToday: number; holds: { rule: string }[] }>(
      request,
      token,
      'GET',
      '/discipline',
    );
    expect(status.tradesToday).toBe(1);
    expect(status.holds.map((hold) => hold.rule)).toEqual(['maxTrades']);
  });
});

test.describe('risk-first sizing', () => {
  test('the stop-loss card shows the lots a risk buys at its SL points, and refuses 0 lots', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { config, pin } = await practiceTrader(page, request, 'risk-sizing');
    await pin(config.callTradingSymbol, 100);
    const slPoints = page.getByRole('textbox', { name: 'SL points', exact: true });
    await slPoints.fill('20');
    await slPoints.press('Tab');
    const risk = page.getByRole('textbox', { name: 'Risk per trade' });
    await expect(risk).toHaveValue('');
    const perLot = 20 * config.lotSize;
    await risk.fill(String(perLot * 3 + perLot / 2));
    await risk.press('Tab');
    const lots = page.getByTestId('risk-sized-lots');
    await expect(lots).toContainText(`3 lots = ${(3 * config.lotSize).toLocaleString('en-IN')} qty`);
    await page.screenshot({ path: screenshotPath('risk-sizing.png') });

    await risk.fill('100');
    await risk.press('Tab');
    await expect(lots).toContainText('0 lots, nothing sent');
    await pressOrderKey(page, 'Shift+ArrowUp');
    await expect(page.getByText(/Risk ₹100 is less than one lot/).nth(1)).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('keyboard help', () => {
  test('? lists the trading keys; its switch turns every trading key off', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { token, config, pin } = await practiceTrader(page, request, 'keys');
    await pin(config.callTradingSymbol, 100);
    await pressOrderKey(page, '?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByText('Buy CE at market')).toBeVisible();
    const keys = help.getByRole('switch', { name: 'Trading keys' });
    await expect(keys).toBeChecked();
    await keys.click();
    await expect(keys).not.toBeChecked();
    await page.screenshot({ path: screenshotPath('keyboard-help.png') });
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // Off: an arrow places nothing.
    await pressOrderKey(page, 'ArrowUp');
    await page.waitForTimeout(1500);
    expect(await serverQuantity(request, token, config.callTradingSymbol)).toBe(0);

    // On again: the arrow trades.
    await pressOrderKey(page, '?');
    await help.getByRole('switch', { name: 'Trading keys' }).click();
    await page.keyboard.press('Escape');
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
  });
});

test.describe('exit keys', () => {
  test('2 exits half of the selected position, in whole lots', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { token, config, pin } = await practiceTrader(page, request, 'exit-keys');
    await pin(config.callTradingSymbol, 100);
    const quantity = page.getByRole('textbox', { name: 'Market quantity', exact: true });
    await quantity.fill(String(4 * config.lotSize));
    await quantity.press('Tab');
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(4 * config.lotSize);

    // Nothing selected yet: the key says so and exits nothing.
    await pressOrderKey(page, '2');
    await expect(page.getByText('Select a position first: click its row')).toBeVisible();

    const row = page.locator(`tr[data-position="${config.callTradingSymbol}"]`);
    await row.locator('td').nth(2).click();
    await expect(row).toHaveAttribute('data-selected', 'true');
    await pressOrderKey(page, '2');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(2 * config.lotSize);
    // The row shows 2 lots: a quarter of it is less than one lot, refused with the reason.
    await expect(positionQuantity(page, config.callTradingSymbol)).toHaveText(String(2 * config.lotSize), {
      timeout: 15_000,
    });
    await pressOrderKey(page, '1');
    await expect(page.getByText(`25% of ${2 * config.lotSize} is less than one lot`)).toBeVisible();
    await pressOrderKey(page, '2');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
    await page.screenshot({ path: screenshotPath('exit-keys.png') });
  });
});
