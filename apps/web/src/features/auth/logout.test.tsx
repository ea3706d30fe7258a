import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setGoHome } from '../../api/session';
import { useSessionStore } from '../../state/session-store';
import { liveAccessToken } from '../../test/fake-token';
import { fail, mockApi, ok } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

describe('logout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().logout();
  });

  it.each([
    ['the server accepts', ok()],
    ['the server fails', fail(500, 'boom')],
  ])('revokes the token, clears the session and returns to / when %s', async (_label, reply) => {
    const token = liveAccessToken();
    useSessionStore.getState().login(token);
    const calls = mockApi({ 'POST /auth/logout': () => reply });
    const { router } = renderRoute('/dashboard');
    setGoHome(() => void router.navigate('/', { replace: true }));
    queryClient.setQueryData(['margin'], { available: 1 });
    // The trading shell is a large lazy chunk: its first (cold) import in a test run can be slow.
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }, { timeout: 12_000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logoutCall = calls.find((call) => call.path === '/auth/logout');
    expect(logoutCall?.method).toBe('POST');
    expect(logoutCall?.headers.Authorization).toBe(token);
    expect(useSessionStore.getState().user).toBeNull();
    expect(queryClient.getQueryData(['margin'])).toBeUndefined();
  });
});
