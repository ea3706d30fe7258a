import type { Notification } from '@xtrader/core/api/notifications';

// Topics the order manager publishes; the WebSocket gateway forwards them to the user's connections.
declare module '../../bus/bus' {
  interface BusEvents {
    /** An order of the user changed state: clients refresh their order lists sooner than the 5 s poll. */
    'order.updated': { userId: string; orderId: string };
    /** A notification card for the user (order_executed, order_failed, profit_protection_triggered). */
    notification: { userId: string; notification: Notification };
  }
}
