import { z } from 'zod';
import { number, optionalNumber, optionalText } from './read';

// IIFL Capital's API v1 and AliceBlue's open-api (V2) are one family: the same `{status, message, result}` envelope
// and the same field names for an order, a position and the limits. The shared fields are read here; each broker
// extends them with the fields where it differs (how strict its symbol is, which timestamps it sends).

/** `{ status: "Ok" | "Not_Ok", message, result }`: business failures come as HTTP 200 with a status other than Ok. */
export const openApiEnvelopeSchema = z.object({
  status: z.string().optional(),
  message: z.string().nullish(),
  result: z.unknown().optional(),
});

/** The order fields both brokers send. */
export const openApiOrderFields = z.object({
  brokerOrderId: z.coerce.string().min(1),
  orderStatus: z.string().min(1),
  exchange: z.string().optional(),
  instrumentId: optionalText,
  transactionType: z.string().transform((side) => (side.toUpperCase().startsWith('B') ? 'BUY' : 'SELL')),
  quantity: number,
  filledQuantity: optionalNumber,
  price: optionalNumber,
  slTriggerPrice: optionalNumber,
  averageTradedPrice: optionalNumber,
  rejectionReason: z.string().nullish(),
  orderTag: z.string().nullish(),
  exchangeUpdateTime: optionalText,
});

/** The net-position fields both brokers send. */
export const openApiPositionFields = z.object({
  instrumentId: optionalText,
  exchange: z.string().optional(),
  product: z.string(),
  netQuantity: number,
  buyQuantity: optionalNumber,
  sellQuantity: optionalNumber,
  buyValue: optionalNumber,
  sellValue: optionalNumber,
  netAveragePrice: optionalNumber,
  ltp: optionalNumber,
});

/** The limits: available trading limit and utilised margin. */
export const openApiLimitsSchema = z.object({
  tradingLimit: number,
  utilizedMargin: optionalNumber,
});
