import { z } from 'zod';
import { number, optionalNumber } from '../live-kit/read';

// Rupeezy Vortex API v2 shapes, with Vortex's own field names, read leniently: numbers may come as strings and
// unknown extra fields are ignored. Answers carry `status: "success" | "error"`; an error carries `code` and
// `message`.

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));

/** `{status, code?, message?}` around every answer (the funds answer may omit it). */
export const vortexEnvelopeSchema = z.object({
  status: z.string().optional(),
  code: text,
  message: z.string().nullish(),
});

/** `POST /user/session`: `data.access_token` and who the user is. */
export const vortexSessionSchema = z.object({
  data: z.object({
    access_token: z.string().min(1),
    user_id: text,
    others: z.object({ userCode: text }).partial().nullish(),
  }),
});

/** `POST|PUT|DELETE /trading/orders/regular[/{id}]`: the order's id. */
export const vortexOrderAckSchema = z.object({
  data: z.object({ order_id: z.coerce.string().min(1) }),
});

/** One row of `GET /trading/orders` (the order book). */
export const vortexOrderSchema = z.object({
  order_id: z.coerce.string().min(1),
  exchange: z.string(),
  token: z.coerce.string(),
  status: z.string(),
  error_reason: z.string().nullish(),
  transaction_type: z.string().transform((side) => (side.toUpperCase().startsWith('B') ? 'BUY' : 'SELL')),
  product: z.string(),
  variety: z.string().transform((variety) => variety.toUpperCase()),
  total_quantity: number,
  pending_quantity: optionalNumber,
  traded_quantity: optionalNumber,
  order_price: optionalNumber,
  trigger_price: optionalNumber,
  traded_price: optionalNumber,
  symbol: z.string().optional(),
  lot_size: optionalNumber,
  order_created_at: text,
  order_identifier: z.string().nullish(),
});
export type VortexOrderRow = z.infer<typeof vortexOrderSchema>;

/** An order-book row with our trading symbol looked up from the instrument master (undefined when unlisted). */
export type VortexOrder = VortexOrderRow & { ourSymbol: string | undefined };

export const vortexOrderBookSchema = z.object({ orders: z.array(z.unknown()).nullish() });

/** One `net` row of `GET /trading/portfolio/positions`. */
export const vortexPositionSchema = z.object({
  exchange: z.string(),
  token: z.coerce.string(),
  symbol: z.string().optional(),
  expiry_date: text,
  option_type: text,
  strike_price: optionalNumber,
  product: z.string(),
  quantity: number,
  lot_size: optionalNumber,
  average_price: optionalNumber,
  buy_value: optionalNumber,
  sell_value: optionalNumber,
  buy_quantity: optionalNumber,
  sell_quantity: optionalNumber,
  buy_price: optionalNumber,
  sell_price: optionalNumber,
});
export type VortexPosition = z.infer<typeof vortexPositionSchema>;

export const vortexPositionsSchema = z.object({
  data: z.object({ net: z.array(z.unknown()).nullish() }).nullish(),
});

/** One funds bucket of `GET /user/funds` (`nse`, `mcx`, `exchange_combined`). */
export const vortexFundsBucketSchema = z.object({
  net_available: number,
  total_utilization: optionalNumber,
});
export type VortexFunds = z.infer<typeof vortexFundsBucketSchema>;
