import { z } from 'zod';
import {
  openApiEnvelopeSchema,
  openApiLimitsSchema,
  openApiOrderFields,
  openApiPositionFields,
} from '../live-kit/open-api-schemas';
import { optionalNumber, optionalText } from '../live-kit/read';

// IIFL Capital API v1 shapes (field names as IIFL's order-update packets and public clients show them), read
// defensively: numbers may come as strings, and unknown extra fields are ignored. The fields IIFL shares with
// AliceBlue's open-api are the kit's (live-kit/open-api-schemas.ts).

/** IIFL signals business failures with HTTP 200 and Not_Ok. */
export const iiflEnvelopeSchema = openApiEnvelopeSchema;

export const iiflSessionSchema = z.object({ userSession: z.string().min(1) });

export const iiflPlacedSchema = z.object({ brokerOrderId: z.coerce.string().min(1) });

export const iiflOrderSchema = openApiOrderFields.extend({
  tradingSymbol: z.string().min(1),
  orderType: z.string().transform((type) => type.toUpperCase()),
  product: z.string(),
  brokerUpdateTime: optionalText,
});
export type IiflOrder = z.infer<typeof iiflOrderSchema>;

export const iiflPositionSchema = openApiPositionFields.extend({
  tradingSymbol: z.string(),
  buyAveragePrice: optionalNumber,
  sellAveragePrice: optionalNumber,
});
export type IiflPosition = z.infer<typeof iiflPositionSchema>;

export const iiflLimitsSchema = openApiLimitsSchema;

/** One row of `POST /marketdata/marketquotes`: IIFL sends `instrumentId` as a number, `ltp` and `close` (previous). */
export const iiflQuoteSchema = z.object({
  instrumentId: z.union([z.string().min(1), z.number()]).transform(String),
  ltp: optionalNumber,
  close: optionalNumber,
});
export type IiflQuote = z.infer<typeof iiflQuoteSchema>;
