import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
} from './dashboard-support';

// The execution journal in the browser against the real server, in Practice Mode: a market buy by key and a sell
// by key, the HUD's latency and slippage of the last order, the Journal page's round trip with its P&L and charges,
// a note and tags saved and shown after a reload, and the CSV download (docs/journal.md).

test.describe.configure({ timeout: 150_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

type Trade = { tradingSymbol: string; gross: number; charges: number; net: number; entryPrice: number };
type Journal = { trades: Trade[]; executions: { slippage: { perUnit: number; ticks: number } | null }[] };

const figure = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** Waits until the market card shows the call's last price as pinned, so the key press reads that price. */
async function callShows(page: Page, price: number) {
  const card = page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' });
  await expect(card.getByText(new RegExp(`^CE last price ${figure(price)}$`))).toBeVisible({
    timeout: 30_000,
  });
}

async function lightTheme(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Light theme' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
}

test('a key-pressed round trip: HUD latency and slippage, the Journal page, notes and the CSV', async ({
  page,
  request,
}) => {
  const { token, config, pin } = await practiceTrader(page, request, 'journal');
  const symbol = config.callTradingSymbol;
  const lot = config.lotSize;
  const hud = page.getByRole('region', { name: 'Last order execution' });
  await expect(hud).toBeVisible();

  // Pinned prices have no book: a market buy pays last + 0.05 and a sell gets last - 0.05, one tick worse than
  // the price the card showed when the key went down.
  await pin(symbol, 100);
  await callShows(page, 100);
  await pressOrderKey(page, 'ArrowUp');
  await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(lot);
  await expect(hud).toContainText('-0.05 (-1 tick)', { timeout: 15_000 });
  await expect(hud.getByTitle(/Key press to the broker's acknowledgement/)).toContainText(/\d+(\.\d+)? m?s$/);
  await expect(hud.getByTitle(/Key press to the first fill/)).toContainText(/\d+(\.\d+)? m?s$/);

  await pin(symbol, 101);
  await callShows(page, 101);
  await pressOrderKey(page, 'ArrowLeft');
  await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(0);
  await expect
    .poll(async () => (await call<Journal>(request, token, 'GET', '/journal')).executions.length, {
      timeout: 20_000,
    })
    .toBe(2);
  const journal = await call<Journal>(request, token, 'GET', '/journal');
  expect(journal.executions.map((e) => e.slippage)).toEqual([
    { perUnit: -0.05, ticks: -1 },
    { perUnit: -0.05, ticks: -1 },
  ]);
  const [trade] = journal.trades;
  expect(journal.trades).toHaveLength(1);
  expect(trade).toMatchObject({ tradingSymbol: symbol, entryPrice: 100.05 });
  // 100.05 -> 100.95: 0.90 a unit before charges.
  expect(trade?.gross).toBeCloseTo(0.9 * lot, 2);
  expect(trade?.charges).toBeGreaterThan(0);
  await expect(hud).toContainText('-0.05 (-1 tick)');
  await hud.screenshot({ path: screenshotPath('journal-hud-dark.png') });
  await page.screenshot({ path: screenshotPath('journal-dashboard-dark.png') });

  // The Journal page, from the menu: the round trip with its P&L and charges.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Journal' }).click();
  await expect(page).toHaveURL(/\/journal$/);
  const row = page.getByRole('table', { name: 'Trades' }).locator('tbody tr').filter({ hasText: symbol });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('Long');
  await expect(row).toContainText('100.05');
  await expect(row).toContainText('100.95');
  for (const value of [trade?.gross ?? 0, trade?.charges ?? 0, trade?.net ?? 0])
    await expect(row).toContainText(figure(value));
  await expect(page.getByRole('table', { name: 'Executions' }).locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('img', { name: /Equity curve: net .* after 1 closed trades/ })).toBeVisible();

  // A note and tags, saved on the server and shown after a reload.
  await page.getByRole('button', { name: `Edit notes of ${symbol}` }).click();
  const editor = page.getByRole('form', { name: `Notes of ${symbol}` });
  await editor.getByLabel('Tags').fill('breakout, A+');
  await editor.getByLabel('Note').fill('Clean entry on the pin, exit one point up');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note saved')).toBeVisible();
  await page.reload();
  const saved = page.getByRole('table', { name: 'Trades' }).locator('tbody tr').filter({ hasText: symbol });
  await expect(saved).toContainText('Clean entry on the pin, exit one point up', { timeout: 20_000 });
  await expect(saved).toContainText('breakout');
  await expect(saved).toContainText('A+');
  await page.screenshot({ path: screenshotPath('journal-page-dark.png'), fullPage: true });

  // The CSV: one row for the round trip, with its note and tags.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^x-trader-journal-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toMatch(/^tradeId,contract,direction,quantity/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,${symbol},long,${lot},0,100.05,100.95,`);
  expect(csv[1]).toContain('breakout A+,"Clean entry on the pin, exit one point up"');

  // Earlier days: `[` steps back (nothing traded yesterday by this new account), `]` comes back.
  const dayField = page.getByRole('textbox', { name: 'Day', exact: true });
  const today = await dayField.inputValue();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('[');
  await expect(dayField).not.toHaveValue(today);
  await expect(page.getByText('No trades on this day')).toBeVisible();
  await page.keyboard.press(']');
  await expect(dayField).toHaveValue(today);
  await expect(saved).toContainText('Clean entry on the pin');

  await lightTheme(page);
  await page.screenshot({ path: screenshotPath('journal-page-light.png'), fullPage: true });
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(hud).toContainText('-0.05 (-1 tick)', { timeout: 30_000 });
  await hud.screenshot({ path: screenshotPath('journal-hud-light.png') });
  await page.screenshot({ path: screenshotPath('journal-dashboard-light.png') });
});
