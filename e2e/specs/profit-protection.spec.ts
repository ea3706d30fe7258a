import { type APIRequestContext, expect, test } from '@playwright/test';
import { signupViaApi, uniqueAccount } from '../support/accounts';
import { call } from '../support/api';
import { screenshotPath } from '../support/screenshots';

type Instrument = { tradingsymbol: string; internalToken: string; lot_size: number; exchange: 'NFO' | 'BFO' };
type Position = { tradingSymbol: string; productType: string; quantity: number };

const intradayQuantity = async (request: APIRequestContext, token: string, symbol: string) => {
  const data = await call<{ positions: { netPosition: Position[] } }>(
    request,
    token,
    'GET',
    '/portfolio/positions',
  );
  return data.positions.netPosition.find((p) => p.tradingSymbol === symbol && p.productType === 'intraday')
    ?.quantity;
};

test.describe('profit protection', () => {
  test('set in the modal, a price move through the max loss flattens the intraday position with an info message', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await signupViaApi(request, uniqueAccount('pp'));
    await call(request, token, 'POST', '/broker/papertrading/start');
    const { call: option } = await call<{ call: Instrument }>(
      request,
      token,
      'GET',
      '/instruments/fetchLatestOptionOfIndex?name=NIFTY&segment=indices',
    );
    const symbol = option.tradingsymbol;
    const force = (price: number) => call(request, token, 'POST', '/dev/market/price', { symbol, price });

    // One intraday lot bought at a pinned 100.
    await force(100);
    await call(request, token, 'POST', '/order', {
      exchange: option.exchange,
      internalToken: option.internalToken,
      quantity: option.lot_size,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'market',
    });
    await expect
      .poll(() => intradayQuantity(request, token, symbol), { timeout: 15_000 })
      .toBe(option.lot_size);

    await page.goto(`/auth?authToken=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    const bar = page.getByRole('region', { name: 'Profit Protection' });
    await expect(bar).toBeVisible({ timeout: 30_000 });
    // Bought at the ask and valued at the last price: the MTM starts at zero or a loss of the spread.
    await expect(bar.getByTestId('pp-mtm')).toHaveText(/^(₹0|-₹\d+(\.\d+)?)$/, { timeout: 15_000 });

    // Switch on: the modal; a max loss above the P&L is refused, then a valid one saved.
    await bar.getByRole('switch', { name: 'Profit Protection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profit Protection' });
    await dialog.getByRole('textbox', { name: 'Target Profit' }).fill('100000');
    await dialog.getByRole('textbox', { name: 'Max Loss', exact: true }).fill('500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Max Loss should be less than total P&L')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Max Loss', exact: true }).fill('-500');
    await expect(dialog.getByRole('textbox', { name: 'Target Profit' })).toHaveValue('1,00,000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profit Protection parameters updated.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(bar.getByRole('switch', { name: 'Profit Protection' })).toBeChecked();
    await expect(bar.getByTestId('pp-max-loss')).toHaveText('-₹500');
    await page.screenshot({ path: screenshotPath('profit-protection-armed.png') });

    // The price falls 8 points: MTM -8 x lot size, through the max loss.
    await force(92);
    await expect(page.getByText(/Profit protection: max loss hit at MTM/)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => intradayQuantity(request, token, symbol), { timeout: 15_000 }).toBe(0);
    await expect(bar.getByRole('switch', { name: 'Profit Protection' })).not.toBeChecked();
    await expect(bar.getByText(/Max loss hit at/)).toBeVisible();
    await page.screenshot({ path: screenshotPath('profit-protection-triggered.png') });
  });
});
