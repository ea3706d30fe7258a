import { beforeEach, describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../test/fake-token';
import { createSessionStore, SESSION_STORAGE_KEY } from './session-store';

describe('session store', () => {
  const now = Date.UTC(2026, 10, 22, 10, 0, 0);
  const clock = () => now;

  beforeEach(() => localStorage.clear());

  it('keeps a stored user whose token is still live', () => {
    const token = fakeAccessToken(now / 1000 + 600);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: token }));
    expect(createSessionStore(localStorage, clock).getState().user).toEqual({ accessToken: token });
  });

  it('drops a stored user whose token has expired, and removes it from storage', () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ accessToken: fakeAccessToken(now / 1000 - 1) }),
    );
    expect(createSessionStore(localStorage, clock).getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('drops unreadable entries', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{broken');
    expect(createSessionStore(localStorage, clock).getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('stores the token on login and forgets it on logout', () => {
    const store = createSessionStore(localStorage, clock);
    store.getState().login('token-1');
    expect(store.getState().user).toEqual({ accessToken: 'token-1' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      accessToken: 'token-1',
    });
    store.getState().logout();
    expect(store.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
