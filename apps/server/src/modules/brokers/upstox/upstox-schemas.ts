import { z } from 'zod';
import { number, optionalNumber } from '../live-kit/read';

// Upstox API v2/v3 shapes as its answers name them, read leniently: numbers may come as strings, unknown extra fields
// are ignored. Success is `{status: "success", data, metadata?}`; failure `{status: "error", errors: [{errorCode,
// message, ...}]}` with an HTTP 4xx/5xx.

export const upstoxErrorSchema = z.object({
  errorCode: z.string().optional(),
  error_code: z.string().optional(),
  message: z.string().optional(),
});

export const upstoxEnvelopeSchema = z.object({
  status: z.string().optional(),
  data: z.unknown().optional(),
  errors: z.array(upstoxErrorSchema).nullish(),
});

/** `POST /v2/login/authorization/token`: the profile and the day's token, not wrapped in the envelope. */
export const upstoxTokenSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.string().nullish(),
  user_name: z.string().nullish(),
  broker: z.string().nullish(),
});
export type UpstoxToken = z.infer<typeof upstoxTokenSchema>;

/** v3 place: one id per slice (`slice: true` splits by freeze quantity; we send one exchange order per call). */
export const upstoxPlacedSchema = z.object({ order_ids: z.array(z.coerce.string().min(1)).min(1) });

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));

/** One row of `GET /v2/order/retrieve-all` (also the portfolio stream's order message). */
export const upstoxOrderSchema = z.object({
  order_id: z.coerce.string().min(1),
  status: z.string().min(1),
  instrument_token: z.string().min(1),
  trading_symbol: z.string().nullish(),
  tradingsymbol: z.string().nullish(),
  exchange: z.string().nullish(),
  product: z.string(),
  order_type: z.string().transform((type) => type.toUpperCase()),
  transaction_type: z.string().transform((side) => (side.toUpperCase().startsWith('B') ? 'BUY' : 'SELL')),
  validity: z.string().nullish(),
  quantity: number,
  filled_quantity: optionalNumber,
  pending_quantity: optionalNumber,
  price: optionalNumber,
  trigger_price: optionalNumber,
  average_price: optionalNumber,
  status_message: z.string().nullish(),
  tag: z.string().nullish(),
  order_timestamp: text,
  exchange_timestamp: text,
});
export type UpstoxOrder = z.infer<typeof upstoxOrderSchema>;

/** One row of `GET /v2/portfolio/short-term-positions`. */
export const upstoxPositionSchema = z.object({
  instrument_token: z.string().min(1),
  trading_symbol: z.string().nullish(),
  tradingsymbol: z.string().nullish(),
  exchange: z.string().nullish(),
  product: z.string(),
  quantity: number,
  buy_value: optionalNumber,
  sell_value: optionalNumber,
  day_buy_quantity: optionalNumber,
  day_sell_quantity: optionalNumber,
  overnight_buy_quantity: optionalNumber,
  overnight_sell_quantity: optionalNumber,
  day_buy_value: optionalNumber,
  day_sell_value: optionalNumber,
  overnight_buy_amount: optionalNumber,
  overnight_sell_amount: optionalNumber,
  average_price: optionalNumber,
  last_price: optionalNumber,
});
export type UpstoxPosition = z.infer<typeof upstoxPositionSchema>;

const segmentFunds = z.object({ used_margin: optionalNumber, available_margin: optionalNumber });

/** `GET /v2/user/get-funds-and-margin?segment=SEC`: F&O trades on the equity (SEC) segment's funds. */
export const upstoxFundsSchema = z.object({ equity: segmentFunds });
