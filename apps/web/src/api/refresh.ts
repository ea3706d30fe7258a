import type { QueryClient } from '@tanstack/react-query';
import { REFRESH_AFTER_ORDER_ACTION_MS } from '@xtrader/core/constants';
import { queryClient as appQueryClient } from './query-client';
import { ORDER_ACTION_KEYS } from './query-keys';

let timer: ReturnType<typeof setTimeout> | undefined;

/** Refetches positions, orders and margin now. */
export function refreshTradingData(client: QueryClient = appQueryClient): void {
  for (const queryKey of ORDER_ACTION_KEYS) void client.invalidateQueries({ queryKey });
}

/**
 * Refreshes positions, orders and margin 500 ms after an order action: the broker
 * needs a moment to book the change. Actions inside that window share one refresh rather than stacking them.
 */
export function refreshTradingDataSoon(client: QueryClient = appQueryClient): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    refreshTradingData(client);
  }, REFRESH_AFTER_ORDER_ACTION_MS);
}
