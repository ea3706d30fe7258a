import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  chosenOptions,
  positionRow,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
} from './dashboard-support';

test.afterEach(({ request }) => releasePinnedPrices(request));

type Orders = { openOrders: { orderId: string; price: number | null }[] };
type Positions = { positions: { netPosition: { tradingSymbol: string; price: number }[] } };

test.describe('stop keys', () => {
  test("b moves the selected position's stop-loss to break-even once the price is past it", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token, config, pin } = await practiceTrader(page, request, 'stop-keys');
    const { call: ce } = chosenOptions(config);
    const symbol = config.callTradingSymbol;
    const order = (body: object) =>
      call<{ orderId: string }>(request, token, 'POST', '/order', {
        exchange: ce.exchange,
        internalToken: ce.internalToken,
        quantity: config.lotSize,
        product: 'NRML',
        ...body,
      });
    // Bought at the ask of a pinned 100 (100.05), with a sell stop at 90.
    await pin(symbol, 100);
    await order({ transactionType: 'buy', orderType: 'market' });
    await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(config.lotSize);
    const { orderId: stopId } = await order({
      transactionType: 'sell',
      orderType: 'stoploss',
      triggerPrice: 90,
    });
    const trigger = async () => {
      const orders = await call<Orders>(request, token, 'GET', '/portfolio/orders');
      return orders.openOrders.find((o) => o.orderId === stopId)?.price;
    };
    await expect.poll(trigger, { timeout: 20_000 }).toBe(90);
    const positions = await call<Positions>(request, token, 'GET', '/portfolio/positions');
    const average = positions.positions.netPosition.find((p) => p.tradingSymbol === symbol)?.price ?? 0;
    const breakEven = Math.ceil(Number((average / 0.05).toFixed(6))) * 0.05;
    expect(breakEven).toBeGreaterThan(100);

    const row = positionRow(page, symbol);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.locator('td').nth(2).click();
    await expect(row).toHaveAttribute('data-selected', 'true');
    // Still at the average: the key refuses, naming why, and moves nothing.
    await pressOrderKey(page, 'b');
    await expect(page.getByText(/has not moved past break-even/).first()).toBeVisible();
    expect(await trigger()).toBe(90);

    // In profit: the stop goes to break-even (the dashboard's prices follow the pin within a poll or two).
    await pin(symbol, 120);
    await expect
      .poll(
        async () => {
          await pressOrderKey(page, 'b');
          return trigger();
        },
        { timeout: 30_000 },
      )
      .toBeCloseTo(breakEven, 5);
    await page.screenshot({ path: screenshotPath('stop-keys-break-even.png') });
  });
});
