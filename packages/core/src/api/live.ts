import { z } from 'zod';
import { API_BASE } from './envelope';
import { notificationSchema } from './notifications';

/** WebSocket endpoint; the access token travels as the `token` query parameter or the Authorization header. */
export const LIVE_PATH = `${API_BASE}/websocket`;

/** Most symbols one subscribe/unsubscribe message may carry. */
export const MAX_SYMBOLS_PER_MESSAGE = 500;

/** Most symbols one connection may watch on the `instrument_data` channel (a trading panel's few contracts). */
export const MAX_INSTRUMENT_DATA_SYMBOLS = 20;

/** How often `instrument_data` repeats a contract whose quote changed (the `ltp` channel is the fast path). */
export const INSTRUMENT_DATA_INTERVAL_MS = 1000;

/**
 * Client -> server. Symbols are trading symbols or index display names (`NIFTY 50`). `channel` picks the stream:
 * `ltp` (default; every tick, compact) or `instrument_data` (the full quote and contract, at most once a second).
 */
export const liveClientMessageSchema = z.object({
  action: z.enum(['subscribe', 'unsubscribe']),
  symbols: z.array(z.string().trim().min(1).max(64)).max(MAX_SYMBOLS_PER_MESSAGE),
  channel: z.enum(['ltp', 'instrument_data']).optional(),
});
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** One price update, in the field names the web app reads. */
export const ltpTickSchema = z.object({
  symbol: z.string(),
  LastPrice: z.number(),
  NetChange: z.number(),
  OHLC: z.object({ close: z.number() }),
  /**
   * Best bid and offer, when the source quotes a book (null for an empty side); absent for indices and sources
   * without depth. The book itself travels only on `instrument_data`.
   */
  Bid: z.number().nullable().optional(),
  Ask: z.number().nullable().optional(),
  /** When the price happened (epoch ms). */
  ts: z.number(),
});
export type LtpTick = z.infer<typeof ltpTickSchema>;

export const ltpMessageSchema = z.object({ channel: z.literal('ltp'), data: z.array(ltpTickSchema) });

const depthLevelSchema = z.object({
  price: z.number(),
  quantity: z.number(),
  orders: z.number().optional(),
});
/** A contract's visible book: bids by descending price, offers by ascending price. */
export const marketDepthSchema = z.object({
  buy: z.array(depthLevelSchema),
  sell: z.array(depthLevelSchema),
});

/** One contract's full quote on the `instrument_data` channel. */
export const instrumentDataSchema = z.object({
  symbol: z.string(),
  LastPrice: z.number(),
  NetChange: z.number(),
  OHLC: z.object({ open: z.number(), high: z.number(), low: z.number(), close: z.number() }),
  /** Options: implied volatility (annualised fraction) and delta; null otherwise or when no volatility fits. */
  iv: z.number().nullable(),
  delta: z.number().nullable(),
  /** Best bid and offer and five levels each side (best first), null when the source has no book. */
  Bid: z.number().nullable(),
  Ask: z.number().nullable(),
  depth: marketDepthSchema.nullable(),
  /** When the price happened (epoch ms): its age tells whether the contract is stale. */
  ts: z.number(),
  /** `simulated` (the configured simulator or replay) or `broker` (the user's own broker stream). */
  source: z.enum(['simulated', 'broker']),
  /** The contract, from the instrument master (null for an index). */
  exchange: z.string().nullable(),
  instrumentType: z.string().nullable(),
  expiry: z.string().nullable(),
  strike: z.number().nullable(),
  lotSize: z.number().nullable(),
  tickSize: z.number().nullable(),
});
export type InstrumentData = z.infer<typeof instrumentDataSchema>;
export const instrumentDataMessageSchema = z.object({
  channel: z.literal('instrument_data'),
  data: z.array(instrumentDataSchema),
});
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
  instrumentDataMessageSchema,
  notificationsMessageSchema,
  ordersMessageSchema,
  errorMessageSchema,
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
