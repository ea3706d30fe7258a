import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../state/session-store';
import { liveAccessToken } from '../test/fake-token';
import { renderRoute } from '../test/render-route';

describe('route guards', () => {
  afterEach(() => useSessionStore.getState().logout());

  it.each(['/dashboard', '/subscribe', '/thank-you', '/redirect/zerodha'])(
    'sends a visitor without a stored user from %s to the login page',
    async (path) => {
      const { router } = renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('shows the dashboard to a logged-in user', async () => {
    useSessionStore.getState().login(liveAccessToken());
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each(['/', '/signup'])('sends a logged-in user from %s to the dashboard', async (path) => {
    useSessionStore.getState().login(liveAccessToken());
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('leaves the reset-password screen open to a logged-in user', async () => {
    useSessionStore.getState().login(liveAccessToken());
    const { router } = renderRoute('/forgot-password');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('logs the user out of the dashboard as soon as the session ends', async () => {
    useSessionStore.getState().login(liveAccessToken());
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    useSessionStore.getState().logout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a 404 page for unknown paths', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
