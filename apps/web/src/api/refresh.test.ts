import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tradingKeys } from './query-keys';
import { refreshTradingDataSoon } from './refresh';

afterEach(() => vi.useRealTimers());

describe('refresh after an order action', () => {
  it('refetches positions, orders and margin 500 ms later, once for a burst of actions', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    refreshTradingDataSoon(client);
    await vi.advanceTimersByTimeAsync(200);
    refreshTradingDataSoon(client);
    await vi.advanceTimersByTimeAsync(299);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      tradingKeys.orders,
      tradingKeys.positions,
      tradingKeys.margin,
      tradingKeys.discipline,
      tradingKeys.journal,
    ]);
    refreshTradingDataSoon(client);
    await vi.advanceTimersByTimeAsync(500);
    expect(invalidate).toHaveBeenCalledTimes(10);
  });
});
