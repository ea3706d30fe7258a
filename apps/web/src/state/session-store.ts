import { create } from 'zustand';
import { isAccessTokenLive } from './access-token';

/** The logged-in user as kept in localStorage. */
export type StoredUser = { accessToken: string };

export const SESSION_STORAGE_KEY = 'xt-user';

type SessionState = {
  user: StoredUser | null;
  /** Stores the access token: the user is logged in from now on. */
  login: (accessToken: string) => void;
  /** Forgets the user locally (server-side logout is the caller's business). */
  logout: () => void;
};

/** Loads the stored user, dropping it (and its storage entry) unless its token is still live at `nowMs`. */
function loadStoredUser(storage: Storage, nowMs: number): StoredUser | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredUser> | null;
    if (typeof parsed?.accessToken === 'string' && isAccessTokenLive(parsed.accessToken, nowMs)) {
      return { accessToken: parsed.accessToken };
    }
  } catch {
    // Unreadable entries are treated like expired ones.
  }
  storage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

export function createSessionStore(storage: Storage, now: () => number) {
  return create<SessionState>((set) => ({
    user: loadStoredUser(storage, now()),
    login: (accessToken) => {
      const user = { accessToken };
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
      set({ user });
    },
    logout: () => {
      storage.removeItem(SESSION_STORAGE_KEY);
      set({ user: null });
    },
  }));
}

export const useSessionStore = createSessionStore(localStorage, Date.now);

/** True when a user is stored; components re-render on login/logout. */
export const useIsLoggedIn = () => useSessionStore((state) => state.user !== null);
