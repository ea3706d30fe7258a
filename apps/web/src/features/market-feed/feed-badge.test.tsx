import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedStatusQuery, type ReceivedFeedStatus } from '../../api/feed-status-query';
import { mockApi, ok } from '../../test/mock-api';
import { renderWithQueryClient } from '../../test/render-with-query-client';
import { badgeOf, FeedBadge } from './feed-badge';

const NOW = Date.UTC(2026, 10, 24, 5, 0);
const base: ReceivedFeedStatus = {
  source: 'broker',
  broker: 'ZERODHA',
  vendor: null,
  view: 'live',
  state: 'live',
  symbol: null,
  lastTickAt: NOW - 500,
  now: NOW,
  delayMs: 0,
  staleAfterMs: 3000,
  tokenExpiresAt: Date.UTC(2026, 10, 25, 0, 30),
  practice: null,
  receivedAt: NOW,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('feed badge', () => {
  it('says which day a session replay plays, at what speed, and when it is paused', () => {
    const replay = {
      id: 'sample@2026-11-18',
      day: '2026-11-18',
      speed: 5,
      paused: false,
      finished: false,
      now: NOW,
    };
    const simulated = { ...base, source: 'simulated' as const, broker: null, state: 'simulated' as const };
    expect(badgeOf({ ...simulated, replay }, NOW).text).toBe('Replay 2026-11-18 5x');
    expect(badgeOf({ ...simulated, replay: { ...replay, paused: true } }, NOW).text).toBe(
      'Replay 2026-11-18 5x paused',
    );
    expect(badgeOf({ ...simulated, replay: { ...replay, finished: true } }, NOW).text).toBe(
      'Replay 2026-11-18 5x ended',
    );
  });

  it('names the source and its state', () => {
    expect(
      badgeOf({ ...base, source: 'simulated', broker: null, state: 'simulated', tokenExpiresAt: null }, NOW),
    ).toEqual({ text: 'Simulated prices', title: 'Simulated prices, not the market' });
    expect(badgeOf(base, NOW)).toEqual({
      text: 'Live',
      title: 'Prices from your ZERODHA account; session valid until 06:00 IST',
    });
    expect(badgeOf({ ...base, view: 'practice', state: 'delayed', delayMs: 5000 }, NOW).text).toBe(
      'Delayed 5 s',
    );
    expect(badgeOf({ ...base, state: 'stale', lastTickAt: NOW - 12_000 }, NOW).text).toBe('Stale 12 s');
    // The age runs on between refreshes, on the server's clock.
    expect(badgeOf({ ...base, state: 'stale', lastTickAt: NOW - 12_000 }, NOW + 2000).text).toBe(
      'Stale 14 s',
    );
    expect(badgeOf({ ...base, state: 'expired' }, NOW).text).toBe('Broker session expired');
  });

  it("names the platform feed's vendor, live or delayed", () => {
    const platform = {
      ...base,
      source: 'platform' as const,
      broker: null,
      vendor: 'TrueData',
      tokenExpiresAt: null,
    };
    expect(badgeOf(platform, NOW)).toEqual({
      text: 'Live',
      title: 'Market prices from TrueData (licensed market-data feed)',
    });
    expect(badgeOf({ ...platform, view: 'practice', state: 'delayed', delayMs: 5000 }, NOW).text).toBe(
      'Delayed 5 s',
    );
  });

  it('turns from Live to Stale when the stream stops ticking', async () => {
    let reply: Omit<ReceivedFeedStatus, 'receivedAt'> = {
      ...base,
      now: Date.now(),
      lastTickAt: Date.now() - 200,
    };
    mockApi({ 'GET /market/feed': () => ok(reply) });
    const { queryClient } = renderWithQueryClient(<FeedBadge />);
    await waitFor(() => expect(screen.getByTestId('feed-badge')).toHaveTextContent('Live'));
    reply = { ...base, state: 'stale', now: Date.now(), lastTickAt: Date.now() - 12_000 };
    await act(() => queryClient.refetchQueries({ queryKey: feedStatusQuery.queryKey }));
    await waitFor(() => expect(screen.getByTestId('feed-badge')).toHaveTextContent('Stale 12 s'));
    expect(screen.getByTestId('feed-badge')).toHaveAttribute('data-state', 'stale');
  });
});
