import { expect, type Page, test } from '@playwright/test';
import {
  call,
  openTab,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
  storedSettings,
} from './dashboard-support';

// Follow-Up Trades from the dashboard, against the real server in Practice Mode: the market order goes out with
// its follow-up (built by the web with the same core schema the server checks), the entry fills and the follow-up
// fires; with 'Wait for Fill Confirmation' it is placed only once the entry filled.

test.describe.configure({ timeout: 120_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

type FollowUpRow = { instrument: { tradingSymbol: string; lotSize: number } | null; action: 'buy' | 'sell' };

/** The Buy Call row's instrument, once the follow-up panel has defaulted it (nearest BANKNIFTY call). */
async function buyCallFollowUp(page: Page) {
  await expect
    .poll(
      async () => {
        const state = (await storedSettings(page)).followUpTradesState as
          | { trades: Record<string, FollowUpRow> }
          | undefined;
        return state?.trades.buyCall?.instrument?.tradingSymbol ?? null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  const state = (await storedSettings(page)).followUpTradesState as { trades: Record<string, FollowUpRow> };
  const row = state.trades.buyCall;
  if (!row?.instrument) throw new Error('no follow-up instrument');
  return { ...row.instrument, action: row.action };
}

for (const waitForFill of [false, true]) {
  test(`ArrowUp with Follow-Up Trades on${waitForFill ? ' and Wait for Fill Confirmation' : ''}: the entry fills and the follow-up fires`, async ({
    page,
    request,
  }) => {
    const { token, config, pin } = await practiceTrader(page, request, waitForFill ? 'followwait' : 'follow');
    await pin(config.callTradingSymbol, 100);
    await page.getByRole('checkbox', { name: 'Follow-Up Trades' }).click();
    if (waitForFill) await page.getByRole('checkbox', { name: 'Wait for Fill Confirmation' }).click();
    const followUp = await buyCallFollowUp(page);

    const placed = page.waitForResponse((r) => r.url().endsWith('/order') && r.request().method() === 'POST');
    await pressOrderKey(page, 'ArrowUp');
    const response = await placed;
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { data: { warnings?: string[] } };
    expect(body.data.warnings).toBeUndefined();
    expect((response.request().postDataJSON() as { tradeConfirmation: boolean }).tradeConfirmation).toBe(
      waitForFill,
    );

    // One lot of the call, then one lot of the follow-up (multiplier 1, its own lot size).
    await expect
      .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
      .toBe(config.lotSize);
    const side = followUp.action === 'buy' ? 1 : -1;
    await expect
      .poll(() => serverQuantity(request, token, followUp.tradingSymbol), { timeout: 20_000 })
      .toBe(side * followUp.lotSize);

    type Listed = { orderId: string; orderCategory: string; time: string; tradingSymbol: string };
    const orders = await call<{ executedOrders: Listed[] }>(request, token, 'GET', '/portfolio/orders');
    const entry = orders.executedOrders.find((o) => o.tradingSymbol === config.callTradingSymbol);
    const follow = orders.executedOrders.find((o) => o.orderCategory === 'follow-up');
    expect(follow?.tradingSymbol).toBe(followUp.tradingSymbol);
    expect(follow?.orderId).toBe(`${entry?.orderId}F`);
    await openTab(page, 'Executed Orders');
    await expect(page.locator(`tr[data-order-id="${follow?.orderId}"]`)).toBeVisible({ timeout: 15_000 });
  });
}

test('a follow-up that cannot be armed never blocks the main order, and the trader is told', async ({
  page,
  request,
}) => {
  const { token, config, pin } = await practiceTrader(page, request, 'followbad');
  await pin(config.callTradingSymbol, 100);
  await page.getByRole('checkbox', { name: 'Follow-Up Trades' }).click();
  await buyCallFollowUp(page);
  // A follow-up instrument the server does not know (an expired or delisted contract kept in local settings).
  await page.evaluate(() => {
    const raw = localStorage.getItem('xt-trading-settings');
    if (!raw) return;
    const stored = JSON.parse(raw);
    stored.state.followUpTradesState.trades.buyCall.instrument.tradingSymbol = 'BANKNIFTY99JAN1CE';
    localStorage.setItem('xt-trading-settings', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
    timeout: 30_000,
  });
  await pin(config.callTradingSymbol, 100);
  await pressOrderKey(page, 'ArrowUp');
  await expect(page.getByText('Follow-up not armed: unknown instrument BANKNIFTY99JAN1CE')).toBeVisible({
    timeout: 15_000,
  });
  await expect
    .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
    .toBe(config.lotSize);
});
