import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../state/session-store';
import { liveAccessToken } from '../../test/fake-token';
import { mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';

describe('thank-you page', () => {
  beforeEach(() => {
    useSessionStore.getState().login(liveAccessToken());
    mockApi({});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useSessionStore.getState().logout();
  });

  it('a paid plan: thanks, payment confirmed meanwhile, and the ordinal expiry date', async () => {
    renderRoute('/thank-you?expiry=2026-11-24&plan=x-trader-yearly');
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText('Start trading with the product!')).toBeInTheDocument();
    expect(screen.getByText('Your payment will be confirmed meanwhile.')).toBeInTheDocument();
    expect(screen.getByTestId('expiry-sentence')).toHaveTextContent(
      'Your subscription will expire on 24th Nov 2026!',
    );
  });

  it('the free trial: no payment wording', async () => {
    renderRoute('/thank-you?expiry=2026-12-03&plan=freeTrial');
    expect(await screen.findByTestId('expiry-sentence')).toHaveTextContent('expire on 3rd Dec 2026!');
    expect(screen.queryByText(/payment/i)).not.toBeInTheDocument();
  });

  it('without an expiry: only the thanks', async () => {
    renderRoute('/thank-you?plan=x-trader-yearly');
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(screen.queryByText(/expire/)).not.toBeInTheDocument();
    expect(screen.queryByText(/payment/i)).not.toBeInTheDocument();
  });

  it('an invalid date is logged and shown empty', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/thank-you?expiry=not-a-date&plan=x-trader-quarterly');
    expect(await screen.findByTestId('expiry-sentence')).toHaveTextContent(
      /^Your subscription will expire on !$/,
    );
    expect(log).toHaveBeenCalledWith(expect.stringContaining('not-a-date'));
  });

  it('Go to dashboard opens the dashboard', async () => {
    const { router } = renderRoute('/thank-you?expiry=2026-11-24&plan=freeTrial');
    await userEvent.click(await screen.findByRole('button', { name: 'Go to dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
