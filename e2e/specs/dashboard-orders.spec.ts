import { expect, test } from '@playwright/test';
import {
  openOrderRows,
  openTab,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
  setQuantity,
} from './dashboard-support';

// Stop-loss, bracket and trailing orders from the dashboard, against the real server in Practice Mode.

test.describe.configure({ timeout: 120_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

test.describe('dashboard orders', () => {
  test('Shift+ArrowDown places a stop-loss buy of the PE; it shows in openOrders, is modified, then cancelled', async ({
    page,
    request,
  }) => {
    const { config, pin } = await practiceTrader(page, request, 'slorder');
    await pin(config.putTradingSymbol, 80);
    await pressOrderKey(page, 'Shift+ArrowDown');

    await openTab(page, 'Open Orders');
    const row = openOrderRows(page, config.putIdentifier).first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('BUY');
    await expect(row).toContainText('STOP LOSS');
    // Trigger = last price + SL points (25).
    const orderId = (await row.getAttribute('data-order-id')) ?? '';
    const price = page.getByRole('textbox', { name: `Price of ${orderId}` });
    await expect(price).toHaveValue('105.00');

    // One step up by the modify step (0.05), submitted by itself 500 ms later.
    await page.getByRole('button', { name: `Increase Price of ${orderId}` }).click();
    await expect(page.getByText('Order modification triggered!')).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText('105.05', { timeout: 15_000 });

    await page.getByRole('button', { name: `Cancel ${orderId}` }).click();
    await expect(page.getByText('Stoploss order cancellation triggered!')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator(`tr[data-order-id="${orderId}"]`)).toHaveCount(0, { timeout: 15_000 });
    await openTab(page, 'Executed Orders');
    await page.getByRole('tab', { name: /^CANCELLED/ }).click();
    await expect(page.locator(`tr[data-order-id="${orderId}"]`)).toBeVisible({ timeout: 15_000 });
  });

  test('a bracket order shows its target and stop-loss legs', async ({ page, request }) => {
    const { token, config, pin } = await practiceTrader(page, request, 'bracket');
    await pin(config.callTradingSymbol, 100);
    await page.getByRole('checkbox', { name: 'Preset Target & SL' }).first().click();
    await expect(page.getByRole('button', { name: 'Bracket' }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await setQuantity(page, 'Market target points', 20);
    await setQuantity(page, 'Market stop-loss points', 10);
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);

    await openTab(page, 'Open Orders');
    const legs = openOrderRows(page, config.callIdentifier);
    await expect(legs.filter({ hasText: 'BRACKET-TGT' })).toHaveCount(1, { timeout: 20_000 });
    await expect(legs.filter({ hasText: 'BRACKET-SL' })).toHaveCount(1);
    await expect(legs.filter({ hasText: 'BRACKET-TGT' })).toContainText('SELL');
    await expect(legs.filter({ hasText: 'BRACKET-TGT' })).toContainText('120');
    await expect(legs.filter({ hasText: 'BRACKET-SL' })).toContainText('90');
  });

  test('trailing starts and stops on a single stop-loss order', async ({ page, request }) => {
    const { config, pin } = await practiceTrader(page, request, 'trail');
    await pin(config.callTradingSymbol, 100);
    await pressOrderKey(page, 'Shift+ArrowUp');
    await openTab(page, 'Open Orders');
    const row = openOrderRows(page, config.callIdentifier).first();
    await expect(row).toBeVisible({ timeout: 20_000 });

    await row.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('Success : Trailing started !')).toBeVisible({ timeout: 10_000 });
    await expect(row.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByText('Success : Trailing stopped !')).toBeVisible({ timeout: 10_000 });
    await expect(row.getByRole('button', { name: 'Start' })).toBeVisible({ timeout: 15_000 });
  });

  test('Auto SL Trail with Preset Target & SL on the stop-loss card trails the bracket stop-loss leg', async ({
    page,
    request,
  }) => {
    const { config, pin } = await practiceTrader(page, request, 'brackettrail');
    await pin(config.callTradingSymbol, 100);
    const card = page.getByRole('region', { name: 'STOP LOSS ORDER (SHIFT + ARROWS)' });
    await card.getByRole('checkbox', { name: 'Preset Target & SL' }).click();
    await setQuantity(page, 'Stop-loss target points', 20);
    await setQuantity(page, 'Stop-loss stop-loss points', 10);
    await card.getByRole('checkbox', { name: 'Auto SL Trail' }).click();
    await card.getByRole('button', { name: 'Local' }).click();

    // Shift+ArrowUp: a buy stop-loss entry of the call at 100 + 25 with a bracket of target 20 and stop 10.
    const placed = page.waitForResponse((r) => r.url().endsWith('/order') && r.request().method() === 'POST');
    await pressOrderKey(page, 'Shift+ArrowUp');
    const response = await placed;
    expect(response.status(), await response.text()).toBe(200);

    // The entry triggers at 125 and buys at the ask, 125.05 (a pinned price has no book: one tick each side):
    // its legs are a target at 145.05 and a stop-loss at 115.05.
    await pin(config.callTradingSymbol, 125);
    await openTab(page, 'Open Orders');
    const legs = openOrderRows(page, config.callIdentifier);
    const stopLeg = legs.filter({ hasText: 'BRACKET-SL' });
    await expect(stopLeg).toHaveCount(1, { timeout: 20_000 });
    const priceOf = async (row: typeof stopLeg) =>
      page.getByRole('textbox', { name: `Price of ${await row.getAttribute('data-order-id')}` });
    await expect(await priceOf(stopLeg)).toHaveValue('115.05');
    // The price rises 5 above the fill: local trailing (1 for 1) moves the stop-loss leg up 5; the target stays.
    await pin(config.callTradingSymbol, 130.05);
    await expect(await priceOf(stopLeg)).toHaveValue('120.05', { timeout: 20_000 });
    await expect(await priceOf(legs.filter({ hasText: 'BRACKET-TGT' }))).toHaveValue('145.05');
  });

  test('a Local trailing stop-loss is held by X-Trader, trails, and fires a market order when crossed', async ({
    page,
    request,
  }) => {
    const { token, config, pin } = await practiceTrader(page, request, 'localstop');
    await pin(config.callTradingSymbol, 100);
    await pressOrderKey(page, 'ArrowUp');
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
    const card = page.getByRole('region', { name: 'STOP LOSS ORDER (SHIFT + ARROWS)' });
    await card.getByRole('checkbox', { name: 'Auto SL Trail' }).click();
    await card.getByRole('button', { name: 'Local' }).click();

    // Shift+ArrowLeft: a sell stop-loss of the call at 100 - 25, held by X-Trader (shown as an internal order).
    await pressOrderKey(page, 'Shift+ArrowLeft');
    await openTab(page, 'Open Orders');
    const row = openOrderRows(page, config.callIdentifier).first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByRole('button', { name: 'Internal order' })).toBeVisible();
    const orderId = (await row.getAttribute('data-order-id')) ?? '';
    const price = page.getByRole('textbox', { name: `Price of ${orderId}` });
    await expect(price).toHaveValue('75.00');

    // The price rises 10: the held stop trails up 10 (1 for 1); then it falls through: a market sell goes out.
    await pin(config.callTradingSymbol, 110);
    await expect(price).toHaveValue('85.00', { timeout: 20_000 });
    await pin(config.callTradingSymbol, 84);
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(0);
    await expect(page.locator(`tr[data-order-id="${orderId}"]`)).toHaveCount(0, { timeout: 15_000 });
    await openTab(page, 'Executed Orders');
    await expect(page.locator(`tr[data-order-id="${orderId}"]`)).toBeVisible({ timeout: 15_000 });
  });
});
