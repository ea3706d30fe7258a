import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../state/session-store';
import { fakeAccessToken, liveAccessToken } from '../../test/fake-token';
import { renderRoute } from '../../test/render-route';

describe('/auth token landing', () => {
  afterEach(() => useSessionStore.getState().logout());

  it('logs in with authToken as the access token and opens the dashboard without the token in the address', async () => {
    const token = liveAccessToken();
    const { router } = renderRoute(`/auth?authToken=${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('');
    expect(useSessionStore.getState().user).toEqual({ accessToken: token });
  });

  it('refuses an expired token and goes to the login page', async () => {
    const { router } = renderRoute(`/auth?authToken=${fakeAccessToken(1)}`);
    expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('goes to the login page when the token is missing', async () => {
    const { router } = renderRoute('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
