import { expect, test } from '@playwright/test';
import { latestOtp, loginViaApi, signupViaApi, uniqueAccount } from '../support/accounts';
import { screenshotPath } from '../support/screenshots';

test.describe('forgot password', () => {
  test('email + phone, a wrong then the right OTP, a new password, then login with it', async ({
    page,
    request,
  }) => {
    const account = uniqueAccount('reset');
    await signupViaApi(request, account);

    await page.goto('/forgot-password');
    const getOtp = page.getByRole('button', { name: 'Get OTP' });
    await page.getByLabel('Email').fill(account.email);
    await expect(getOtp).toBeDisabled();
    await page.getByLabel('Phone').fill(account.phone);
    await page.screenshot({ path: screenshotPath('forgot-request.png') });
    await getOtp.click();

    // The OTP step shows once the request answered, so the outbox holds the code by then.
    const firstBox = page.getByRole('textbox', { name: 'OTP digit 1' });
    await expect(firstBox).toBeFocused();
    const otp = await latestOtp(request, account.phone, 'reset');
    const wrong = otp === '0000' ? '1111' : '0000';
    await page.keyboard.type(wrong);
    await expect(firstBox).toHaveValue('');
    await expect(firstBox).toBeFocused();
    await page.screenshot({ path: screenshotPath('forgot-otp.png') });

    // Pasting the whole code fills every box and verifies it.
    await firstBox.evaluate((box, code) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text', code);
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, otp);
    const newPassword = page.getByLabel('New Password');
    await expect(newPassword).toBeVisible();

    await newPassword.fill('brand-new-1');
    await page.getByLabel('Confirm Password').fill('brand-new-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Passwords must match and have a minimum length of 8 characters.'),
    ).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-1');
    await page.screenshot({ path: screenshotPath('forgot-new-password.png') });
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page.getByText('password reset successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await loginViaApi(request, account.email, 'brand-new-1')).toBeTruthy();
  });
});
