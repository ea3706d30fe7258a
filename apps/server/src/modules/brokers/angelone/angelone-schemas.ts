import { z } from 'zod';
import { number, optionalNumber, optionalText } from '../live-kit/read';

// Angel One SmartAPI shapes, with the broker's own field names (all lower case, numbers often sent as strings),
// read defensively: unknown extra fields are ignored and a changed shape is a clear parse error.

/**
 * SmartAPI answers `{status, message, errorcode, data}` (business failures with HTTP 200 and `status: false`); its
 * gateway answers a dead token as `{success: false, message, errorCode, data}`. Both are read here.
 */
export const angelEnvelopeSchema = z.object({
  status: z.union([z.boolean(), z.string()]).optional(),
  success: z.union([z.boolean(), z.string()]).optional(),
  message: z.string().nullish(),
  errorcode: z.string().nullish(),
  errorCode: z.string().nullish(),
  data: z.unknown().optional(),
});
export type AngelEnvelope = z.infer<typeof angelEnvelopeSchema>;

/** `getProfile`'s data: who the token belongs to. */
export const angelProfileSchema = z.object({
  clientcode: z.string().min(1),
  name: z.string().nullish(),
});

/** `placeOrder`'s data. */
export const angelPlacedSchema = z.object({
  orderid: z.coerce.string().min(1),
  uniqueorderid: optionalText,
});

/** One row of `getOrderBook`. */
export const angelOrderSchema = z.object({
  orderid: z.coerce.string().min(1),
  variety: z.string(),
  ordertype: z.string(),
  producttype: z.string(),
  tradingsymbol: z.string(),
  symboltoken: optionalText,
  exchange: z.string(),
  transactiontype: z.string().transform((side) => (side.toUpperCase().startsWith('B') ? 'BUY' : 'SELL')),
  quantity: number,
  price: optionalNumber,
  triggerprice: optionalNumber,
  averageprice: optionalNumber,
  filledshares: optionalNumber,
  unfilledshares: optionalNumber,
  /** The order's state in words (`open`, `trigger pending`, `complete`, ...); `orderstatus` is the same word. */
  status: z.string(),
  orderstatus: z.string().nullish(),
  /** Why the order was rejected or cancelled, in the exchange's or Angel One's words. */
  text: z.string().nullish(),
  ordertag: z.string().nullish(),
  uniqueorderid: optionalText,
  updatetime: optionalText,
  exchorderupdatetime: optionalText,
});
export type AngelOrder = z.infer<typeof angelOrderSchema>;

/** One row of `getPosition` (quantities in units; amounts in rupees). */
export const angelPositionSchema = z.object({
  exchange: z.string(),
  symboltoken: z.coerce.string(),
  producttype: z.string(),
  tradingsymbol: z.string(),
  netqty: number,
  buyqty: optionalNumber,
  sellqty: optionalNumber,
  buyamount: optionalNumber,
  sellamount: optionalNumber,
  avgnetprice: optionalNumber,
  ltp: optionalNumber,
});
export type AngelPosition = z.infer<typeof angelPositionSchema>;

/** `getRMS`'s data: `net` is what the account can still use, `utiliseddebits` what is blocked. */
export const angelRmsSchema = z.object({
  net: number,
  availablecash: optionalNumber,
  utiliseddebits: optionalNumber,
});
export type AngelRms = z.infer<typeof angelRmsSchema>;

/** One entry of the published scrip master (OpenAPIScripMaster.json): every field is a string. */
export const angelScripSchema = z.object({
  token: z.coerce.string(),
  symbol: z.string(),
  name: z.string(),
  /** `24NOV2026` (day, month, four-digit year); empty for cash instruments. */
  expiry: z.string(),
  /** Strike times 100 (`2600000.000000` is 26000); `-1` for futures. */
  strike: z.coerce.string(),
  lotsize: z.coerce.string(),
  /** `OPTIDX`, `FUTIDX`, ... */
  instrumenttype: z.string(),
  /** `NFO`, `BFO`, ... */
  exch_seg: z.string(),
});
export type AngelScrip = z.infer<typeof angelScripSchema>;
