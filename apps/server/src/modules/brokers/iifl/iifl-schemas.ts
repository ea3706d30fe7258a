import { z } from 'zod';
import { number, optionalNumber } from '../live-kit/read';

// IIFL Capital API v1 shapes (field names as IIFL's order-update packets and public clients show them),
// read defensively: numbers may come as strings, and unknown extra fields are ignored.

const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));

/** `{ status: "Ok" | "Not_Ok", message, result }`: IIFL signals business failures with HTTP 200 and Not_Ok. */
export const iiflEnvelopeSchema = z.object({
  status: z.string().optional(),
  message: z.string().nullish(),
  result: z.unknown().optional(),
});

export const iiflSessionSchema = z.object({ userSession: z.string().min(1) });

export const iiflPlacedSchema = z.object({ brokerOrderId: z.coerce.string().min(1) });

export const iiflOrderSchema = z.object({
  brokerOrderId: z.coerce.string().min(1),
  orderStatus: z.string().min(1),
  tradingSymbol: z.string().min(1),
  exchange: z.string().optional(),
  instrumentId: optionalText,
  transactionType: z.string().transform((side) => (side.toUpperCase().startsWith('B') ? 'BUY' : 'SELL')),
  orderType: z.string().transform((type) => type.toUpperCase()),
  product: z.string(),
  quantity: number,
  filledQuantity: optionalNumber,
  price: optionalNumber,
  slTriggerPrice: optionalNumber,
  averageTradedPrice: optionalNumber,
  rejectionReason: z.string().nullish(),
  orderTag: z.string().nullish(),
  exchangeUpdateTime: optionalText,
  brokerUpdateTime: optionalText,
});
export type IiflOrder = z.infer<typeof iiflOrderSchema>;

export const iiflPositionSchema = z.object({
  tradingSymbol: z.string(),
  instrumentId: optionalText,
  exchange: z.string().optional(),
  product: z.string(),
  netQuantity: number,
  buyQuantity: optionalNumber,
  sellQuantity: optionalNumber,
  buyValue: optionalNumber,
  sellValue: optionalNumber,
  buyAveragePrice: optionalNumber,
  sellAveragePrice: optionalNumber,
  netAveragePrice: optionalNumber,
  ltp: optionalNumber,
});
export type IiflPosition = z.infer<typeof iiflPositionSchema>;

export const iiflLimitsSchema = z.object({
  tradingLimit: number,
  utilizedMargin: optionalNumber,
});
