import fc from 'fast-check';

/**
 * Values no route should accept where it expects something else, and that have crashed or exhausted servers
 * before: wrong types, huge and non-finite numbers, huge and odd strings, deep nesting, prototype-pollution keys.
 */

/** Deeply nested arrays and objects, built directly (fast-check's own recursion stays shallow). */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const hugeNumbers = fc.constantFrom(
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  -1e21,
  0,
  -0,
  -1,
  0.000001,
  2 ** 31,
  2 ** 53,
  -(2 ** 63),
);

/** Strings that look like numbers or special values to a lax parser. */
const trickyStrings = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  'null',
  'undefined',
  'true',
  '',
  ' ',
  '\u0000',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; drop table orders; --',
  '<script>alert(1)</script>',
  `\${7*7}`,
  '%00',
  '\uD800',
  '\u202E\u0041\u0301',
  '𝕏🚀👨‍👩‍👧‍👦',
  '__proto__',
  'constructor',
);

const hugeStrings = fc.oneof(
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'x'.repeat(length)),
  fc.integer({ min: 100, max: 20_000 }).map((length) => '𝕏'.repeat(length)),
);

const deepNesting = fc.oneof(
  // Deeper nesting goes out as raw text (see rawBadBody): the test's own JSON.stringify would overflow first.
  fc.integer({ min: 50, max: 1_000 }).map((depth) => nested(depth, 'array')),
  fc.integer({ min: 50, max: 1_000 }).map((depth) => nested(depth, 'object')),
);

/** An object carrying keys that pollute prototypes when merged naively. */
/** Thousands of fields: work per key in validation, and an answer that might list them all. */
const manyKeys = fc
  .integer({ min: 100, max: 10_000 })
  .map((count) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`field${i}`, i])));

const pollutingObject = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  JSON.parse('{"prototype":{"polluted":true},"__proto__":null}'),
);

/** Any one hostile value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hugeNumbers,
  trickyStrings,
  hugeStrings,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { '': '' }),
  fc.double(),
  fc.integer(),
  deepNesting,
  pollutingObject,
  manyKeys,
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
  fc.array(fc.constant('x'), { minLength: 1_000, maxLength: 20_000 }),
);

/** Keys added to a body to try prototype pollution, mass assignment, and an answer that echoes a huge key. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'userId',
    'id',
    'status',
    'isAdmin',
    'brokerId',
    '',
    '𝕏',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'k'.repeat(length)),
);

/** Raw request bodies that are not JSON an app should parse: bad syntax, NaN/Infinity literals, huge. */
export const rawBadBody = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[',
    'null',
    '"text"',
    '12',
    'true',
    '{"quantity": NaN}',
    '{"quantity": Infinity}',
    '{"quantity": -Infinity}',
    '{"quantity": 1e999}',
    '{"a":1,"a":2}',
    '{"__proto__":{"polluted":1}}',
    '\u0000',
    '\uFEFF{}',
  ),
  fc.integer({ min: 10, max: 100_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 10, max: 100_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 1, max: 3 }).map((mb) => `{"x":"${'y'.repeat(mb * 1024 * 1024)}"}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Path parameter values: odd characters, traversal, over-long parts. */
export const hostilePathPart = fc.oneof(
  trickyStrings.filter((text) => text !== ''),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.integer({ min: 129, max: 2_000 }).map((length) => 'p'.repeat(length)),
  fc.constantFrom('..', '.', '%2e%2e', 'a/b', '%2F', '%ff', '%', '%zz', '-1', '0', '1e309'),
);
