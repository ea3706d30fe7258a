import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT, latestOtp, uniqueAccount } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';
import { storedAccessToken } from '../support/session';

test.describe('signup', () => {
  test('details, OTP and password lead to the dashboard', async ({ page, request }) => {
    const account = uniqueAccount('signup');
    await page.goto('/signup?referralCode=FRIEND42');
    await expect(page.getByRole('heading', { name: /14-day free trial/ })).toBeVisible();
    await expect(page.getByLabel(/Referral Code/)).toHaveValue('FRIEND42');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Phone').fill(account.phone);
    await page.screenshot({ path: screenshotPath('signup-details.png') });
    await page.getByRole('button', { name: 'Get OTP' }).click();

    const otp = await latestOtp(request, account.phone, 'signup');
    await expect(page.getByText(`Your OTP is ${otp} (development)`)).toBeVisible();
    const verify = page.getByRole('button', { name: 'Verify OTP' });
    await expect(verify).toBeDisabled();
    await page.getByLabel('Enter OTP').fill(otp);
    await page.screenshot({ path: screenshotPath('signup-otp.png') });
    await verify.click();

    const signUp = page.getByRole('button', { name: 'Sign Up' });
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(page.getByText('Password should be minimum 8 characters long.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(`${account.password}x`);
    await expect(signUp).toBeDisabled();
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.screenshot({ path: screenshotPath('signup-password.png') });
    await signUp.click();

    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await storedAccessToken(page)).toBeTruthy();
  });

  test('an existing email or phone is sent to the login page', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Demo Again');
    await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
    await page.getByLabel('Phone').fill(DEMO_ACCOUNT.phone);
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await expect(
      page.getByText('Account with this email or number already exist. Please login to continue.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('client-side checks stop bad details before any request', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Ravi');
    await page.getByLabel('Email').fill('ravi@example');
    await page.getByLabel('Phone').fill('98765abc43210');
    await expect(page.getByLabel('Phone')).toHaveValue('9876543210');
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email.');
  });
});
