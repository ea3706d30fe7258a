import { expect, type Page, test } from '@playwright/test';
import { orderCharges } from '@xtrader/core/charges/order-charges';
import { DEFAULT_BROKERAGE_PER_ORDER } from '@xtrader/core/charges/rates';
import { formatNumber, formatRupee } from '@xtrader/core/format/format';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  openDashboard,
  openTab,
  practiceTrader,
  pressOrderKey,
  serverQuantity,
  storedSettings,
} from './dashboard-support';

// Session replay in Practice Mode, in the real browser against the real server: the shipped sample day replayed at
// 10x from the header's Replay dialog, traded with the order keys, paused, resumed and stopped. The P&L the
// positions show is the money of the fills (docs/paper-broker.md), and the charges shown per order, in total and
// taken off the net P&L are core's charges of those fills at the replayed day's rates (docs/charges.md).

test.describe.configure({ timeout: 150_000 });

const SAMPLE = 'sample@2026-11-18';
const REPLAYED_DAY = '2026-11-18';
type Fill = {
  orderId: string;
  exchange: 'NFO' | 'BFO';
  tradingSymbol: string;
  transactionType: string;
  filledQuantity: number;
  averagePrice: number | null;
};
type Orders = { executedOrders: Fill[] };
type Positions = {
  positions: {
    netPosition: { tradingSymbol: string; buyValue: number; sellValue: number; charges?: number }[];
  };
};
type Margin = { charges?: number };

/** What a fill costs by core's rules, in rupees: the rates of the replayed day, the server's default brokerage. */
const chargesOf = (fill: Fill): number =>
  orderCharges({
    contract: 'option',
    exchange: fill.exchange,
    underlying: 'NIFTY',
    side: fill.transactionType.toLowerCase() === 'buy' ? 'buy' : 'sell',
    turnoverPaise: fill.filledQuantity * Math.round((fill.averagePrice ?? Number.NaN) * 100),
    date: REPLAYED_DAY,
    brokeragePerOrderPaise: DEFAULT_BROKERAGE_PER_ORDER * 100,
  }).totalPaise / 100;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const openReplayDialog = async (page: Page) => {
  await page.getByRole('button', { name: 'Session replay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session replay' });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('a Practice user replays the sample day at 10x, trades it, and the P&L shown is that of the fills', async ({
  page,
  request,
}) => {
  const { token } = await practiceTrader(page, request, 'replay');
  const badge = page.getByTestId('feed-badge');
  await expect(badge).toHaveText('Simulated prices', { timeout: 15_000 });

  const dialog = await openReplayDialog(page);
  await dialog.getByLabel('Day').selectOption(SAMPLE);
  await dialog.getByRole('button', { name: '10x' }).click();
  await expect(dialog.getByRole('button', { name: '10x' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: screenshotPath('practice-replay-dialog.png') });
  await dialog.getByRole('button', { name: 'Start replay' }).click();

  // The page reloads onto the replay: the header says so, and the replayed clock runs at 10x.
  await expect(badge).toHaveText('Replay 2026-11-18 10x', { timeout: 30_000 });
  const config = await openDashboard(page, token);
  const state = async () =>
    (
      await call<{ replay: { now: number; paused: boolean } | null }>(
        request,
        token,
        'GET',
        '/practice/replay',
      )
    ).replay;
  const t0 = (await state())?.now ?? 0;
  await page.waitForTimeout(1000);
  expect(((await state())?.now ?? 0) - t0).toBeGreaterThanOrEqual(9000);

  // Buy the call, then sell it back, with the order keys.
  const symbol = (await storedSettings(page)).orderConfig?.callTradingSymbol ?? config.callTradingSymbol;
  await pressOrderKey(page, 'ArrowUp');
  await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(config.lotSize);
  await page.waitForTimeout(2000); // 20 replayed seconds: the price moves on
  await pressOrderKey(page, 'ArrowLeft');
  await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(0);
  await page
    .locator('header')
    .first()
    .screenshot({ path: screenshotPath('practice-replay-header.png') });

  // The fills, and the P&L they make: sold minus bought.
  const fills = (await call<Orders>(request, token, 'GET', '/portfolio/orders')).executedOrders.filter(
    (order) => order.tradingSymbol === symbol,
  );
  expect(fills.map((f) => f.transactionType.toLowerCase()).sort()).toEqual(['buy', 'sell']);
  const money = (side: string) =>
    fills
      .filter((f) => f.transactionType.toLowerCase() === side)
      .reduce((sum, f) => sum + f.filledQuantity * (f.averagePrice ?? Number.NaN), 0);
  const pnl = Math.round((money('sell') - money('buy')) * 100) / 100;
  const position = (
    await call<Positions>(request, token, 'GET', '/portfolio/positions')
  ).positions.netPosition.find((p) => p.tradingSymbol === symbol);
  expect(position && Math.round((position.sellValue - position.buyValue) * 100) / 100).toBe(pnl);
  await openTab(page, 'Positions');
  const group = page.getByRole('rowgroup', { name: 'NIFTY 50 positions' });
  await expect(group).toContainText(`P&L ${pnl.toLocaleString('en-IN')}`, { timeout: 15_000 });

  // The charges of those fills: each order's in the Executed Orders tab, their sum in the funds and above the
  // positions, and the net P&L is the fills' P&L less them. The server booked the same (position and funds).
  const expected = fills.map((fill) => ({ orderId: fill.orderId, charges: chargesOf(fill) }));
  for (const { charges } of expected) expect(charges).toBeGreaterThan(20); // brokerage and more on every fill
  const total = Math.round(expected.reduce((sum, e) => sum + e.charges, 0) * 100) / 100;
  const net = Math.round((pnl - total) * 100) / 100;
  expect(position?.charges).toBeCloseTo(total, 2);
  expect((await call<Margin>(request, token, 'GET', '/portfolio/margin')).charges).toBeCloseTo(total, 2);
  await openTab(page, 'Executed Orders');
  for (const { orderId, charges } of expected)
    await expect(page.locator(`tr[data-order-id="${orderId}"] td[data-charges]`)).toHaveText(
      formatNumber(charges),
      { timeout: 15_000 },
    );
  await page.screenshot({ path: screenshotPath('practice-replay-charges.png') });
  await openTab(page, 'Positions');
  const strip = page.getByRole('region', { name: 'Positions P&L after charges' });
  await expect(strip).toContainText(`Gross P&L ${formatNumber(pnl)}`, { timeout: 15_000 });
  await expect(strip).toContainText(`Charges ${formatNumber(total)}`);
  await expect(strip).toContainText(`Net P&L ${formatNumber(net)}`);
  const funds = page.getByRole('region', { name: 'Funds' });
  await expect(funds).toContainText(new RegExp(`Charges\\s*${escaped(formatRupee(total))}`), {
    timeout: 15_000,
  });
  await expect(funds).toContainText(new RegExp(`Net P&L\\s*${escaped(formatNumber(net))}`));
  await page.screenshot({ path: screenshotPath('practice-replay.png') });

  // Pause holds the replayed clock; resume runs it again.
  const controls = await openReplayDialog(page);
  await controls.getByRole('button', { name: 'Pause' }).click();
  await expect(badge).toHaveText('Replay 2026-11-18 10x paused', { timeout: 10_000 });
  await expect(controls.getByTestId('replay-running')).toContainText('Replay 2026-11-18 10x paused');
  await page.screenshot({ path: screenshotPath('practice-replay-paused.png') });
  const held = (await state())?.now;
  await page.waitForTimeout(1000);
  expect((await state())?.now).toBe(held);
  await controls.getByRole('button', { name: 'Resume' }).click();
  await expect(badge).toHaveText('Replay 2026-11-18 10x', { timeout: 10_000 });

  // Stop: back to the shared simulated prices and the Practice account, which never saw the replay's trades.
  await controls.getByRole('button', { name: 'Stop' }).click();
  await expect(badge).toHaveText('Simulated prices', { timeout: 30_000 });
  expect(await serverQuantity(request, token, symbol)).toBe(0);
  const after = await call<Positions>(request, token, 'GET', '/portfolio/positions');
  expect(after.positions.netPosition.filter((p) => p.tradingSymbol === symbol)).toEqual([]);
});
