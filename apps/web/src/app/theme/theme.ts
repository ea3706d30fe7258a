import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';

/** What the user picked; 'system' follows the operating system. Dark is the product default. */
export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

/** Same key and values as the pre-paint script in index.html. */
export const THEME_STORAGE_KEY = 'xt-theme';
const DEFAULT_THEME: ThemePreference = 'dark';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isPreference = (value: unknown): value is ThemePreference =>
  value === 'system' || value === 'light' || value === 'dark';

export function readThemePreference(storage: Storage = localStorage): ThemePreference {
  const stored = storage.getItem(THEME_STORAGE_KEY);
  return isPreference(stored) ? stored : DEFAULT_THEME;
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** Puts exactly one of `dark` / `light` on <html> so Tailwind's variants and the CSS palettes follow. */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
}

type ThemeState = { preference: ThemePreference; setPreference: (preference: ThemePreference) => void };

export const useThemeStore = create<ThemeState>((set) => ({
  preference: readThemePreference(),
  setPreference: (preference) => {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
    set({ preference });
  },
}));

const systemQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null);

function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = systemQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

// Without matchMedia (old browsers, jsdom) 'system' falls back to the product default.
const systemPrefersDark = () => systemQuery()?.matches ?? true;

/** The theme actually shown, following the OS live when the preference is 'system'. */
function useResolvedTheme(): ResolvedTheme {
  const preference = useThemeStore((state) => state.preference);
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => true);
  return resolveTheme(preference, prefersDark);
}

/** Keeps the <html> class in step with the store; mounted once by the app providers. */
export function useApplyTheme(): ResolvedTheme {
  const theme = useResolvedTheme();
  useEffect(() => applyTheme(theme), [theme]);
  return theme;
}
