import { z } from 'zod';
import { number, optionalNumber } from '../live-kit/read';

// DhanHQ v2 shapes, with Dhan's own field names (including its `availabelBalance` spelling), read leniently:
// numbers may come as strings and unknown extra fields are ignored.

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));

/** Every DhanHQ failure: `{errorType, errorCode, errorMessage}` (codes DH-901 ... DH-910). */
export const dhanErrorSchema = z.object({
  errorType: text,
  errorCode: text,
  errorMessage: text,
});
export type DhanErrorBody = z.infer<typeof dhanErrorSchema>;

/** `POST /app/generate-consent`: the consent the browser login continues. */
export const dhanConsentSchema = z.object({
  consentAppId: z.string().min(1),
  consentAppStatus: z.string().optional(),
});

/** `GET /app/consumeApp-consent`: the user's access token, its expiry and who logged in. */
export const dhanSessionSchema = z.object({
  dhanClientId: z.coerce.string().min(1),
  dhanClientName: z.string().nullish(),
  accessToken: z.string().min(1),
  expiryTime: z.string().nullish(),
});
export type DhanSessionGrant = z.infer<typeof dhanSessionSchema>;

/** Place, modify and cancel all answer `{orderId, orderStatus}`. */
export const dhanOrderAckSchema = z.object({
  orderId: z.coerce.string().min(1),
  orderStatus: z.string().optional(),
});

export const dhanOrderSchema = z.object({
  orderId: z.coerce.string().min(1),
  correlationId: text,
  orderStatus: z.string().min(1),
  transactionType: z.string(),
  exchangeSegment: z.string().optional(),
  productType: z.string(),
  orderType: z.string(),
  validity: z.string().optional(),
  tradingSymbol: text,
  securityId: z.coerce.string(),
  quantity: number,
  filledQty: optionalNumber,
  remainingQuantity: optionalNumber,
  price: optionalNumber,
  triggerPrice: optionalNumber,
  averageTradedPrice: optionalNumber,
  createTime: text,
  updateTime: text,
  exchangeTime: text,
  omsErrorCode: text,
  omsErrorDescription: text,
});
export type DhanOrder = z.infer<typeof dhanOrderSchema>;

export const dhanPositionSchema = z.object({
  tradingSymbol: text,
  securityId: z.coerce.string(),
  positionType: z.string().optional(),
  exchangeSegment: z.string().optional(),
  productType: z.string(),
  buyAvg: optionalNumber,
  buyQty: optionalNumber,
  sellAvg: optionalNumber,
  sellQty: optionalNumber,
  netQty: number,
  costPrice: optionalNumber,
  realizedProfit: optionalNumber,
  unrealizedProfit: optionalNumber,
  multiplier: optionalNumber,
  dayBuyValue: optionalNumber,
  daySellValue: optionalNumber,
});
export type DhanPosition = z.infer<typeof dhanPositionSchema>;

/** `GET /fundlimit`. Dhan spells the available balance `availabelBalance`; the corrected spelling is read too. */
export const dhanFundsSchema = z
  .object({
    availabelBalance: optionalNumber,
    availableBalance: optionalNumber,
    utilizedAmount: optionalNumber,
  })
  .transform((funds) => ({
    available: funds.availabelBalance ?? funds.availableBalance,
    utilized: funds.utilizedAmount ?? 0,
  }))
  .refine((funds) => funds.available !== undefined, 'no available balance')
  .transform((funds) => ({ available: funds.available as number, utilized: funds.utilized }));
export type DhanFunds = z.infer<typeof dhanFundsSchema>;
