import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import { storedAccessToken } from '../support/session';

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

  test('keeps the light theme across reloads without a dark flash', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Light theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.reload();
    // The class is right before any script of the app runs: the inline pre-paint script set it.
    const classAtFirstPaint = await page.evaluate(() => document.documentElement.className);
    expect(classAtFirstPaint).toContain('light');
    await expect(page.getByRole('heading', { name: 'Log in to continue' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('login-light.png') });
  });

  test('a wrong password toasts the server message; the right one opens the dashboard', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email or Phone').fill(DEMO_ACCOUNT.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid email/phone or password')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(await storedAccessToken(page)).toBeTruthy();

    // Logged in, the login page is no longer reachable.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('logs in with the phone number too', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email or Phone').fill(DEMO_ACCOUNT.phone);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
