import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../state/session-store';
import { liveAccessToken } from '../../test/fake-token';
import { mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

describe('app menu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.getState().logout();
  });

  it('opens each legal page in a new tab, so the trading screen keeps running', async () => {
    useSessionStore.getState().login(liveAccessToken());
    mockApi({});
    renderRoute('/dashboard');
    // The trading shell is a large lazy chunk: its first (cold) import in a test run can be slow.
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }, { timeout: 12_000 }));
    for (const [name, href] of [
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Risk Disclosure', '/risk-disclosure'],
      ['Contact', '/contact'],
    ]) {
      const item = await screen.findByRole('menuitem', { name });
      expect(item).toHaveAttribute('href', href);
      expect(item).toHaveAttribute('target', '_blank');
    }
  });
});
