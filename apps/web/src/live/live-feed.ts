import { LIVE_PATH } from '@xtrader/core/api/live';
import type { Notification } from '@xtrader/core/api/notifications';
import type { LivePriceSource } from './live-prices';
import { type ConnectionStatus, LiveSocket, type LiveSocketOptions } from './live-socket';
import { PriceStore } from './price-store';

type NotificationHandler = (notification: Notification) => void;
type OrderUpdateHandler = (orderId: string) => void;

/** The app's one live-data connection: socket, price store, shared subscriptions, notifications, status. */
export interface LiveFeed {
  readonly prices: PriceStore;
  status(): ConnectionStatus;
  onStatus(listener: () => void): () => void;
  /** Keeps `symbols` subscribed until the returned function is called (reference-counted across callers). */
  retain(symbols: readonly string[]): () => void;
  onNotification(handler: NotificationHandler): () => void;
  /** Calls `handler` with the id of each of the user's orders that changes state. */
  onOrderUpdate(handler: OrderUpdateHandler): () => void;
  /** Connects (or reconnects) with the session's access token. */
  start(token: string): void;
  /** Disconnects and forgets every price (logout). */
  stop(): void;
  /** The port the trading tables read prices through (`setLivePriceSource`). */
  readonly priceSource: LivePriceSource;
}

/** Same origin as the page: `wss://host/v1/options-x/websocket?token=...` (the dev server proxies it). */
const liveSocketUrl = (token: string): string => {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${LIVE_PATH}?token=${encodeURIComponent(token)}`;
};

export function createLiveFeed(socketOptions: Partial<LiveSocketOptions> = {}): LiveFeed {
  const prices = new PriceStore();
  const statusListeners = new Set<() => void>();
  const notificationHandlers = new Set<NotificationHandler>();
  const orderUpdateHandlers = new Set<OrderUpdateHandler>();
  const counts = new Map<string, number>();
  const socket = new LiveSocket({
    url: liveSocketUrl,
    onMessage: (message) => {
      // instrument_data carries the full quote; its price fields are an ltp tick's.
      if (message.channel === 'ltp' || message.channel === 'instrument_data') prices.apply(message.data);
      else if (message.channel === 'notifications')
        for (const handler of notificationHandlers) handler(message.data);
      else if (message.channel === 'orders')
        for (const handler of orderUpdateHandlers) handler(message.data.orderId);
      else console.warn(`Live data: ${message.message}`);
    },
    onStatus: () => {
      for (const listener of statusListeners) listener();
    },
    ...socketOptions,
  });

  const retain = (symbols: readonly string[]) => {
    const fresh: string[] = [];
    for (const symbol of new Set(symbols)) {
      const count = (counts.get(symbol) ?? 0) + 1;
      counts.set(symbol, count);
      if (count === 1) fresh.push(symbol);
    }
    socket.subscribe(fresh);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const gone: string[] = [];
      for (const symbol of new Set(symbols)) {
        const count = (counts.get(symbol) ?? 1) - 1;
        if (count > 0) counts.set(symbol, count);
        else {
          counts.delete(symbol);
          gone.push(symbol);
        }
      }
      socket.unsubscribe(gone);
    };
  };

  return {
    prices,
    status: () => socket.status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    retain,
    onNotification(handler) {
      notificationHandlers.add(handler);
      return () => notificationHandlers.delete(handler);
    },
    onOrderUpdate(handler) {
      orderUpdateHandlers.add(handler);
      return () => orderUpdateHandlers.delete(handler);
    },
    start: (token) => socket.connect(token),
    stop() {
      socket.disconnect();
      prices.clear();
    },
    priceSource: {
      read: (symbol) => prices.get(symbol)?.lastPrice,
      readTime: (symbol) => prices.get(symbol)?.ts,
      subscribe: (onChange) => prices.subscribeAll(onChange),
      retain,
    },
  };
}

/** The app's live feed. */
export const liveFeed: LiveFeed = createLiveFeed();
