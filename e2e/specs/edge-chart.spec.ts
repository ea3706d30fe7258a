import { expect, type Page, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import { call, practiceTrader, pressOrderKey, releasePinnedPrices } from './dashboard-support';

// The premium chart in Practice Mode: it loads when expanded, shows the charted contract's stop-loss line, and
// dragging that line modifies the order's trigger on the server.

test.describe.configure({ timeout: 120_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

type Orders = { openOrders: { orderId: string; price: number | null; tradingSymbol: string }[] };

const chartRegion = (page: Page) => page.getByRole('region', { name: 'Chart' });

test('the chart shows the stop-loss line of the charted call, and dragging it modifies the trigger', async ({
  page,
  request,
}) => {
  const { token, config, pin } = await practiceTrader(page, request, 'chart');
  await pin(config.callTradingSymbol, 100);

  // Collapsed at first: the chart's code is not loaded until it is shown.
  const chart = chartRegion(page);
  const toggle = chart.getByRole('button', { name: 'CHART' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  // `c` cycles CE -> PE -> index -> CE.
  const instrument = chart.getByTestId('chart-instrument');
  await pressOrderKey(page, 'c');
  await expect(instrument).toHaveText(config.putIdentifier);
  await pressOrderKey(page, 'c');
  await expect(chart.getByRole('button', { name: 'Index' })).toHaveAttribute('aria-pressed', 'true');
  await expect(instrument).not.toHaveText(config.putIdentifier);
  await pressOrderKey(page, 'c');
  await expect(instrument).toHaveText(config.callIdentifier);

  // The help overlay lists the chart's keys.
  await pressOrderKey(page, '?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Chart: show CE, PE, then the index');
  await help.screenshot({ path: screenshotPath('chart-keys-help.png') });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Shift+ArrowUp: a buy stop-loss of the call, trigger 100 + 25.
  await pressOrderKey(page, 'Shift+ArrowUp');
  const line = chart.locator('[data-chart-line="stop"]');
  await expect(line).toBeVisible({ timeout: 20_000 });
  await expect(line).toHaveAttribute('data-price', '125.00');
  const orderId = (await line.getAttribute('data-order-id')) ?? '';
  expect(orderId).not.toBe('');
  await page.screenshot({ path: screenshotPath('chart-dark.png') });

  // Drag the line 40 pixels up with the mouse: a higher trigger, which a buy stop-loss above the price accepts.
  const box = await line.boundingBox();
  if (!box) throw new Error('The stop-loss handle has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) await page.mouse.move(x, y - step * 5);
  await page.mouse.up();
  await expect(page.getByText('Order modification triggered!')).toBeVisible({ timeout: 10_000 });
  const dragged = Number(await line.getAttribute('data-price'));
  expect(dragged).toBeGreaterThan(125);

  await expect
    .poll(
      async () => {
        const orders = await call<Orders>(request, token, 'GET', '/portfolio/orders');
        return orders.openOrders.find((order) => order.orderId === orderId)?.price;
      },
      { timeout: 15_000 },
    )
    .toBe(dragged);

  await page.evaluate(() => localStorage.setItem('xt-theme', 'light'));
  await page.reload();
  await expect(chartRegion(page).locator('[data-chart-line="stop"]')).toHaveAttribute(
    'data-price',
    dragged.toFixed(2),
    { timeout: 30_000 },
  );
  await page.screenshot({ path: screenshotPath('chart-light.png') });
  await page.evaluate(() => localStorage.setItem('xt-theme', 'dark'));
});
