import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../state/session-store';
import { liveAccessToken } from '../../test/fake-token';
import { deferred, fail, mockApi, ok } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

describe('login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().logout();
  });

  it('has the form labels and links', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('sends even empty fields: the server decides (no client-side checks)', async () => {
    const calls = mockApi({ 'POST /auth/login': () => fail(400, 'username: required') });
    renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ username: '', passcode: '' });
  });

  it('shows and hides the password', async () => {
    renderRoute('/');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('spins while pending, then stores the token and opens the dashboard', async () => {
    const token = liveAccessToken();
    const reply = deferred();
    const calls = mockApi({ 'POST /auth/login': () => reply.promise });
    const { router } = renderRoute('/');
    await userEvent.type(await screen.findByLabelText('Email or Phone'), 'demo@x-trader.local');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const button = screen.getByRole('button', { name: /Log in/ });
    expect(button).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Please wait' })).toBeInTheDocument();
    reply.release(ok({ accessToken: token }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useSessionStore.getState().user).toEqual({ accessToken: token });
    expect(calls[0]?.body).toEqual({ username: 'demo@x-trader.local', passcode: 'demo1234' });
  });

  it('toasts the server message, capitalised, on failure', async () => {
    mockApi({ 'POST /auth/login': () => fail(401, 'invalid email/phone or password') });
    const { router } = renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email/phone or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().user).toBeNull();
  });
});
