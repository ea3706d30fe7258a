import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { signupViaApi, uniqueAccount } from '../support/accounts';
import { call } from '../support/api';

// The specs' authenticated API call, from support/api.ts.
export { call };

// Shared steps of the dashboard specs: a fresh Practice Mode trader on the dashboard, pinned prices, the order
// configuration the configuration bar chose, and the table rows the specs look for.

export type OrderConfig = {
  index: string;
  lotSize: number;
  callTradingSymbol: string;
  callIdentifier: string;
  callInternalToken: string;
  putTradingSymbol: string;
  putIdentifier: string;
  putInternalToken: string;
};

/** The call and put the configuration bar chose, as the order API names them. */
export function chosenOptions(config: OrderConfig) {
  // Not the at-the-money strikes of a later request: the simulated index moves, and a spec that orders one
  // strike and reads the positions of another waits for a quantity that never comes.
  const exchange =
    config.index === 'SENSEX' || config.index === 'BANKEX' ? ('BFO' as const) : ('NFO' as const);
  return {
    call: { exchange, internalToken: config.callInternalToken },
    put: { exchange, internalToken: config.putInternalToken },
  };
}

/** The trading settings the app persisted (schema V6), read from the page. */
export async function storedSettings(
  page: Page,
): Promise<{ orderConfig?: OrderConfig } & Record<string, unknown>> {
  const raw = await page.evaluate(() => localStorage.getItem('xt-trading-settings'));
  return raw ? JSON.parse(raw).state : {};
}

/** Opens the dashboard for `token` and waits until the configuration bar has chosen both strikes. */
export async function openDashboard(page: Page, token: string): Promise<OrderConfig> {
  await page.goto(`/auth?authToken=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The shell and the dashboard load lazily; on a busy machine that takes a while.
  await expect(page.getByRole('region', { name: 'MARKET ORDER (PRESS ARROWS)' })).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(
      async () => {
        const config = (await storedSettings(page)).orderConfig;
        return Boolean(config?.callTradingSymbol && config.putTradingSymbol && config.lotSize);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const { orderConfig } = await storedSettings(page);
  if (!orderConfig) throw new Error('The configuration bar stored no order configuration');
  return orderConfig;
}

/** A new account in Practice Mode, on the dashboard, trading one lot on both cards. */
export async function practiceTrader(page: Page, request: APIRequestContext, label: string) {
  const token = await signupViaApi(request, uniqueAccount(label));
  await call(request, token, 'POST', '/broker/papertrading/start');
  const config = await openDashboard(page, token);
  await setQuantity(page, 'Market quantity', 1);
  await setQuantity(page, 'Stop-loss quantity', 1);
  const pin = async (symbol: string, price: number | null) => {
    await call(request, token, 'POST', '/dev/market/price', { symbol, price });
    if (price === null) pinnedPrices.delete(symbol);
    else pinnedPrices.set(symbol, token);
  };
  return { token, config, pin };
}

/** Symbols a spec pinned, with the token that pinned them: pins hold in every view until released. */
const pinnedPrices = new Map<string, string>();

/** Releases every pinned price, so later specs (live market data) see the simulator again. */
export async function releasePinnedPrices(request: APIRequestContext): Promise<void> {
  for (const [symbol, token] of pinnedPrices) {
    await call(request, token, 'POST', '/dev/market/price', { symbol, price: null });
  }
  pinnedPrices.clear();
}

/** Types a quantity and leaves the field: the app rounds it to whole lots (one lot at least). */
export async function setQuantity(page: Page, label: string, quantity: number): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill(String(quantity));
  await field.press('Tab');
}

/** Presses an order key with nothing focused, as a trader does (keys typed in a field never trade). */
export async function pressOrderKey(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

export const openTab = (page: Page, name: 'Positions' | 'Open Orders' | 'Executed Orders') =>
  page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();

/** The positions row of a trading symbol. */
export const positionRow = (page: Page, symbol: string) => page.locator(`tr[data-position="${symbol}"]`);

/** Confirmed (not provisional) open-order rows of an instrument. */
export const openOrderRows = (page: Page, identifier: string) =>
  page.locator('tr[data-order-id]:not([data-order-id^="provisional:"])').filter({ hasText: identifier });

/** The quantity cell of a positions row (third column). */
export const positionQuantity = (page: Page, symbol: string) =>
  positionRow(page, symbol).locator('td').nth(2);

/** Open positions' quantities as the server reports them. */
export async function serverQuantity(
  request: APIRequestContext,
  token: string,
  symbol: string,
): Promise<number> {
  type Positions = { positions: { netPosition: { tradingSymbol: string; quantity: number }[] } };
  const data = await call<Positions>(request, token, 'GET', '/portfolio/positions');
  return data.positions.netPosition
    .filter((p) => p.tradingSymbol === symbol)
    .reduce((sum, p) => sum + p.quantity, 0);
}
