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

// Practice Mode's money figures in the real browser against the real server: the funds of a bracket (its target
// and stop-loss exit the entry's own position, so they block nothing) and the P&L figures, each under its label,
// agreeing wherever they take the same positions (docs/pnl.md).

test.describe.configure({ timeout: 120_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

type Margin = { total: number; available: number; utilized: number; charges?: number };
type Orders = { openOrders: { orderId: string }[] };
type Instrument = { internalToken: string; exchange: 'NFO' | 'BFO' };

const rupees = (value: number) => `₹${value.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

test('a bracket uses only its premium, and the P&L figures agree under their labels', async ({
  page,
  request,
}) => {
  const { token, config, pin } = await practiceTrader(page, request, 'figures');
  const lot = config.lotSize;
  const callSymbol = config.callTradingSymbol;
  const putSymbol = config.putTradingSymbol;
  const { call: ce, put: pe } = chosenOptions(config);
  const order = (instrument: Instrument, body: object) =>
    call(request, token, 'POST', '/order', {
      exchange: instrument.exchange,
      internalToken: instrument.internalToken,
      quantity: lot,
      orderType: 'market',
      ...body,
    });

  // An NRML bracket on the call at 100 (target +20, stop -10), and an MIS round trip on the put: 50 -> 55.
  // Pinned prices have no book, so each side is one tick away: buys pay the ask (last + 0.05), sells get the
  // bid (last - 0.05). The call is bought at 100.05; the put round trip makes 54.95 - 50.05 = 4.90 a unit.
  await pin(callSymbol, 100);
  await pin(putSymbol, 50);
  await order(ce, {
    transactionType: 'buy',
    product: 'NRML',
    orderCategory: 'oco',
    ocoOrderTarget: 20,
    ocoOrderStoploss: 10,
  });
  await order(pe, { transactionType: 'buy', product: 'MIS' });
  await expect.poll(() => serverQuantity(request, token, putSymbol), { timeout: 20_000 }).toBe(lot);
  await pin(putSymbol, 55);
  await order(pe, { transactionType: 'sell', product: 'MIS' });
  await expect.poll(() => serverQuantity(request, token, putSymbol), { timeout: 20_000 }).toBe(0);
  await expect
    .poll(async () => (await call<Orders>(request, token, 'GET', '/portfolio/orders')).openOrders.length, {
      timeout: 20_000,
    })
    .toBe(2);

  // Funds: the bracket holds its premium (100.05 x lot) and nothing for its two exit legs.
  const paise = (rupeesPerUnit: number) => Math.round(rupeesPerUnit * 100 * lot) / 100;
  const margin = await call<Margin>(request, token, 'GET', '/portfolio/margin');
  expect(margin.utilized).toBe(paise(100.05));
  // The MIS round trip's 4.90 x lot, less the charges of the three fills (docs/charges.md).
  expect(margin.charges).toBeGreaterThan(0);
  expect(margin.total).toBeCloseTo(1_000_000 + paise(4.9) - (margin.charges ?? 0), 2);
  const funds = page.getByRole('region', { name: 'Funds' });
  await expect(funds).toContainText(rupees(paise(100.05)), { timeout: 15_000 });
  await expect(funds).toContainText(rupees(margin.available));

  // The call rises to 110: NRML +9.95 x lot (open), MIS +4.90 x lot (closed).
  await pin(callSymbol, 110);
  const bar = page.getByRole('region', { name: 'Profit Protection' });
  await expect(bar.getByText('Intraday MTM')).toBeVisible();
  await expect(bar.getByTestId('pp-mtm')).toHaveText(rupees(paise(4.9)), { timeout: 15_000 });
  const indexPnl = paise(14.85).toLocaleString('en-IN');
  const besideFunds = funds.getByText('NIFTY 50 P&L').locator('xpath=following-sibling::span[1]');
  await expect(besideFunds).toHaveText(indexPnl, { timeout: 15_000 });
  await openTab(page, 'Positions');
  const group = page.getByRole('rowgroup', { name: 'NIFTY 50 positions' });
  await expect(group).toContainText(`P&L ${indexPnl}`, { timeout: 15_000 });
  // Hiding the flat put does not change the group's figure: it still equals the one beside the funds.
  await page.getByRole('checkbox', { name: 'Show only non-zero positions' }).click();
  await expect(page.locator(`tr[data-position="${putSymbol}"]`)).toHaveCount(0);
  await expect(group).toContainText(`P&L ${indexPnl}`);
  await page.screenshot({ path: screenshotPath('practice-figures.png') });
});
