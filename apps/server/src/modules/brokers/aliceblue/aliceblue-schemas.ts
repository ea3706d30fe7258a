import { z } from 'zod';
import {
  openApiEnvelopeSchema,
  openApiLimitsSchema,
  openApiOrderFields,
  openApiPositionFields,
} from '../live-kit/open-api-schemas';
import { optionalNumber, optionalText } from '../live-kit/read';

// AliceBlue open-api (V2) shapes, with AliceBlue's own field names, read leniently: numbers may come as strings and
// unknown extra fields are ignored. The fields it shares with IIFL Capital are the kit's (live-kit/open-api-schemas.ts).

/** AliceBlue's failures come as HTTP 200 with a status other than Ok, the message often a bare code (`EC912`). */
export const aliceEnvelopeSchema = openApiEnvelopeSchema;

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

export const aliceOrderSchema = openApiOrderFields.extend({
  tradingSymbol: optionalText,
  formattedInstrumentName: optionalText,
  orderType: z
    .string()
    .nullish()
    .transform((type) => (type ?? '').toUpperCase()),
  product: z
    .string()
    .nullish()
    .transform((product) => product ?? ''),
  orderTime: optionalText,
});
export type AliceOrder = z.infer<typeof aliceOrderSchema>;

export const alicePositionSchema = openApiPositionFields.extend({
  tradingSymbol: optionalText,
  dayBuyPrice: optionalNumber,
  daySellPrice: optionalNumber,
});
export type AlicePosition = z.infer<typeof alicePositionSchema>;

/** `GET /limits/`: the first item of `result`. */
export const aliceLimitsSchema = openApiLimitsSchema;
