import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';
import {
  call,
  type OrderConfig,
  openTab,
  practiceTrader,
  pressOrderKey,
  releasePinnedPrices,
  storedSettings,
} from './dashboard-support';

// The dashboard on a 1366x768 laptop: the order cards go compact so the positions and open-orders tables each show
// at least 8 whole rows without scrolling the page, and order toasts (top-centre, over the header) never cover a
// table's action cells.

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1366, height: 768 } });
test.afterEach(({ request }) => releasePinnedPrices(request));

const MIN_ROWS = 8;
/** Strikes each side of the chosen one that get a position (CE and PE): 2 x 5 = 10 positions. */
const STRIKES = 5;

type Instrument = { internalToken: string; exchange: 'NFO' | 'BFO'; tradingsymbol: string; lot_size: number };
type Box = { x: number; y: number; width: number; height: number };

/** The contracts of `STRIKES` strikes from the chosen one upwards, calls and puts. */
async function contracts(
  request: APIRequestContext,
  token: string,
  config: OrderConfig & { expiry?: string },
) {
  const { index: name, expiry } = config;
  const filters = (value: object) => `filters=${encodeURIComponent(JSON.stringify(value))}`;
  const { strikes } = await call<{ strikes: number[] }>(
    request,
    token,
    'GET',
    `/instruments/getStrikes?${filters({ name, expiry, instrumentType: 'CE' })}`,
  );
  const middle = Math.max(0, Math.floor(strikes.length / 2) - STRIKES);
  const chosen = strikes.slice(middle, middle + STRIKES);
  const found: Instrument[] = [];
  for (const strike of chosen) {
    for (const instrumentType of ['CE', 'PE'] as const) {
      const exchange = name === 'SENSEX' || name === 'BANKEX' ? 'BFO' : 'NFO';
      const { instrument } = await call<{ instrument: Instrument }>(
        request,
        token,
        'GET',
        `/instruments/fetchInstrument?${filters({ instrumentType, name, strike, expiry, exchange })}`,
      );
      found.push(instrument);
    }
  }
  return found;
}

/** Rows of the shown table wholly visible: inside the window and inside the table's own scroller. */
function wholeRowsInView(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll((rows) => {
    const fits = (inner: DOMRect, outer: { top: number; bottom: number }) =>
      inner.height > 0 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    const window_ = { top: 0, bottom: window.innerHeight };
    return rows.filter((row) => {
      const box = row.getBoundingClientRect();
      const scroller = row.closest('table')?.parentElement?.getBoundingClientRect();
      return fits(box, window_) && (!scroller || fits(box, scroller));
    }).length;
  });
}

/** Boxes of the open toasts (and the '+ N more' pill) and of every table cell holding a control. */
async function toastAndActionBoxes(page: Page): Promise<{ toasts: Box[]; actions: Box[] }> {
  const boxes = (selector: string) =>
    page.locator(selector).evaluateAll((nodes) =>
      nodes
        .map((node) => node.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
    );
  const [toasts, actions] = await Promise.all([
    boxes('[data-sonner-toast], [data-toast-overflow]'),
    boxes('tbody td:has(button, input, [role="checkbox"])'),
  ]);
  return { toasts, actions };
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A burst of market orders (each toasts), then no toast box may meet an action cell of the shown table. */
async function expectToastsClearOfActions(page: Page, presses: number) {
  for (let i = 0; i < presses; i += 1) await pressOrderKey(page, i % 2 === 0 ? 'ArrowUp' : 'ArrowDown');
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible({ timeout: 15_000 });
  const { toasts, actions } = await toastAndActionBoxes(page);
  expect(actions.length).toBeGreaterThanOrEqual(MIN_ROWS);
  for (const toast of toasts)
    for (const cell of actions)
      expect(intersects(toast, cell), `toast ${JSON.stringify(toast)} covers ${JSON.stringify(cell)}`).toBe(
        false,
      );
}

test('at 1366x768 both tables show 8 whole rows and toasts stay clear of the action cells', async ({
  page,
  request,
}) => {
  const { token, config } = await practiceTrader(page, request, 'smallscreen');
  // The toast bursts below are market orders: on a busy machine a contract can go a few seconds without a tick, and
  // the order then rightly asks about stale prices first. This spec is about layout, so it places them anyway.
  const stale = page
    .getByRole('alertdialog', { name: 'Stale prices' })
    .or(page.getByRole('dialog', { name: 'Stale prices' }));
  await page.addLocatorHandler(stale, (dialog) =>
    dialog.getByRole('button', { name: 'Place anyway' }).click(),
  );
  const orderConfig = (await storedSettings(page)).orderConfig as OrderConfig & { expiry?: string };
  const instruments = await contracts(request, token, { ...config, expiry: orderConfig.expiry });
  expect(instruments.length).toBe(2 * STRIKES);

  // A position and a far-away pending buy on each contract: 10 positions, 10 open orders.
  for (const instrument of instruments) {
    const order = { exchange: instrument.exchange, internalToken: instrument.internalToken };
    const quantity = instrument.lot_size;
    await call(request, token, 'POST', '/order', {
      ...order,
      quantity,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'market',
    });
    await call(request, token, 'POST', '/order', {
      ...order,
      quantity,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'limit',
      triggerPrice: 1,
    });
  }

  await openTab(page, 'Positions');
  await expect(page.locator('tr[data-position]')).toHaveCount(2 * STRIKES, { timeout: 30_000 });
  await expect.poll(() => wholeRowsInView(page, 'tr[data-position]')).toBeGreaterThanOrEqual(MIN_ROWS);
  await page.screenshot({ path: screenshotPath('small-screen-positions-dark.png') });
  await expectToastsClearOfActions(page, 4);

  await openTab(page, 'Open Orders');
  const orderRows = 'tr[data-order-id]:not([data-order-id^="provisional:"])';
  await expect
    .poll(() => page.locator(orderRows).count(), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2 * STRIKES);
  await expect.poll(() => wholeRowsInView(page, orderRows)).toBeGreaterThanOrEqual(MIN_ROWS);
  await page.screenshot({ path: screenshotPath('small-screen-open-orders-dark.png') });
  await expectToastsClearOfActions(page, 4);
  await page.screenshot({ path: screenshotPath('small-screen-toasts-dark.png') });

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Light theme' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await expect.poll(() => wholeRowsInView(page, orderRows)).toBeGreaterThanOrEqual(MIN_ROWS);
  await page.screenshot({ path: screenshotPath('small-screen-open-orders-light.png') });
  await openTab(page, 'Positions');
  await expect.poll(() => wholeRowsInView(page, 'tr[data-position]')).toBeGreaterThanOrEqual(MIN_ROWS);
  await page.screenshot({ path: screenshotPath('small-screen-positions-light.png') });
});
