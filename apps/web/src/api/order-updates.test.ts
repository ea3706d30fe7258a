import { QueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@xtrader/core/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveFeed } from '../live/live-feed';
import type { SocketLike } from '../live/live-socket';
import {
  ORDER_UPDATE_COALESCE_MS,
  ordersPollInterval,
  refreshOnOrderUpdates,
  setOrderUpdatesLive,
} from './order-updates';
import { tradingKeys } from './query-keys';

afterEach(() => {
  vi.useRealTimers();
  setOrderUpdatesLive(null);
});

function openFeed() {
  let socket: SocketLike | undefined;
  const feed = createLiveFeed({
    createSocket: () => {
      socket = {
        readyState: 1,
        send() {},
        close() {},
        onopen: null,
        onclose: null,
        onmessage: null,
        onerror: null,
      };
      return socket;
    },
  });
  feed.start('token');
  socket!.onopen?.({});
  const receive = (message: unknown) => socket!.onmessage?.({ data: JSON.stringify(message) });
  return { feed, receive };
}

describe('order updates over the live socket', () => {
  it('refetches orders, positions and funds at once, one refetch for a burst of updates', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { feed, receive } = openFeed();
    feed.onOrderUpdate(refreshOnOrderUpdates(client));
    receive({ channel: 'orders', data: { orderId: 'XT-1' } });
    receive({ channel: 'orders', data: { orderId: 'XT-2' } });
    await vi.advanceTimersByTimeAsync(ORDER_UPDATE_COALESCE_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      tradingKeys.orders,
      tradingKeys.positions,
      tradingKeys.margin,
      tradingKeys.discipline,
      tradingKeys.journal,
    ]);
  });

  it('polls orders only as a slower fallback while the socket is open', () => {
    const { feed } = openFeed();
    expect(ordersPollInterval()).toBe(POLL_INTERVAL_MS);
    setOrderUpdatesLive(() => feed.status() === 'open');
    expect(ordersPollInterval()).toBeGreaterThan(POLL_INTERVAL_MS);
    feed.stop();
    expect(ordersPollInterval()).toBe(POLL_INTERVAL_MS);
  });
});
