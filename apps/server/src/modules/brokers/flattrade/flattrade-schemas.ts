import { z } from 'zod';
import { number, optionalNumber, optionalText } from '../live-kit/read';

// Flattrade's Pi API (Noren OMS) answers, by the field names Noren uses. Numbers come as strings; extra fields are
// ignored. A refusal is `{stat: "Not_Ok", emsg}`; a book with nothing in it is also Not_Ok ("no data").

/** Every answer that is not a list: `stat` Ok or Not_Ok, `emsg` on refusals. */
export const norenStatusSchema = z.object({
  stat: z.string(),
  emsg: z.string().nullish(),
});

/** `POST /trade/apitoken`: the day's token (Noren's `jKey`) and the client id it belongs to. */
export const flattradeTokenSchema = z.object({
  token: z.string().min(1),
  client: z.string().min(1),
});

/** `PlaceOrder`: the order number Noren gave the order. */
export const flattradePlacedSchema = z.object({ norenordno: z.coerce.string().min(1) });

/** One row of `OrderBook`. */
export const flattradeOrderSchema = z.object({
  norenordno: z.coerce.string().min(1),
  status: z.string().min(1),
  exch: z.string(),
  tsym: z.string(),
  token: optionalText,
  trantype: z.string().transform((side) => (side.toUpperCase().startsWith('B') ? 'B' : 'S')),
  prctyp: z.string(),
  prd: z.string(),
  qty: number,
  fillshares: optionalNumber,
  avgprc: optionalNumber,
  prc: optionalNumber,
  trgprc: optionalNumber,
  rejreason: z.string().nullish(),
  remarks: z.string().nullish(),
  /** When Noren last changed the order: `HH:MM:SS DD-MM-YYYY` (IST). */
  norentm: optionalText,
  /** When the exchange last changed it: `DD-MM-YYYY HH:MM:SS` (IST). */
  exch_tm: optionalText,
});
export type FlattradeOrderRow = z.infer<typeof flattradeOrderSchema>;

/** One row of `PositionBook` (day and carried-forward legs are separate fields). */
export const flattradePositionSchema = z.object({
  exch: z.string(),
  tsym: z.string(),
  token: optionalText,
  prd: z.string(),
  netqty: number,
  daybuyqty: optionalNumber,
  daysellqty: optionalNumber,
  cfbuyqty: optionalNumber,
  cfsellqty: optionalNumber,
  daybuyamt: optionalNumber,
  daysellamt: optionalNumber,
  cfbuyamt: optionalNumber,
  cfsellamt: optionalNumber,
  netavgprc: optionalNumber,
  lp: optionalNumber,
});
export type FlattradePosition = z.infer<typeof flattradePositionSchema>;

/** `Limits`: cash and pay-in less the margin in use is what can still be traded. */
export const flattradeLimitsSchema = z.object({
  cash: number,
  payin: optionalNumber,
  marginused: optionalNumber,
});
export type FlattradeLimits = z.infer<typeof flattradeLimitsSchema>;
