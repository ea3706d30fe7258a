import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  chosenOptions,
  openTab,
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

type Listed = {
  orderId: string;
  status: string;
  orderType: string;
  price: number | null;
  averagePrice: number | null;
};
type AllOrders = { openOrders: Listed[]; executedOrders: Listed[]; cancelledOrders: Listed[] };

test.describe('hybrid stop', () => {
  test('a Local stop with Disaster points rests a wider stop at the broker; the local stop firing cancels it and exits once', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token, config, pin } = await practiceTrader(page, request, 'hybrid');
    const symbol = config.callTradingSymbol;
    await pin(symbol, 100);
    await pressOrderKey(page, 'ArrowUp');
    await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(config.lotSize);
    const card = page.getByRole('region', { name: 'STOP LOSS ORDER (SHIFT + ARROWS)' });
    await card.getByRole('checkbox', { name: 'Auto SL Trail' }).click();
    await card.getByRole('button', { name: 'Local' }).click();
    const disaster = card.getByRole('textbox', { name: 'Disaster stop points' });
    await disaster.fill('20');
    await disaster.press('Tab');
    await expect(disaster).toHaveValue('20');
    await card.screenshot({ path: screenshotPath('hybrid-stop-card-dark.png') });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await card.screenshot({ path: screenshotPath('hybrid-stop-card-light.png') });

    // Shift+ArrowLeft: a sell stop at 100 - 25 held by X-Trader, and a disaster stop at 55 resting at the broker.
    await pressOrderKey(page, 'Shift+ArrowLeft');
    const orders = () => call<AllOrders>(request, token, 'GET', '/portfolio/orders');
    await expect
      .poll(async () => (await orders()).openOrders.map((o) => o.price).sort(), { timeout: 20_000 })
      .toEqual([55, 75]);
    const open = (await orders()).openOrders;
    const local = open.find((o) => o.price === 75)?.orderId ?? '';
    expect(open.find((o) => o.price === 55)?.orderId).toBe(`${local}D`);
    await openTab(page, 'Open Orders');
    // The table shows the Local stop and its disaster stop on rows of their own (grouped, their quantities would add
    // up to twice the position they both protect).
    await expect(page.getByText('DISASTER-SL', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('STOP LOSS', { exact: true })).toBeVisible();
    await expect(page.getByText('2 orders', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('hybrid-stop-orders-light.png') });

    // The price falls through the local stop only: the disaster stop is cancelled, then one market sell exits.
    await pin(symbol, 74);
    await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(async () => (await orders()).cancelledOrders.map((o) => o.orderId), { timeout: 20_000 })
      .toContain(`${local}D`);
    const after = await orders();
    expect(after.executedOrders.map((o) => o.orderId)).toContain(local);
    expect(after.executedOrders.map((o) => o.orderId)).not.toContain(`${local}D`);
    await pin(symbol, 50);
    expect(await serverQuantity(request, token, symbol)).toBe(0);
  });
});

test.describe('exit chaser', () => {
  test("with the exit chaser on, a row's Exit goes out as a limit at the best bid and fills", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // The simulator's own prices (a pinned price has no bid or ask, and the exit would go at market).
    const { token, config } = await practiceTrader(page, request, 'chaser');
    const symbol = config.callTradingSymbol;
    await pressOrderKey(page, 'ArrowUp');
    await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(config.lotSize);

    await pressOrderKey(page, '?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByRole('group', { name: 'Exit chaser' }).getByRole('button', { name: '3' }).click();
    await help.screenshot({ path: screenshotPath('exit-chaser-help-dark.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.keyboard.press('Escape');
    await pressOrderKey(page, '?');
    await help.screenshot({ path: screenshotPath('exit-chaser-help-light.png') });
    await page.keyboard.press('Escape');

    await positionRow(page, symbol)
      .getByRole('button', { name: `Square off ${symbol}` })
      .click();
    await expect.poll(() => serverQuantity(request, token, symbol), { timeout: 20_000 }).toBe(0);
    const executed = (await call<AllOrders>(request, token, 'GET', '/portfolio/orders')).executedOrders;
    // The buy went at market; the exit as the chaser's limit, filled at or above its price.
    const exit = executed.find((o) => o.orderType === 'limit');
    expect(exit?.price).toBeGreaterThan(0);
    expect(exit?.averagePrice ?? 0).toBeGreaterThanOrEqual(exit?.price ?? Number.POSITIVE_INFINITY);
  });
});
