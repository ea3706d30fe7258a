import { expect, type Locator, test } from '@playwright/test';
import { DEMO_ACCOUNT, loginViaApi } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';

const PRICE = /^\d[\d,]*(\.\d{1,2})?$/;

/** Waits until the element shows a price, then until it shows a different one (the market is live). */
async function expectTicking(locator: Locator, label: string): Promise<void> {
  await expect(locator, `${label} shows a price`).toHaveText(PRICE, { timeout: 15_000 });
  const first = (await locator.textContent())?.trim();
  await expect
    .poll(async () => (await locator.textContent())?.trim(), { message: `${label} changes`, timeout: 20_000 })
    .not.toBe(first);
}

test.describe('live market data', () => {
  test('header index quotes and the CE/PE prices of the configuration bar tick in the browser', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await loginViaApi(request, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await page.goto(`/auth?authToken=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/dashboard$/);

    const quotes = page.getByRole('region', { name: 'Index quotes' });
    // The shell and the dashboard load lazily; on a busy machine that takes a while.
    await expect(quotes).toBeVisible({ timeout: 30_000 });
    for (const index of ['NIFTY 50', 'NIFTY BANK', 'SENSEX']) {
      await expect(quotes.getByTestId(`quote-${index}`)).toContainText(index);
    }
    // The pill says 'Connecting...' only until the socket is open.
    await expect(page.getByText('Connecting...')).toBeHidden({ timeout: 15_000 });
    await expectTicking(quotes.getByTestId('quote-NIFTY 50').getByTestId('last-price'), 'NIFTY 50');
    await expect(quotes.getByTestId('quote-NIFTY 50').getByTestId('net-change')).toHaveText(
      /^[+-]?[\d,.]+ \([+-]?[\d.]+%\)$/,
    );

    // The configuration bar fills the at-the-money strikes of the default index and streams their prices.
    await expect(page.getByRole('combobox', { name: 'Index' })).toHaveValue('NIFTY');
    await expect(page.getByRole('combobox', { name: 'Expiry' })).not.toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Call strike' })).toHaveValue(/^\d+$/);
    await expectTicking(page.getByTestId('ce-price'), 'CE price');
    await expectTicking(page.getByTestId('pe-price'), 'PE price');
    await page.screenshot({ path: screenshotPath('market-live.png') });

    // A new index: its ATM strikes are filled and their prices stream too.
    await page.getByRole('combobox', { name: 'Index' }).selectOption('SENSEX');
    await expect(page.getByRole('combobox', { name: 'Call strike' })).toHaveValue(/^8\d{4}$/, {
      timeout: 15_000,
    });
    await expectTicking(page.getByTestId('ce-price'), 'SENSEX CE price');
  });
});
