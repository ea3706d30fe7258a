import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT, loginViaApi } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import { storedAccessToken } from '../support/session';

test.describe('session', () => {
  test('protected routes send a visitor without a session to the login page', async ({ page }) => {
    for (const path of ['/dashboard', '/subscribe']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Log in to continue' })).toBeVisible();
    }
  });

  test('/auth?authToken= logs in with the token and lands on the dashboard without it in the address', async ({
    page,
    request,
  }) => {
    const token = await loginViaApi(request, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await page.goto(`/auth?authToken=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(page.url()).not.toContain(token);
    expect(await storedAccessToken(page)).toBe(token);
    await page.goBack();
    expect(page.url()).not.toContain('authToken');
  });

  test('logout revokes the token, clears the session and returns to the login page', async ({
    page,
    request,
  }) => {
    const token = await loginViaApi(request, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await page.goto(`/auth?authToken=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('dashboard-shell.png') });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedAccessToken(page)).toBeNull();
    const revoked = await request.get('/v1/options-x/auth/getUserInfo', {
      headers: { Authorization: token },
    });
    expect(revoked.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });
});
