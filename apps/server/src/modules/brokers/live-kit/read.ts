import { z } from 'zod';

// Lenient readers for what brokers send: numbers may come as strings, an empty or null number means none, and a
// field that changed shape becomes a clear parse error rather than a NaN.

export const number = z.coerce.number().refine(Number.isFinite, 'must be a finite number');

export const optionalNumber = z
  .union([z.null(), z.literal(''), number])
  .optional()
  .transform((value) => (typeof value === 'number' ? value : undefined));

/** A text field that may come as a number or null; absent when empty-handed. */
export const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));
