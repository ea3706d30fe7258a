import type { Notification } from '@xtrader/core/api/notifications';
import { useEffect, useSyncExternalStore } from 'react';
import { refreshOnOrderUpdates, setOrderUpdatesLive } from '../api/order-updates';
import { useSessionStore } from '../state/session-store';
import { type LiveFeed, liveFeed } from './live-feed';
import { setLivePriceSource } from './live-prices';
import type { ConnectionStatus } from './live-socket';
import type { LiveQuote } from './price-store';

/**
 * Runs the live connection while the logged-in shell is mounted: connects with the session's token, plugs the
 * price store into the trading tables' price port, refetches the order tables on each order update (polling them
 * slower while the socket is open), and hands socket notifications to `onNotification`.
 */
export function useLiveConnection(
  onNotification?: (notification: Notification) => void,
  feed: LiveFeed = liveFeed,
) {
  const token = useSessionStore((state) => state.user?.accessToken);
  useEffect(() => {
    if (!token) return;
    feed.start(token);
    setLivePriceSource(feed.priceSource);
    setOrderUpdatesLive(() => feed.status() === 'open');
    const stopOrderUpdates = feed.onOrderUpdate(refreshOnOrderUpdates());
    return () => {
      stopOrderUpdates();
      setOrderUpdatesLive(null);
      setLivePriceSource(null);
      feed.stop();
    };
  }, [token, feed]);
  useEffect(() => (onNotification ? feed.onNotification(onNotification) : undefined), [onNotification, feed]);
}

/** Keeps these symbols subscribed while the component is mounted. */
export function useLiveSymbols(symbols: readonly string[], feed: LiveFeed = liveFeed): void {
  const key = symbols.filter(Boolean).join('\n');
  useEffect(() => (key ? feed.retain(key.split('\n')) : undefined), [key, feed]);
}

/** The live quote of one symbol (subscribed while mounted); re-renders only when that symbol ticks. */
export function useQuote(
  symbol: string | null | undefined,
  feed: LiveFeed = liveFeed,
): LiveQuote | undefined {
  useLiveSymbols(symbol ? [symbol] : [], feed);
  return useSyncExternalStore(
    (onChange) => (symbol ? feed.prices.subscribe(symbol, onChange) : () => {}),
    () => (symbol ? feed.prices.get(symbol) : undefined),
  );
}

/** Last traded price of one symbol, or undefined before its first tick. */
export const useLtp = (symbol: string | null | undefined, feed: LiveFeed = liveFeed): number | undefined =>
  useQuote(symbol, feed)?.lastPrice;

export function useConnectionStatus(feed: LiveFeed = liveFeed): ConnectionStatus {
  return useSyncExternalStore(
    (onChange) => feed.onStatus(onChange),
    () => feed.status(),
  );
}

/** Calls `handler` for each notification the socket delivers while the component is mounted. */
export function useLiveNotifications(
  handler: (notification: Notification) => void,
  feed: LiveFeed = liveFeed,
) {
  useEffect(() => feed.onNotification(handler), [handler, feed]);
}
