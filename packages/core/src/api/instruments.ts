import { z } from 'zod';
import { DERIVATIVES_EXCHANGES, UNDERLYING_EXCHANGES } from '../market/exchanges';
import { indexNameSchema } from '../market/indices';
import { isoDateSchema } from './common';

export const INSTRUMENT_TYPES = ['CE', 'PE', 'FUT', 'INDEX'] as const;
export const instrumentTypeSchema = z.enum(INSTRUMENT_TYPES);
export const optionTypeSchema = z.enum(['CE', 'PE']);
export const instrumentExchangeSchema = z.enum([...DERIVATIVES_EXCHANGES, ...UNDERLYING_EXCHANGES]);

/** One row of the instrument master (Kite's column names where the API keeps them). */
export const instrumentSchema = z.object({
  tradingsymbol: z.string(),
  /** Our stable id of the contract; orders refer to instruments by it. */
  internalToken: z.string(),
  /** Underlying index, e.g. NIFTY. */
  name: z.string(),
  /** Expiry date (IST), null for an index. */
  expiry: isoDateSchema.nullable(),
  /** 0 for futures and indices. */
  strike: z.number().nonnegative(),
  instrument_type: instrumentTypeSchema,
  /** Price in the daily instrument dump (not live). */
  last_price: z.number().nonnegative(),
  tick_size: z.number().nonnegative(),
  lot_size: z.number().int().nonnegative(),
  exchange: instrumentExchangeSchema,
  exchange_token: z.string(),
  /** Human label, e.g. `NIFTY 24 NOV 26000 CE`. */
  identifier: z.string(),
  /** e.g. NFO-OPT, BFO-OPT, NFO-FUT, INDICES. */
  segment: z.string(),
  /** Live last traded price when known. */
  ltp: z.number().nonnegative().nullable().optional(),
  /** Implied volatility (annualised fraction) when known. */
  iv: z.number().nonnegative().nullable().optional(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

/** filters of GET /instruments/getExpiryDates. */
export const expiryDatesFiltersSchema = z.object({ name: indexNameSchema });
/** data of GET /instruments/getExpiryDates. */
export const expiryDatesResponseSchema = z.object({ expiryDates: z.array(isoDateSchema) });

/** Query of GET /instruments/fetchLatestOptionOfIndex. */
export const latestOptionQuerySchema = z.object({
  name: indexNameSchema,
  segment: z.literal('indices').default('indices'),
});
/** data of GET /instruments/fetchLatestOptionOfIndex: the at-the-money call and put of the nearest expiry. */
export const latestOptionResponseSchema = z.object({ call: instrumentSchema, put: instrumentSchema });

/** filters of GET /instruments/getStrikes. */
export const strikesFiltersSchema = z.object({
  name: indexNameSchema,
  expiry: isoDateSchema,
  instrumentType: optionTypeSchema,
});
/** data of GET /instruments/getStrikes, ascending. */
export const strikesResponseSchema = z.object({ strikes: z.array(z.number().positive()) });

/** filters of GET /instruments/fetchInstrument. */
export const fetchInstrumentFiltersSchema = z.object({
  instrumentType: instrumentTypeSchema,
  name: indexNameSchema,
  strike: z.number().nonnegative(),
  expiry: isoDateSchema,
  exchange: z.enum(DERIVATIVES_EXCHANGES).optional(),
});
export const fetchInstrumentResponseSchema = z.object({ instrument: instrumentSchema });

/** filters of GET /instruments/search; every filter optional. */
export const instrumentSearchFiltersSchema = z.object({
  /** Free text matched against identifier and trading symbol. */
  identifier: z.string().trim().max(100).optional(),
  instrumentType: z.array(instrumentTypeSchema).optional(),
  segment: z.array(z.string()).optional(),
  underlying: z.array(z.string()).optional(),
});
/** Paging of GET /instruments/search: zero-based page, limit default 20. */
export const instrumentSearchPagingSchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** data of GET /instruments/search; `next` is false on the last page. */
export const instrumentSearchResponseSchema = z.object({
  instruments: z.array(instrumentSchema),
  next: z.boolean(),
});

export type InstrumentSearchFilters = z.infer<typeof instrumentSearchFiltersSchema>;
export type LatestOptionResponse = z.infer<typeof latestOptionResponseSchema>;
export type InstrumentSearchResponse = z.infer<typeof instrumentSearchResponseSchema>;
