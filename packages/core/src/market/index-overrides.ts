import { z } from 'zod';
import { INDEX_NAMES, type IndexInfo, type IndexName, type IndexTable, indexNameSchema } from './indices';

// Lot sizes are revised twice a year and freeze limits monthly (reference C.1), so a deployment overrides them
// from a JSON file instead of waiting for a release. Unknown keys are refused so that a typo is not ignored.
const positiveInt = z.number().int().positive();

export const indexOverrideSchema = z.strictObject({
  lotSize: positiveInt.optional(),
  freezeQty: positiveInt.optional(),
  strikeStep: positiveInt.optional(),
  referenceSpot: z.number().positive().optional(),
  annualVol: z.number().positive().max(5).optional(),
});

/** `{ "NIFTY": { "lotSize": 75, "freezeQty": 1800 }, ... }`; every index is optional. */
export const indexOverridesSchema = z.partialRecord(indexNameSchema, indexOverrideSchema);

export type IndexOverride = z.infer<typeof indexOverrideSchema>;
export type IndexOverrides = z.infer<typeof indexOverridesSchema>;

export interface IndexOverrideError {
  code: 'invalid_index_override';
  message: string;
}

export type ApplyIndexOverridesResult =
  | { ok: true; table: IndexTable }
  | { ok: false; errors: IndexOverrideError[] };

const mergeOne = (info: Readonly<IndexInfo>, override: IndexOverride | undefined): IndexInfo => {
  const merged: IndexInfo = { ...info };
  if (!override) return merged;
  for (const [key, value] of Object.entries(override) as [keyof IndexOverride, number | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
};

/**
 * Merges validated overrides into a table without mutating it. Refuses a result in which an index could not
 * take even one lot in a single order (freeze below the lot size).
 */
export const applyIndexOverrides = (
  table: IndexTable,
  overrides: IndexOverrides,
): ApplyIndexOverridesResult => {
  const merged = {} as Record<IndexName, IndexInfo>;
  const errors: IndexOverrideError[] = [];
  for (const name of INDEX_NAMES) {
    const info = mergeOne(table[name], overrides[name]);
    if (info.freezeQty < info.lotSize) {
      errors.push({
        code: 'invalid_index_override',
        message: `${name}: freezeQty ${info.freezeQty} is below lotSize ${info.lotSize}`,
      });
    }
    merged[name] = info;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, table: merged };
};
