import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyTheme,
  readThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  useApplyTheme,
  useThemeStore,
} from './theme';
import { ThemeToggle } from './theme-toggle';

function Harness() {
  useApplyTheme();
  return <ThemeToggle />;
}

describe('theme', () => {
  afterEach(() => {
    localStorage.clear();
    useThemeStore.setState({ preference: 'dark' });
  });

  it('is dark by default and ignores unknown stored values', () => {
    expect(readThemePreference(localStorage)).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemePreference(localStorage)).toBe('dark');
  });

  it('resolves system to the OS preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('puts exactly one theme class on <html>', () => {
    const root = document.createElement('html');
    applyTheme('light', root);
    applyTheme('dark', root);
    expect([...root.classList]).toEqual(['dark']);
    expect(root.style.colorScheme).toBe('dark');
  });

  it('stores the choice and applies it to <html>', async () => {
    render(<Harness />);
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Light theme' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(readThemePreference(localStorage)).toBe('light');
    expect(screen.getByRole('button', { name: 'Light theme' })).toHaveAttribute('aria-pressed', 'true');
  });
});
