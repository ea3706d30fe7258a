import { z } from 'zod';
import { CANDLE_INTERVALS } from '../market/candles';

/** Most candles one GET /market/candles answer carries. */
export const MAX_CANDLES_PER_REQUEST = 1_000;

/** Query of GET /market/candles: a contract (or index) symbol, the interval, and the oldest bucket wanted. */
export const candlesQuerySchema = z.object({
  symbol: z.string().trim().min(1, 'symbol is required').max(64, 'symbol is too long'),
  interval: z.enum(CANDLE_INTERVALS, { message: 'interval must be 1s or 1m' }),
  /** Epoch ms; omitted: as far back as kept. */
  from: z.coerce
    .number({ message: 'from must be epoch milliseconds' })
    .int('from must be epoch milliseconds')
    .nonnegative('from must be epoch milliseconds')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_CANDLES_PER_REQUEST, `limit must be at most ${MAX_CANDLES_PER_REQUEST}`)
    .optional(),
});
export type CandlesQuery = z.infer<typeof candlesQuerySchema>;

const candleSchema = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});

/** data of GET /market/candles: oldest first. */
export const candlesResponseSchema = z.object({
  symbol: z.string(),
  interval: z.enum(CANDLE_INTERVALS),
  candles: z.array(candleSchema),
});
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;
