/**
 * Typed reads of stored order columns. A value outside its list means a corrupt or foreign row: reading it must
 * fail loudly, naming the row and column, rather than let an unknown status or side flow into the engine. Each
 * check is a Set lookup or a few `typeof`s, cheap enough for every row the order path reads.
 */

/** Where a bad value was found, for the error message. */
export type RowPlace = Readonly<{ table: string; id: string }>;

export class CorruptRowError extends Error {
  constructor(place: RowPlace, column: string, value: unknown) {
    super(
      `${place.table} row ${place.id}: column ${column} holds ${JSON.stringify(value)}, which is not a valid value`,
    );
    this.name = 'CorruptRowError';
  }
}

/** A reader for a text column whose values come from a closed list. */
export function oneOf<const T extends string>(column: string, values: readonly T[]) {
  const allowed: ReadonlySet<string> = new Set(values);
  const isAllowed = (value: string): value is T => allowed.has(value);
  return (place: RowPlace, value: string): T => {
    if (isAllowed(value)) return value;
    throw new CorruptRowError(place, column, value);
  };
}

/** The same, for a nullable column. */
export function oneOfOrNull<const T extends string>(column: string, values: readonly T[]) {
  const read = oneOf(column, values);
  return (place: RowPlace, value: string | null): T | null => (value === null ? null : read(place, value));
}

/** Parses a JSON column and checks its shape with `isShape`. */
export function jsonOf<T>(column: string, isShape: (value: unknown) => value is T) {
  return (place: RowPlace, text: string): T => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new CorruptRowError(place, column, text);
    }
    if (isShape(value)) return value;
    throw new CorruptRowError(place, column, value);
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Optional key check: absent, or of the given `typeof`. */
export const optional = (
  value: Record<string, unknown>,
  key: string,
  type: 'boolean' | 'number' | 'string' | 'object',
): boolean => value[key] === undefined || typeof value[key] === type;
