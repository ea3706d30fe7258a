import { z } from 'zod';

// Practice Mode's own reads: charges of the paper orders and the day-end summaries. Money in rupees.

/** One paper order's charges, itemised as a contract note does. */
export const orderChargesSchema = z.object({
  /** Our order id (the client order id the order was placed with); null for the exchange's own square-off orders. */
  orderId: z.string().nullable(),
  brokerOrderId: z.string(),
  tradingSymbol: z.string(),
  brokerage: z.number(),
  stt: z.number(),
  exchange: z.number(),
  sebi: z.number(),
  stamp: z.number(),
  gst: z.number(),
  total: z.number(),
});
export type OrderCharges = z.infer<typeof orderChargesSchema>;

/** data of GET /broker/papertrade/charges: the charges of every executed paper order of the user. */
export const orderChargesResponseSchema = z.object({ orders: z.array(orderChargesSchema) });
export type OrderChargesResponse = z.infer<typeof orderChargesResponseSchema>;

/** One Practice Mode day, as the square-off summed it up. */
export const daySummarySchema = z.object({
  /** IST trading date, YYYY-MM-DD. */
  day: z.string(),
  trades: z.number().int().nonnegative(),
  gross: z.number(),
  charges: z.number(),
  net: z.number(),
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  /** wins / (wins + losses) as a percentage; null when no position was won or lost. */
  winRate: z.number().nullable(),
  /** Net P&L of the day's worst position (0 when none lost). */
  largestLoss: z.number(),
});
export type DaySummary = z.infer<typeof daySummarySchema>;

/** data of GET /broker/papertrade/day-summaries: the user's days, latest first. */
export const daySummariesResponseSchema = z.object({ days: z.array(daySummarySchema) });
export type DaySummariesResponse = z.infer<typeof daySummariesResponseSchema>;
