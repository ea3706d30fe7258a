import type { QueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@xtrader/core/constants';
import { queryClient as appQueryClient } from './query-client';
import { refreshTradingData } from './refresh';

// The live socket says when one of the user's orders changed state (docs/websocket.md, `orders` channel); the
// tables then refetch at once. Polling stays as the fallback for a dropped socket or a missed message, slower
// while the socket is up.

/** Updates arriving this close together (a bracket's legs, a fill and its exit) share one refetch. */
export const ORDER_UPDATE_COALESCE_MS = 50;

/** How often orders are polled while the socket delivers their updates. */
const ORDERS_FALLBACK_POLL_MS = 4 * POLL_INTERVAL_MS;

let updatesLive: () => boolean = () => false;

/** Plugs in whether order updates are arriving (the socket is open); null when there is no socket. */
export function setOrderUpdatesLive(isLive: (() => boolean) | null): void {
  updatesLive = isLive ?? (() => false);
}

/** The orders poll period: the usual one without a socket, the slow fallback with one. */
export const ordersPollInterval = (): number => (updatesLive() ? ORDERS_FALLBACK_POLL_MS : POLL_INTERVAL_MS);

/** A handler for the socket's order updates: refetches orders, positions and funds, once per burst. */
export function refreshOnOrderUpdates(client: QueryClient = appQueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      refreshTradingData(client);
    }, ORDER_UPDATE_COALESCE_MS);
  };
}
