import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/screenshots';

test.describe('login page', () => {
  test('renders in the dark theme by default', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('X-Trader');
    await expect(page.getByRole('heading', { name: 'Log in to continue' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
    expect(Math.max(r, g, b), `body background ${background} should be near-black`).toBeLessThan(40);
    await page.screenshot({ path: screenshotPath('login-dark.png') });
  });
});
