import fc from 'fast-check';
import { hostileKey, hostileValue } from './hostile-values';

/** The part of JSON Schema the routes' zod schemas turn into (see the app's OpenAPI document). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
}

/** Real values for fields of these names (an instrument token the catalog knows), so bodies get past look-ups. */
export type KnownValues = Readonly<Record<string, readonly unknown[]>>;

/** Strings for the patterns the routes use; a pattern not listed gets arbitrary text. */
function patternedString(pattern: string): fc.Arbitrary<string> {
  const digits = /^\^\\d\{(\d+)\}\$$/.exec(pattern);
  if (digits) return fc.stringMatching(new RegExp(pattern));
  if (pattern.includes('@')) return fc.emailAddress();
  return fc.stringMatching(new RegExp(pattern)).filter((text) => text.length < 300);
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return patternedString(schema.pattern);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 256, minLength + 256);
  // fast-check favours short strings; the lengths at and just past the bounds are where limits slip.
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, size: 'max' }),
    fc
      .constantFrom(minLength, maxLength, maxLength + 1, Math.max(0, minLength - 1))
      .map((length) => 'a'.repeat(length)),
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusive = schema.exclusiveMinimum === true;
  const low = schema.minimum ?? -1e6;
  const min = exclusive ? low + (integer ? 1 : 1e-6) : low;
  const max = schema.maximum ?? 1e6;
  const edges = fc.constantFrom(min, max, min - 1, max + 1, 0);
  if (integer) {
    return fc.oneof(
      edges,
      fc.integer({
        min: Math.max(min, Number.MIN_SAFE_INTEGER),
        max: Math.min(max, Number.MAX_SAFE_INTEGER),
      }),
    );
  }
  return fc.oneof(edges, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** A value the schema accepts (or close to it: patterns outside the known list may miss). */
export function validValue(
  schema: JsonSchema | undefined,
  depth = 0,
  known: KnownValues = {},
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((member) => validValue(member, depth + 1, known)));
  if (schema.allOf?.length) return validValue(schema.allOf[0], depth + 1, known);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items, depth + 1, known), { maxLength: 4 });
    case 'object':
      return validObject(schema, depth, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(
  schema: JsonSchema,
  depth: number,
  known: KnownValues,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0 && typeof schema.additionalProperties === 'object') {
    // A record's allowed keys do not survive into JSON Schema: any text, and now and then a hostile key.
    const key = fc.oneof(
      { arbitrary: fc.string({ maxLength: 12 }), weight: 4 },
      { arbitrary: hostileKey, weight: 1 },
    );
    return fc.dictionary(key, validValue(schema.additionalProperties, depth + 1, known), {
      maxKeys: 4,
    });
  }
  const shape = Object.fromEntries(keys.map((key) => [key, fieldValue(key, properties[key], depth, known)]));
  return fc.record(shape, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A field's value: mostly a real one where the field's name has known values, else one from its schema. */
export function fieldValue(
  name: string,
  schema: JsonSchema | undefined,
  depth: number,
  known: KnownValues,
): fc.Arbitrary<unknown> {
  const generated = validValue(schema, depth + 1, known);
  const real = known[name];
  if (!real?.length) return generated;
  return fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, { arbitrary: generated, weight: 1 });
}

/** One way to spoil a valid object: a field dropped, a field of the wrong kind, an extra hostile key. */
type Spoil =
  | { kind: 'drop'; index: number }
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'add'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

const spoil: fc.Arbitrary<Spoil> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }),
  {
    arbitrary: fc.record({ kind: fc.constant('replace' as const), index: fc.nat(), value: hostileValue }),
    weight: 4,
  },
  fc.record({ kind: fc.constant('add' as const), key: hostileKey, value: hostileValue }),
  fc.record({ kind: fc.constant('whole' as const), value: hostileValue }),
);

/** Sets `key` as an own property even when it is `__proto__` (a plain assignment would set the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function applySpoil(value: unknown, schema: JsonSchema, how: Spoil): unknown {
  if (how.kind === 'whole') return how.value;
  const keys = Object.keys(schema.properties ?? {});
  const base: Record<string, unknown> =
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {};
  if (how.kind === 'add') {
    setOwn(base, how.key, how.value);
    return base;
  }
  if (keys.length === 0) return how.kind === 'replace' ? how.value : base;
  const key = keys[how.index % keys.length] ?? '';
  if (how.kind === 'drop') delete base[key];
  else setOwn(base, key, how.value);
  return base;
}

/**
 * Bodies for a route: mostly a valid object with one or two spoils, sometimes a plain valid one (so the
 * handler's own checks run too).
 */
export function fuzzedValue(schema: JsonSchema | undefined, known: KnownValues = {}): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(hostileValue, fc.constant(undefined), fc.jsonValue({ maxDepth: 3 }));
  return fc.oneof(
    { arbitrary: validValue(schema, 0, known), weight: 2 },
    {
      arbitrary: fc
        .tuple(validValue(schema, 0, known), fc.array(spoil, { minLength: 1, maxLength: 2 }))
        .map(([value, spoils]) => spoils.reduce((current, how) => applySpoil(current, schema, how), value)),
      weight: 3,
    },
  );
}
