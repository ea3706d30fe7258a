import { z } from 'zod';
import { formatNumber } from '../format/format';
import { isIsoDate } from '../market/dates';
import { MAX_PRICE, MIN_PRICE, ORDER_MESSAGES } from '../orders/constants';
import { isOnTickGrid, roundToTick } from '../orders/price-rules';

// Building blocks of the API schemas. zod 4's z.number() already refuses NaN and +/-Infinity, so every number
// that crosses the wire is finite.

/** `YYYY-MM-DD`, an existing calendar date. */
export const isoDateSchema = z.string().refine(isIsoDate, { error: 'Expected a date as YYYY-MM-DD' });

/** ISO 8601 date-time with an offset or Z, e.g. `2026-11-22T09:15:00.000Z`. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A non-empty identifier (order ids, tokens, symbols). */
export const idSchema = z.string().trim().min(1).max(128);

/**
 * Units of one order: a positive safe integer (zod 4's int() refuses integers beyond 2^53, where arithmetic stops
 * being exact). How much one order may carry is a per-index rule (freeze slices) the server checks.
 */
export const quantitySchema = z
  .number({ error: ORDER_MESSAGES.quantityNotPositive })
  .int('Quantity must be a whole number')
  .positive(ORDER_MESSAGES.quantityNotPositive);

/** What a number on the tick grid must be, and what each failure says. */
export interface TickBounds {
  min: number;
  max: number;
  belowMin: string;
  aboveMax: string;
  offTick: string;
}

// Compared in whole micro-rupees, so a float artefact just below a bound (0.049999999999999996) still meets it.
const micros = (value: number) => Math.round(value * 1_000_000);

/** A value on the 0.05 tick grid from `min` to `max`, checked only (for response schemas, which cannot transform). */
export const onTickChecks = ({ min, max, belowMin, aboveMax, offTick }: TickBounds) =>
  z
    .number()
    .refine((value) => micros(value) >= micros(min), { error: belowMin, abort: true })
    .refine((value) => micros(value) <= micros(max), { error: aboveMax, abort: true })
    .refine((value) => isOnTickGrid(value), { error: offTick });

/**
 * A value on the 0.05 tick grid from `min` to `max`, as stored: a float artefact such as 0.1 + 0.2
 * (0.30000000000000004) is read as the tick it means (0.3); a value between ticks (10.03) is refused.
 */
export const onTickSchema = (bounds: TickBounds) =>
  onTickChecks(bounds).transform((value) => roundToTick(value));

/** An order price: at least 0.05, at most MAX_PRICE, on the 0.05 tick grid (float artefacts normalised). */
export const priceSchema = onTickSchema({
  min: MIN_PRICE,
  max: MAX_PRICE,
  belowMin: ORDER_MESSAGES.invalidPrice,
  aboveMax: `Price must be at most ${formatNumber(MAX_PRICE)}`,
  offTick: `Price must be a multiple of ${MIN_PRICE}`,
});

/** Market protection as the API carries it: a fraction from 0 to 0.1 (10%). */
export const marketProtectionFractionSchema = z.number().min(0).max(0.1);

/** The `{ enabled, percentage }` market-protection setting; percentage 0-10. */
export const marketProtectionSettingSchema = z.object({
  enabled: z.boolean(),
  percentage: z.number().min(0).max(10),
});

/**
 * A query parameter carrying JSON (`?filters={"name":"NIFTY"}`), parsed and then validated by
 * `schema`. Malformed JSON is a validation issue, never an exception.
 */
export const jsonQueryParam = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Expected JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
