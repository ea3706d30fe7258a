import { z } from 'zod';
import { indexNameSchema } from '../market/indices';
import { brokerProductSchema, exchangeSchema, productTypeSchema } from './orders';

/** One net position. Quantity is negative for a short. */
export const positionSchema = z.object({
  internalToken: z.string(),
  tradingSymbol: z.string(),
  exchange: exchangeSchema,
  index: indexNameSchema,
  identifier: z.string(),
  product: brokerProductSchema,
  productType: productTypeSchema,
  quantity: z.number().int(),
  buyQuantity: z.number().int().nonnegative(),
  sellQuantity: z.number().int().nonnegative(),
  /** Rupees bought and sold; P&L = sellValue - buyValue + ltp x quantity. */
  buyValue: z.number(),
  sellValue: z.number(),
  /** Average price of the open quantity (0 when flat). */
  price: z.number(),
  lastTradedPrice: z.number(),
  /** Per-unit delta of the instrument and its NIFTY-equivalent, when known. */
  delta: z.number().nullable(),
  relativeDelta: z.number().nullable(),
  /** Charges of the day's fills in rupees (Practice Mode); absent when the broker does not report them. */
  charges: z.number().optional(),
});
export type Position = z.infer<typeof positionSchema>;

/** data of GET /portfolio/positions: the list, and the same positions by index then trading symbol. */
export const positionsResponseSchema = z.object({
  positions: z.object({
    netPosition: z.array(positionSchema),
    /** The positions of each index, keyed by `positionKey` (`SYMBOL|product`). */
    byIndex: z.partialRecord(indexNameSchema, z.record(z.string(), positionSchema)),
  }),
});
export type PositionsResponse = z.infer<typeof positionsResponseSchema>;

/** data of GET /portfolio/margin (funds). */
export const marginSchema = z.object({
  total: z.number(),
  available: z.number(),
  utilized: z.number(),
  /** The day's charges in rupees, already out of `total` (Practice Mode); absent when the broker does not report them. */
  charges: z.number().optional(),
});
export type Margin = z.infer<typeof marginSchema>;
