import { expect, type Page, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  serverQuantity,
  storedSettings,
} from './dashboard-support';

// The strike ladder beside the order cards, the price ladder on the market card, the no-market switch and the
// remappable trading keys, in Practice Mode.

test.describe.configure({ timeout: 150_000 });
test.afterEach(({ request }) => releasePinnedPrices(request));

type Stored = { callStrike: number; putStrike: number; callTradingSymbol: string; callIdentifier: string };
const stored = async (page: Page) => (await storedSettings(page)).orderConfig as unknown as Stored;

const numbers = (text: string) =>
  [...text.matchAll(/(\d[\d,]*\.?\d*)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));

async function toggleTheme(page: Page, name: 'Light theme' | 'Dark theme') {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name }).click();
  await page.keyboard.press('Escape');
}

test('the strike ladder follows ATM, ] moves the strikes, and a join-bid limit rests at the bid', async ({
  page,
  request,
}) => {
  const { token } = await practiceTrader(page, request, 'ladder');
  const ladder = page.getByRole('region', { name: 'Strike ladder' });
  await expect(ladder).toBeVisible();
  // The ATM row appears once the index has ticked (Practice Mode prices are 5 s late).
  const atmRow = ladder.locator('tr[data-atm]');
  await expect(atmRow).toHaveCount(1, { timeout: 30_000 });
  await expect(ladder.locator('tbody tr')).toHaveCount(11);
  const before = await stored(page);
  const strikes = (await ladder
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-strike'))))) as number[];
  const above = strikes.find((strike) => strike > before.callStrike);
  expect(above).toBeDefined();

  await pressOrderKey(page, ']');
  await expect.poll(async () => (await stored(page)).callStrike).toBe(above);
  await expect.poll(async () => (await stored(page)).putStrike).toBe(above);
  await expect(page.getByRole('combobox', { name: 'Call strike' })).toHaveValue(String(above));
  // The card's contract follows: a new call symbol is fetched for the new strike.
  await expect
    .poll(async () => (await stored(page)).callTradingSymbol, { timeout: 20_000 })
    .toContain(String(above));
  const after = await stored(page);
  expect(after.callTradingSymbol).not.toBe(before.callTradingSymbol);
  await expect(ladder.locator(`tr[data-strike="${above}"]`)).toHaveAttribute('aria-selected', 'true');

  // Join the bid of the new call: a LIMIT buy resting at the bid the button showed when clicked.
  const card = page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' });
  // Collapsed by default; its header opens it.
  const opener = card.getByRole('button', { name: 'Limit at the touch' });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await opener.click();
  const touch = card.getByTestId('ce-bid-ask');
  await expect(touch).toBeVisible({ timeout: 30_000 });
  const join = card.getByRole('button', { name: 'Buy CE limit join the bid' });
  await expect(join).toContainText(/\d/, { timeout: 20_000 });
  await page.screenshot({ path: screenshotPath('ladder-dashboard-dark.png') });
  // Read and click in one task: no tick can re-render the button between what is read and what is placed.
  const shown = await page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>(
      'button[aria-label="Buy CE limit join the bid"]',
    )!;
    const bidAsk = document.querySelector('[data-testid="ce-bid-ask"]')?.textContent ?? '';
    const text = button.textContent ?? '';
    button.click();
    return { text, bidAsk };
  });
  const bid = numbers(shown.text)[0]!;
  expect(bid).toBeGreaterThan(0);
  expect(numbers(shown.bidAsk)[0]).toBe(bid);
  type Orders = { openOrders: { tradingSymbol: string; orderType: string; price: number | null }[] };
  await expect
    .poll(
      async () =>
        (await call<Orders>(request, token, 'GET', '/portfolio/orders')).openOrders
          .filter((order) => order.tradingSymbol === after.callTradingSymbol)
          .map((order) => [order.orderType, order.price]),
      { timeout: 20_000 },
    )
    .toEqual([['limit', bid]]);

  await toggleTheme(page, 'Light theme');
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await page.screenshot({ path: screenshotPath('ladder-dashboard-light.png') });
  await toggleTheme(page, 'Dark theme');
});

test('the ladder fits a 1366x768 screen and collapses to its header', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceTrader(page, request, 'ladder-small');
  const ladder = page.getByRole('region', { name: 'Strike ladder' });
  await expect(ladder.locator('tr[data-atm]')).toHaveCount(1, { timeout: 30_000 });
  const cards = await page.getByRole('region', { name: 'Order panel' }).boundingBox();
  const box = await ladder.boundingBox();
  // Never taller than the cards beside it: the tables below start where they would without it.
  expect(box!.y + box!.height).toBeLessThanOrEqual(cards!.y + cards!.height + 1);
  await page.screenshot({ path: screenshotPath('ladder-1366x768.png') });
  await ladder.getByRole('button', { name: 'Strikes' }).click();
  await expect(ladder.locator('tbody tr')).toHaveCount(0);
  await expect(ladder.getByRole('button', { name: 'Strikes' })).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: screenshotPath('ladder-1366x768-collapsed.png') });
});

test('no-market switch refuses a market key with a toast; a remapped key trades', async ({
  page,
  request,
}) => {
  const { token, config } = await practiceTrader(page, request, 'ladder-keys');
  await call(request, token, 'PUT', '/auth/editUserSetting', { discipline: { noMarketOrders: true } });
  await page.reload();
  await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Strike ladder' }).locator('tbody tr').first()).toBeVisible({
    timeout: 30_000,
  });
  await pressOrderKey(page, 'ArrowUp');
  await expect(page.getByText('Market orders are switched off in your settings')).toBeVisible();
  expect(await serverQuantity(request, token, config.callTradingSymbol)).toBe(0);
  await call(request, token, 'PUT', '/auth/editUserSetting', { discipline: { noMarketOrders: false } });
  await page.reload();
  await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
    timeout: 30_000,
  });

  // Remap Buy CE to W in User Settings -> Keys; a key another action holds is refused.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'User Settings' });
  const buyCall = settings.getByRole('button', { name: /^Key for Buy CE at market/ });
  await buyCall.scrollIntoViewIfNeeded();
  await buyCall.click();
  await expect(buyCall).toHaveText('Press a key…');
  await page.keyboard.press('2');
  await expect(page.getByText(/2 already does "Exit 1\/2/)).toBeVisible();
  await page.keyboard.press('w');
  await expect(buyCall).toHaveText('W');
  await page.screenshot({ path: screenshotPath('ladder-keys-settings-dark.png') });
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();

  // The help shows the new mapping; the old key no longer trades, the new one does.
  await pressOrderKey(page, '?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /Buy CE at market/ })).toContainText('W');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await pressOrderKey(page, 'w');
  await expect
    .poll(() => serverQuantity(request, token, config.callTradingSymbol), { timeout: 20_000 })
    .toBe(config.lotSize);
  const settingsStored = await storedSettings(page);
  expect((settingsStored.keyMap as Record<string, string>).buyCall).toBe('w');
});
