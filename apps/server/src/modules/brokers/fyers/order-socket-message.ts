import { jsonFrame } from '../live-kit/push-socket';

// Fyers' order WebSocket (`wss://socket.fyers.in/trade/v3`, subscribed with
// `{"T": "SUB_ORD", "SLIST": ["orders"], "SUB_T": 1}`) pushes each change of an order as `{"orders": {...}}`, in the
// socket's own short field names and the OMS's detailed status codes, and without the order tag that reconciles an
// order whose acknowledgement is still on its way. So a push is taken as a doorbell: it makes the session read the
// order book at once (tags, statuses and fills in the documented shape), instead of waiting for the next poll.

/** True when a socket message reports a change of an order (not an ack, a pong, a trade or a position). */
export function isOrderUpdate(text: string): boolean {
  const orders = jsonFrame(text)?.orders;
  return typeof orders === 'object' && orders !== null;
}
