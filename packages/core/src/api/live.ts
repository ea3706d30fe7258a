import { z } from 'zod';
import { API_BASE } from './envelope';
import { notificationSchema } from './notifications';

/** WebSocket endpoint; the access token travels as the `token` query parameter or the Authorization header. */
export const LIVE_PATH = `${API_BASE}/websocket`;

/** Most symbols one subscribe/unsubscribe message may carry. */
export const MAX_SYMBOLS_PER_MESSAGE = 500;

/** Client -> server. Symbols are trading symbols or index display names (`NIFTY 50`). */
export const liveClientMessageSchema = z.object({
  action: z.enum(['subscribe', 'unsubscribe']),
  symbols: z.array(z.string().trim().min(1).max(64)).max(MAX_SYMBOLS_PER_MESSAGE),
});
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** One price update, in the field names the web app reads. */
export const ltpTickSchema = z.object({
  symbol: z.string(),
  LastPrice: z.number(),
  NetChange: z.number(),
  OHLC: z.object({ close: z.number() }),
  /** When the price happened (epoch ms). */
  ts: z.number(),
});
export type LtpTick = z.infer<typeof ltpTickSchema>;

export const ltpMessageSchema = z.object({ channel: z.literal('ltp'), data: z.array(ltpTickSchema) });
export const notificationsMessageSchema = z.object({
  channel: z.literal('notifications'),
  data: notificationSchema,
});
/** One of the user's orders changed state (accepted, triggered, modified, filled, cancelled): refetch the orders. */
export const ordersMessageSchema = z.object({
  channel: z.literal('orders'),
  data: z.object({ orderId: z.string() }),
});
export const errorMessageSchema = z.object({ channel: z.literal('error'), message: z.string() });

/** Server -> client. */
export const liveServerMessageSchema = z.discriminatedUnion('channel', [
  ltpMessageSchema,
  notificationsMessageSchema,
  ordersMessageSchema,
  errorMessageSchema,
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
