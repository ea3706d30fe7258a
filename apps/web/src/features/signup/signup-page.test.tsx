import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../state/session-store';
import { liveAccessToken } from '../../test/fake-token';
import { deferred, fail, mockApi, ok, type Routes } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

const DETAILS = { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9876543210' };

async function fillDetails(details: Partial<typeof DETAILS> = DETAILS) {
  if (details.name) await userEvent.type(await screen.findByLabelText('Name'), details.name);
  if (details.email) await userEvent.type(screen.getByLabelText('Email'), details.email);
  if (details.phone) await userEvent.type(screen.getByLabelText('Phone'), details.phone);
}

const happyRoutes = (token = liveAccessToken()): Routes => ({
  'POST /auth/otp': () => ok({ devOtp: '4321' }),
  'POST /auth/verifyOtp': () => ok(),
  'POST /auth/signup': () => ok({ accessToken: token }),
});

async function reachStep(step: 2 | 3, routes: Routes = happyRoutes()) {
  const calls = mockApi(routes);
  const view = renderRoute('/signup');
  await fillDetails();
  await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
  await screen.findByLabelText('Enter OTP');
  if (step === 3) {
    await userEvent.type(screen.getByLabelText('Enter OTP'), '4321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByLabelText('Confirm Password');
  }
  return { ...view, calls };
}

describe('signup page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().logout();
  });

  it('invites to the free trial, prefills the referral code, links to Sign In, terms and privacy', async () => {
    renderRoute('/signup?referralCode=FRIEND42');
    expect(await screen.findByRole('heading', { name: /14-day free trial/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/Referral Code/)).toHaveValue('FRIEND42');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/');
    const consent = within(screen.getByText(/By signing up you agree to our/));
    for (const [name, href] of [
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Risk Disclosure', '/risk-disclosure'],
    ]) {
      expect(consent.getByRole('link', { name })).toHaveAttribute('href', href);
      expect(consent.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    const benefits = within(screen.getByRole('region', { name: 'Everything included for 14 days' }));
    expect(benefits.getAllByRole('listitem')).toHaveLength(10);
    expect(benefits.getByText('Kill Switch')).toBeInTheDocument();
  });

  it('keeps the phone to 10 digits', async () => {
    renderRoute('/signup');
    const phone = await screen.findByLabelText('Phone');
    await userEvent.type(phone, '98a76-54 3210999');
    expect(phone).toHaveValue('9876543210');
  });

  it.each([
    ['name missing', { email: DETAILS.email, phone: DETAILS.phone }, 'Please fill in all the details.'],
    ['email missing', { name: DETAILS.name, phone: DETAILS.phone }, 'Please fill in all the details.'],
    ['short phone', { ...DETAILS, phone: '98765' }, 'Phone number should be 10 digits long.'],
    ['bad email', { ...DETAILS, email: 'ravi@example' }, 'Invalid email.'],
  ])('refuses to send with %s', async (_label, details, message) => {
    const calls = mockApi(happyRoutes());
    renderRoute('/signup');
    await screen.findByLabelText('Name');
    await fillDetails(details);
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });

  it('sends the details, shows the development OTP and moves to the OTP step', async () => {
    const { calls } = await reachStep(2);
    expect(calls[0]?.body).toEqual(DETAILS);
    expect(await screen.findByText('Your OTP is 4321 (development)')).toBeInTheDocument();
  });

  it('sends a 400 (account exists) back to the login page with the user-facing message', async () => {
    mockApi({ 'POST /auth/otp': () => fail(400, 'whatever the server says') });
    const { router } = renderRoute('/signup');
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(
      await screen.findByText('Account with this email or number already exist. Please login to continue.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says where the server sent the code: by SMS, by email, or both', async () => {
    await reachStep(2, { ...happyRoutes(), 'POST /auth/otp': () => ok({ channels: ['sms', 'email'] }) });
    expect(
      screen.getByText('by SMS to +91 98765 43210 and by email to ravi@example.com', { exact: false }),
    ).toBeInTheDocument();
  });

  it('shows why the code could not be sent (SMS provider down) and stays on the details', async () => {
    mockApi({ 'POST /auth/otp': () => fail(503, 'Could not send the code by SMS, try again in 30 s.') });
    const { router } = renderRoute('/signup');
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('Could not send the code by SMS, try again in 30 s.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeInTheDocument();
  });

  it('toasts the server message for other OTP errors and stays', async () => {
    mockApi({ 'POST /auth/otp': () => fail(429, 'too many OTP requests. please try again later.') });
    const { router } = renderRoute('/signup');
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText('Too many OTP requests. please try again later.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('enables Verify OTP only for exactly 4 digits, numeric only', async () => {
    await reachStep(2);
    const otp = screen.getByLabelText('Enter OTP');
    const verify = screen.getByRole('button', { name: 'Verify OTP' });
    await userEvent.type(otp, '12a');
    expect(otp).toHaveValue('12');
    expect(verify).toBeDisabled();
    await userEvent.type(otp, '345');
    expect(otp).toHaveValue('1234');
    expect(verify).toBeEnabled();
  });

  it('goes Back to the details with what was typed', async () => {
    await reachStep(2);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Email')).toHaveValue(DETAILS.email);
  });

  it("says 'Invalid OTP' when verification fails", async () => {
    await reachStep(2, { ...happyRoutes(), 'POST /auth/verifyOtp': () => fail(400, 'otp mismatch') });
    await userEvent.type(screen.getByLabelText('Enter OTP'), '0000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(screen.getByLabelText('Enter OTP')).toBeInTheDocument();
  });

  it('keeps Sign Up disabled for a short or mismatched password', async () => {
    await reachStep(3);
    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByText('Password should be minimum 8 characters long.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'short');
    expect(signUp).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'enough');
    expect(signUp).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'enough');
    expect(signUp).toBeEnabled();
  });

  it('signs up, stays disabled while pending, stores the token and opens the dashboard', async () => {
    const token = liveAccessToken();
    const reply = deferred();
    const { calls, router } = await reachStep(3, {
      ...happyRoutes(),
      'POST /auth/signup': () => reply.promise,
    });
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('button', { name: /Sign Up/ })).toBeDisabled();
    reply.release(ok({ accessToken: token }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useSessionStore.getState().user).toEqual({ accessToken: token });
    expect(calls.find((c) => c.path === '/auth/verifyOtp')?.body).toEqual({
      phone: DETAILS.phone,
      OTP: '4321',
    });
    expect(calls.find((c) => c.path === '/auth/signup')?.body).toEqual({ ...DETAILS, passcode: 'secret123' });
  });
});
