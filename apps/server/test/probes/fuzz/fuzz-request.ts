import fc from 'fast-check';
import { hostilePathPart, hostileValue, rawBadBody } from './hostile-values';
import type { FuzzRoute } from './route-catalog';
import { fieldValue, fuzzedValue, type JsonSchema, type KnownValues, validValue } from './schema-arbitraries';

/** One generated request, in the shape `app.inject` takes (the token is added by the runner). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Sent without the user's token, or with a forged one. */
  auth: 'user' | 'none' | 'forged';
}

/** `encodeURIComponent`, but lone surrogates (which it refuses) go out as raw invalid escapes. */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

const pathPart = (name: string, schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> =>
  fc.oneof(
    {
      arbitrary: fieldValue(name, schema, 0, known).map((value) => encodePart(textOf(value)) || 'x'),
      weight: 2,
    },
    { arbitrary: hostilePathPart.map(encodePart), weight: 2 },
    { arbitrary: fc.constantFrom('%zz', '%', '%ff%fe', '..'), weight: 1 },
  );

/** A query string: the schema's parameters, valid or hostile, sometimes repeated (arrays) or unknown extras. */
function queryString(query: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const names = Object.keys(query);
  const entry = (name: string): fc.Arbitrary<string[][]> =>
    fc.oneof(
      validValue(query[name] ?? {}).map((value) => [[name, textOf(value)]]),
      hostileValue.map((value) => [[name, textOf(value).slice(0, 50_000)]]),
      fc.tuple(validValue(query[name] ?? {}), validValue(query[name] ?? {})).map(([a, b]) => [
        [name, textOf(a)],
        [name, textOf(b)],
      ]),
      fc.constant([] as string[][]),
    );
  const extras = fc.array(
    fc.tuple(fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[b][c]', 'x'), hostileValue),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...names.map(entry)), extras).map(([pairs, more]) => {
    const all: [string, string][] = [
      ...(pairs.flat() as [string, string][]),
      ...more.map(([name, value]): [string, string] => [name, textOf(value).slice(0, 50_000)]),
    ];
    return all.map(([name, value]) => `${encodePart(name)}=${encodePart(value)}`).join('&');
  });
}

/** The body: a spoiled schema value as JSON, or raw bad text, or nothing; with an odd content type now and then. */
const bodyOf = (schema: JsonSchema | undefined, known: KnownValues) =>
  fc.oneof(
    {
      arbitrary: fuzzedValue(schema, known).map((value) => ({
        payload: textOf(value),
        type: 'application/json',
      })),
      weight: 6,
    },
    { arbitrary: rawBadBody.map((payload) => ({ payload, type: 'application/json' })), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fuzzedValue(schema, known),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/xml',
          ),
        )
        .map(([value, type]) => ({ payload: textOf(value), type })),
      weight: 1,
    },
    { arbitrary: fc.constant({ payload: undefined, type: undefined }), weight: 1 },
  );

/** Header values the route declares (an idempotency key), valid or hostile. */
function headerValues(headers: Record<string, JsonSchema>): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(headers);
  return fc
    .tuple(
      ...names.map((name) =>
        fc.option(
          fc.oneof(
            validValue(headers[name] ?? {}).map(textOf),
            hostileValue.map((value) =>
              textOf(value)
                .replace(/[^\x20-\x7e]/g, '?')
                .slice(0, 10_000),
            ),
          ),
        ),
      ),
    )
    .map((values) =>
      Object.fromEntries(
        names.flatMap((name, i) => (values[i] === null ? [] : [[name, values[i] as string]])),
      ),
    );
}

/** Requests for one route built from its schemas. */
export function fuzzRequest(route: FuzzRoute, known: KnownValues = {}): fc.Arbitrary<FuzzRequest> {
  const paramNames = Object.keys(route.params);
  return fc
    .record({
      parts: fc.tuple(...paramNames.map((name) => pathPart(name, route.params[name] ?? {}, known))),
      query: queryString(route.query),
      body: bodyOf(route.body, known),
      headers: headerValues(route.headers),
      auth: fc.oneof(
        { arbitrary: fc.constant('user' as const), weight: 8 },
        { arbitrary: fc.constantFrom('none' as const, 'forged' as const), weight: 1 },
      ),
    })
    .map(({ parts, query, body, headers, auth }) => {
      let path = route.url;
      paramNames.forEach((name, i) => {
        path = path.replace(`:${name}`, parts[i] ?? 'x');
      });
      const sendsBody = route.method !== 'GET' && body.payload !== undefined;
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers: {
          ...headers,
          ...(sendsBody && body.type ? { 'content-type': body.type } : {}),
        },
        ...(sendsBody ? { payload: body.payload } : {}),
        auth,
      };
    });
}
