import { z } from 'zod';
import { number, optionalNumber } from '../live-kit/read';

// AliceBlue open-api (V2) shapes, with AliceBlue's own field names, read leniently: numbers may come as strings and
// unknown extra fields are ignored.

const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));

/**
 * `{ status: "Ok" | "Not_Ok", message, result }`: AliceBlue signals business failures with HTTP 200 and a status
 * other than Ok, the message often a bare code (`EC912`).
 */
export const aliceEnvelopeSchema = z.object({
  status: z.string().optional(),
  message: z.string().nullish(),
  result: z.unknown().optional(),
});

/** `getUserDetails`: `{ stat: "Ok", userSession, clientId }` or `{ stat: "Not_ok", emsg }`. */
export const aliceUserDetailsSchema = z.object({
  stat: z.string().optional(),
  status: z.string().optional(),
  userSession: z.string().nullish(),
  clientId: optionalText,
  emsg: z.string().nullish(),
  message: z.string().nullish(),
});

/** One item of the placement's `result` array; an item may carry its own failure. */
export const alicePlacedSchema = z.object({
  brokerOrderId: optionalText,
  status: z.string().optional(),
  message: z.string().nullish(),
});

export const aliceOrderSchema = z.object({
  brokerOrderId: z.coerce.string().min(1),
  orderStatus: z.string().min(1),
  tradingSymbol: optionalText,
  formattedInstrumentName: optionalText,
  exchange: z.string().optional(),
  instrumentId: optionalText,
  transactionType: z.string().transform((side) => (side.toUpperCase().startsWith('B') ? 'BUY' : 'SELL')),
  orderType: z
    .string()
    .nullish()
    .transform((type) => (type ?? '').toUpperCase()),
  product: z
    .string()
    .nullish()
    .transform((product) => product ?? ''),
  quantity: number,
  filledQuantity: optionalNumber,
  price: optionalNumber,
  slTriggerPrice: optionalNumber,
  averageTradedPrice: optionalNumber,
  rejectionReason: z.string().nullish(),
  orderTag: z.string().nullish(),
  orderTime: optionalText,
  exchangeUpdateTime: optionalText,
});
export type AliceOrder = z.infer<typeof aliceOrderSchema>;

export const alicePositionSchema = z.object({
  tradingSymbol: optionalText,
  instrumentId: optionalText,
  exchange: z.string().optional(),
  product: z.string(),
  netQuantity: number,
  buyQuantity: optionalNumber,
  sellQuantity: optionalNumber,
  buyValue: optionalNumber,
  sellValue: optionalNumber,
  dayBuyPrice: optionalNumber,
  daySellPrice: optionalNumber,
  netAveragePrice: optionalNumber,
  ltp: optionalNumber,
});
export type AlicePosition = z.infer<typeof alicePositionSchema>;

/** `GET /limits/`: the first item of `result`. */
export const aliceLimitsSchema = z.object({
  tradingLimit: number,
  utilizedMargin: optionalNumber,
});
