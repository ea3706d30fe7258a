import { z } from 'zod';
import { number, optionalNumber, optionalText } from '../live-kit/read';

// Fyers API v3 shapes, with Fyers' own field names, read leniently: numbers may come as strings and unknown extra
// fields are ignored. Every answer carries the `{s: "ok" | "error", code, message}` envelope; failures have a
// negative `code` (-8/-15/-16/-17 a dead token, -429 a rate limit, -51 an unknown order id).

export const fyersEnvelopeSchema = z.object({
  s: z.string().optional(),
  code: z.coerce.number().optional(),
  message: z.string().nullish(),
});

/** `POST /api/v3/validate-authcode`. */
export const fyersTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().nullish(),
});

/** `GET /api/v3/profile`: `fy_id` is the trader's Fyers client id. */
export const fyersProfileSchema = z.object({
  data: z.object({ fy_id: z.coerce.string().min(1), name: z.string().nullish() }),
});

/** `POST /api/v3/orders/sync`: the order number (also on a rejection that created an order). */
export const fyersPlacedSchema = z.object({ id: z.coerce.string().min(1) });

/**
 * One row of `GET /api/v3/orders` (`orderBook`). `status`: 1 cancelled, 2 traded, 4 transit, 5 rejected, 6 pending,
 * 7 expired; `type`: 1 limit, 2 market, 3 stop (SL-M), 4 stop-limit (SL-L); `side`: 1 buy, -1 sell.
 */
export const fyersOrderSchema = z.object({
  id: z.coerce.string().min(1),
  symbol: z.string().min(1),
  status: number,
  type: number,
  side: number,
  productType: z.string(),
  qty: number,
  filledQty: optionalNumber,
  remainingQuantity: optionalNumber,
  limitPrice: optionalNumber,
  stopPrice: optionalNumber,
  tradedPrice: optionalNumber,
  message: z.string().nullish(),
  orderTag: z.string().nullish(),
  orderDateTime: optionalText,
});
export type FyersOrder = z.infer<typeof fyersOrderSchema>;

/** One row of `GET /api/v3/positions` (`netPositions`). */
export const fyersPositionSchema = z.object({
  symbol: z.string().min(1),
  productType: z.string(),
  netQty: number,
  buyQty: optionalNumber,
  sellQty: optionalNumber,
  buyVal: optionalNumber,
  sellVal: optionalNumber,
  buyAvg: optionalNumber,
  sellAvg: optionalNumber,
  netAvg: optionalNumber,
  ltp: optionalNumber,
});
export type FyersPosition = z.infer<typeof fyersPositionSchema>;

/**
 * One line of `GET /api/v3/funds` (`fund_limit`): id 2 "Utilized Amount", id 10 "Available Balance", each with
 * an equity and a commodity amount.
 */
export const fyersFundLineSchema = z.object({
  id: number,
  title: z.string().nullish(),
  equityAmount: optionalNumber,
  commodityAmount: optionalNumber,
});
export type FyersFundLine = z.infer<typeof fyersFundLineSchema>;
