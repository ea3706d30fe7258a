import { z } from 'zod';
import { number, optionalNumber } from '../live-kit/read';
import { parseKiteTimestamp } from './token-expiry';

// Shapes of what Kite sends us (order book rows, postbacks, ticker order updates, positions, margins), read
// defensively: a postback is untrusted input and a changed field must become a clear error, not a NaN.

/**
 * Kite writes timestamps as IST wall-clock text. kiteconnect turns order-book timestamps into `Date`s with
 * `new Date(text)`, which reads the text in the server's own time zone; reading that Date's local fields back
 * recovers the IST wall clock whatever zone the server runs in.
 */
const kiteTime = z
  .union([z.string(), z.date(), z.null()])
  .optional()
  .transform((value): number | undefined => {
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) return undefined;
      const pad = (n: number) => String(n).padStart(2, '0');
      const text = `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
      return parseKiteTimestamp(text);
    }
    return parseKiteTimestamp(value);
  });

/** One order as the order book, a postback or a ticker `order` message carries it. */
export const kiteOrderSchema = z.object({
  order_id: z.coerce.string().min(1),
  status: z.string().min(1),
  tradingsymbol: z.string().min(1),
  exchange: z.string(),
  transaction_type: z.enum(['BUY', 'SELL']),
  order_type: z.enum(['MARKET', 'LIMIT', 'SL', 'SL-M']),
  product: z.string(),
  variety: z.string().optional(),
  quantity: number,
  filled_quantity: optionalNumber,
  pending_quantity: optionalNumber,
  cancelled_quantity: optionalNumber,
  price: optionalNumber,
  trigger_price: optionalNumber,
  average_price: optionalNumber,
  status_message: z.string().nullish(),
  tag: z.string().nullish(),
  order_timestamp: kiteTime,
  exchange_update_timestamp: kiteTime,
  exchange_timestamp: kiteTime,
});
export type KiteOrder = z.infer<typeof kiteOrderSchema>;

/** A postback additionally names the account and carries its checksum. */
export const kitePostbackSchema = z.object({
  user_id: z.string().min(1),
  checksum: z.string().min(1),
  order_id: z.coerce.string().min(1),
  /** Kept as sent: the checksum covers this exact text. */
  order_timestamp: z.string().min(1),
});

const kitePositionSchema = z.object({
  tradingsymbol: z.string(),
  exchange: z.string(),
  instrument_token: z.coerce.string(),
  product: z.string(),
  quantity: number,
  last_price: number,
  buy_quantity: number,
  sell_quantity: number,
  buy_value: number,
  sell_value: number,
});
export type KitePosition = z.infer<typeof kitePositionSchema>;

export const kitePositionsSchema = z.object({ net: z.array(kitePositionSchema) });

/** One margin segment of `GET /user/margins/equity` (derivatives trade against the equity segment). */
export const kiteMarginSchema = z.object({
  net: number,
  utilised: z.object({ debits: number }),
});
