import { z } from 'zod';
import { isIsoDate } from '../market/dates';
import { MIN_PRICE, ORDER_MESSAGES } from '../orders/constants';
import { isOnTickGrid, isValidOrderPrice } from '../orders/price-rules';

// Building blocks of the API schemas. zod 4's z.number() already refuses NaN and +/-Infinity, so every number
// that crosses the wire is finite.

/** `YYYY-MM-DD`, an existing calendar date. */
export const isoDateSchema = z.string().refine(isIsoDate, { error: 'Expected a date as YYYY-MM-DD' });

/** ISO 8601 date-time with an offset or Z, e.g. `2026-11-22T09:15:00.000Z`. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A non-empty identifier (order ids, tokens, symbols). */
export const idSchema = z.string().trim().min(1).max(128);

export const quantitySchema = z
  .number({ error: ORDER_MESSAGES.quantityNotPositive })
  .int('Quantity must be a whole number')
  .positive(ORDER_MESSAGES.quantityNotPositive);

/** An order price: at least 0.05 and on the 0.05 tick grid. */
export const priceSchema = z
  .number()
  .refine(isValidOrderPrice, { error: ORDER_MESSAGES.invalidPrice, abort: true })
  .refine((price) => isOnTickGrid(price), { error: `Price must be a multiple of ${MIN_PRICE}` });

/** A finite amount of rupees, any sign (P&L, values). */
export const moneySchema = z.number();

/** Market protection as the API carries it: a fraction from 0 to 0.1 (10%). */
export const marketProtectionFractionSchema = z.number().min(0).max(0.1);

/** The `{ enabled, percentage }` market-protection setting; percentage 0-10. */
export const marketProtectionSettingSchema = z.object({
  enabled: z.boolean(),
  percentage: z.number().min(0).max(10),
});

/**
 * A query parameter carrying JSON (`?filters={"name":"NIFTY"}`, SPEC section 7), parsed and then validated by
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
