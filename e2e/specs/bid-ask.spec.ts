import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import { openTab, positionRow, practiceTrader, pressOrderKey, serverQuantity } from './dashboard-support';

// The simulator quotes a book for every contract: the order cards show each chosen contract's bid x ask under its
// last price, a market buy pays the ask, and a position shows its bid and ask when its last price is hovered.

test.describe.configure({ timeout: 120_000 });

const numbers = (text: string) =>
  [...text.matchAll(/(\d[\d,]*\.?\d*)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

test('order cards show bid x ask under the last price; a position shows its bid and ask on hover', async ({
  page,
  request,
}) => {
  const { token, config } = await practiceTrader(page, request, 'bidask');
  const card = page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' });
  // Practice Mode prices are 5 s late: the first book arrives after that.
  const touch = card.getByTestId('ce-bid-ask');
  await expect(touch).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('pe-bid-ask')).toBeVisible();
  const [bid, ask] = numbers((await touch.textContent()) ?? '');
  expect(bid).toBeGreaterThan(0);
  expect(ask).toBeGreaterThan(bid!);
  await card.screenshot({ path: screenshotPath('order-card-bid-ask.png') });

  await pressOrderKey(page, 'ArrowUp');
  await expect
    .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
    .toBe(config.lotSize);
  await openTab(page, 'Positions');
  const row = positionRow(page, config.callTradingSymbol);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.locator('td').nth(4).getByRole('button').hover();
  const hint = page.getByTestId('position-bid-ask').first();
  await expect(hint).toContainText(/Bid [\d,.]+ × Ask [\d,.]+/, { timeout: 10_000 });
  const [hintBid, hintAsk] = numbers((await hint.textContent()) ?? '');
  expect(hintAsk).toBeGreaterThan(hintBid!);
  await page.screenshot({ path: screenshotPath('position-bid-ask.png') });
});
