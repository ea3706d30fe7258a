import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { tradingKeys } from '../../api/query-keys';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { countdownText, formatSpan } from './countdown-text';
import { MarketCountdown } from './market-countdown';

describe('market countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('formats spans in days, hours or minutes', () => {
    expect(formatSpan(((2 * 24 + 17) * 60 + 3) * 60_000)).toBe('2d 17h');
    expect(formatSpan(65 * 60_000 + 9_000)).toBe('1h 05m');
    expect(formatSpan(12 * 60_000 + 30_000)).toBe('12m 30s');
    expect(formatSpan(-5)).toBe('0m 00s');
  });

  it('counts to the close while open and to the next open while closed', () => {
    const now = istEpochMs('2026-11-23', 14, 25);
    expect(countdownText({ open: true, changesAt: istEpochMs('2026-11-23', 15, 30) }, now)).toBe(
      'Closes in 1h 05m',
    );
    expect(countdownText({ open: false, changesAt: istEpochMs('2026-11-23', 15, 30) }, now)).toBe(
      'Opens in 1h 05m',
    );
  });

  it("shows the session table's close, then the next trading day's open, ticking every second", () => {
    vi.useFakeTimers();
    vi.setSystemTime(istEpochMs('2026-11-23', 15, 29, 58));
    renderWithQueryClient(<MarketCountdown />);
    const countdown = screen.getByTestId('market-countdown');
    expect(countdown).toHaveTextContent('NFO open · Closes in 0m 02s');
    act(() => vi.advanceTimersByTime(2000));
    // Tuesday 24 Nov 2026 is a holiday: the next open is Wednesday 09:15.
    expect(countdown).toHaveTextContent('NFO closed · Opens in 1d 17h');
    expect(countdown).toHaveAccessibleName('NFO market closed');
  });

  it('runs on the replayed clock during a session replay, showing the replayed time', () => {
    vi.useFakeTimers();
    const wall = istEpochMs('2026-11-24', 22, 0);
    vi.setSystemTime(wall);
    queryClient.clear();
    queryClient.setQueryDefaults(tradingKeys.marketFeed, { staleTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(tradingKeys.marketFeed, {
      source: 'simulated',
      broker: null,
      view: 'practice',
      state: 'simulated',
      symbol: null,
      lastTickAt: null,
      now: wall,
      delayMs: 0,
      staleAfterMs: 3000,
      tokenExpiresAt: null,
      receivedAt: wall,
      replay: {
        id: 'sample@2026-11-18',
        day: '2026-11-18',
        speed: 10,
        paused: false,
        finished: false,
        now: istEpochMs('2026-11-18', 15, 29),
      },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <MarketCountdown />
      </QueryClientProvider>,
    );
    const countdown = screen.getByTestId('market-countdown');
    expect(countdown).toHaveTextContent('15:29:00 · NFO open · Closes in 1m 00s');
    // Six real seconds are a replayed minute at 10x.
    act(() => vi.advanceTimersByTime(6000));
    expect(countdown).toHaveTextContent('15:30:00 · NFO closed');
  });
});
