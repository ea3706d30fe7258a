import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  chosenOptions,
  openTab,
  practiceTrader,
  releasePinnedPrices,
  serverQuantity,
} from './dashboard-support';

// Practice Mode's day-end in the real browser against the real server: a losing round trip and an MIS position
// left open, the square-off (the XT_DEV_TOOLS route, so the spec need not wait for 15:20 IST) closes it with
// charges, and the day summary opens by itself with the day's trades, gross, charges and net (docs/charges.md).

test.describe.configure({ timeout: 150_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

type Margin = { total: number; available: number; utilized: number; charges?: number };
type Day = { day: string; trades: number; gross: number; charges: number; net: number; largestLoss: number };
type Instrument = { internalToken: string; exchange: 'NFO' | 'BFO' };

const rupees = (value: number) =>
  `${value < 0 ? '-' : ''}₹${Math.abs(value).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

test('the square-off closes MIS with charges and the day summary shows them', async ({ page, request }) => {
  const { token, config, pin } = await practiceTrader(page, request, 'day-summary');
  const lot = config.lotSize;
  const { call: ce, put: pe } = chosenOptions(config);
  const order = (instrument: Instrument, transactionType: 'buy' | 'sell') =>
    call(request, token, 'POST', '/order', {
      exchange: instrument.exchange,
      internalToken: instrument.internalToken,
      quantity: lot,
      orderType: 'market',
      product: 'MIS',
      transactionType,
    });
  const quantityOf = (symbol: string) => serverQuantity(request, token, symbol);

  // Pinned at 100 then 99.50 (pinned prices have no book: one tick either side): bought at the ask 100.05, sold
  // at the bid 99.45, so 0.60 a unit of move and spread and both orders' charges are lost.
  await pin(config.callTradingSymbol, 100);
  await order(ce, 'buy');
  await expect.poll(() => quantityOf(config.callTradingSymbol), { timeout: 20_000 }).toBe(lot);
  await pin(config.callTradingSymbol, 99.5);
  await order(ce, 'sell');
  await expect.poll(() => quantityOf(config.callTradingSymbol), { timeout: 20_000 }).toBe(0);
  // A put bought at 50 (the ask, 50.05) and left open: the square-off sells it at 48 (the bid, 47.95).
  await pin(config.putTradingSymbol, 50);
  await order(pe, 'buy');
  await expect.poll(() => quantityOf(config.putTradingSymbol), { timeout: 20_000 }).toBe(lot);
  await pin(config.putTradingSymbol, 48);

  // The funds lose the charges at once, and the funds widget says how much.
  const before = await call<Margin>(request, token, 'GET', '/portfolio/margin');
  expect(before.charges).toBeGreaterThan(0);
  expect(before.total).toBeCloseTo(1_000_000 - 0.6 * lot - (before.charges ?? 0), 2);
  const funds = page.getByRole('region', { name: 'Funds' });
  await expect(funds).toContainText(rupees(before.charges ?? 0), { timeout: 15_000 });

  // Each executed order shows its charges.
  await openTab(page, 'Executed Orders');
  const charged = page.locator('tr[data-order-id] td[data-charges]');
  await expect(charged).toHaveCount(3, { timeout: 15_000 });
  for (const cell of await charged.all()) await expect(cell).toHaveText(/^\d+(\.\d+)?$/);

  // Above the positions: gross P&L, the same charges, net P&L.
  await openTab(page, 'Positions');
  const strip = page.getByRole('region', { name: 'Positions P&L after charges' });
  const chargesText = (before.charges ?? 0).toLocaleString('en-IN', { maximumFractionDigits: 2 });
  await expect(strip).toContainText(`Charges ${chargesText}`, { timeout: 15_000 });
  await page.screenshot({ path: screenshotPath('practice-charges-positions.png') });

  await call(request, token, 'POST', '/dev/paper/square-off');
  await expect.poll(() => quantityOf(config.putTradingSymbol), { timeout: 20_000 }).toBe(0);
  const { days } = await call<{ days: Day[] }>(request, token, 'GET', '/broker/papertrade/day-summaries');
  const [day] = days;
  if (!day) throw new Error('no day summary after the square-off');
  // 3 orders of ours and the square-off's sell; gross: -0.60 (call) and -2.10 (put) per unit.
  expect(day.trades).toBe(4);
  expect(day.gross).toBeCloseTo(-2.7 * lot, 2);
  expect(day.charges).toBeGreaterThan(before.charges ?? 0);
  expect(day.net).toBeCloseTo(day.gross - day.charges, 2);

  // The summary opens by itself after the square-off (the page polls for it).
  const dialog = page.getByRole('dialog', { name: /Practice day summary/ });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const figures = dialog.getByRole('region', { name: `Summary of ${day.day}` });
  await expect(figures).toContainText(rupees(day.net));
  await expect(figures).toContainText(rupees(day.charges));
  await expect(figures).toContainText(rupees(day.gross));
  await expect(figures).toContainText('Trades4');
  await expect(figures).toContainText('Win rate0%');
  await page.screenshot({ path: screenshotPath('practice-day-summary.png') });

  // Closed, it stays reachable: the Day summary button lists the day.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Day summary' }).click();
  await expect(dialog.locator(`tr[data-day="${day.day}"]`)).toContainText(String(day.trades));
});
