import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type Routes } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

const EMAIL = 'ravi@example.com';
const PHONE = '9876543210';

const routes = (overrides: Routes = {}): Routes => ({
  'POST /auth/forgotPasscode': () => ok({ devOtp: '2468' }),
  'POST /auth/verifyRestPasscodeOTP': () => ok({ requestId: 'req-1' }),
  'POST /auth/resetPasscode': () => ok(),
  ...overrides,
});

const otpBoxes = () => screen.getAllByRole('textbox', { name: /OTP digit/ });

async function reachOtpStep(overrides: Routes = {}) {
  const calls = mockApi(routes(overrides));
  const view = renderRoute('/forgot-password');
  await userEvent.type(await screen.findByLabelText('Email'), EMAIL);
  await userEvent.type(screen.getByLabelText('Phone'), PHONE);
  await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
  await screen.findByRole('textbox', { name: 'OTP digit 1' });
  return { ...view, calls };
}

describe('forgot password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links to Log In and Sign Up', async () => {
    renderRoute('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('keeps Get OTP disabled until both the email and the 10-digit phone are valid', async () => {
    renderRoute('/forgot-password');
    const getOtp = await screen.findByRole('button', { name: 'Get OTP' });
    expect(getOtp).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'ravi@');
    await userEvent.type(screen.getByLabelText('Phone'), PHONE);
    expect(getOtp).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    expect(getOtp).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Phone'), '{Backspace}');
    expect(getOtp).toBeDisabled();
  });

  it('toasts the server message when the request is refused', async () => {
    mockApi(
      routes({
        'POST /auth/forgotPasscode': () => fail(429, 'too many OTP requests. please try again later.'),
      }),
    );
    renderRoute('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), EMAIL);
    await userEvent.type(screen.getByLabelText('Phone'), PHONE);
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    // The first letter is raised; the rest (an acronym, too) stays as the server wrote it.
    expect(await screen.findByText('Too many OTP requests. please try again later.')).toBeInTheDocument();
  });

  it('says the code went by email when the server sent it there', async () => {
    await reachOtpStep({ 'POST /auth/forgotPasscode': () => ok({ channels: ['email'] }) });
    expect(screen.getByText(`by email to ${EMAIL}`, { exact: false })).toBeInTheDocument();
  });

  it('verifies automatically once the four boxes are filled', async () => {
    const { calls } = await reachOtpStep();
    expect(calls[0]?.body).toEqual({ email: EMAIL, phone: PHONE });
    expect(await screen.findByText('Your OTP is 2468 (development)')).toBeInTheDocument();
    await userEvent.keyboard('2468');
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      path: '/auth/verifyRestPasscodeOTP',
      body: { phone: PHONE, otp: '2468' },
    });
  });

  it('clears the boxes, refocuses the first and toasts the server message on a wrong code', async () => {
    await reachOtpStep({ 'POST /auth/verifyRestPasscodeOTP': () => fail(400, 'Invalid OTP. 4 tries left.') });
    await userEvent.keyboard('1111');
    expect(await screen.findByText('Invalid OTP. 4 tries left.')).toBeInTheDocument();
    await waitFor(() => expect(otpBoxes()[0]).toHaveFocus());
    expect(otpBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '']);
  });

  it('refuses a short or mismatched new password with the user-facing message', async () => {
    const { calls } = await reachOtpStep();
    await userEvent.keyboard('2468');
    await userEvent.type(await screen.findByLabelText('New Password'), 'newsecret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'newsecret2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Passwords must match and have a minimum length of 8 characters.',
    );
    expect(calls.some((call) => call.path === '/auth/resetPasscode')).toBe(false);
  });

  it('resets with the kept request id, says so and returns to the login page', async () => {
    const { calls, router } = await reachOtpStep();
    await userEvent.keyboard('2468');
    await userEvent.type(await screen.findByLabelText('New Password'), 'newsecret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'newsecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('password reset successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.path === '/auth/resetPasscode')?.body).toEqual({
      phone: PHONE,
      passcode: 'newsecret1',
      requestID: 'req-1',
    });
  });
});
