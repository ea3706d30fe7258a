import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { API_BASE } from '@xtrader/core/api/envelope';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProbeSettings } from '../../src/config';
import { ManualFeed } from '../../src/modules/market/manual-feed';
import { authHeader, createTestUser } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { type FuzzRequest, fuzzRequest } from './fuzz/fuzz-request';
import { type FuzzRoute, fuzzRoutes } from './fuzz/route-catalog';
import type { KnownValues } from './fuzz/schema-arbitraries';
import { changedTables, digestState, stateTables } from './fuzz/state-digest';

// Every route of the real app gets requests generated from its own schema, mostly spoiled: wrong types, missing
// fields, huge numbers and strings, deep nesting, unicode, prototype-pollution keys, bad JSON. Whatever arrives,
// the server answers in the `{ success, message }` envelope, never with a 5xx, changes nothing when it refuses,
// and keeps its memory bounded. XT_FUZZ_RUNS sets the number of requests (XT_FUZZ_SEED replays a run).

const settings = loadProbeSettings();
const RUNS = settings.fuzzRuns;
const SEED = settings.fuzzSeed ?? Date.now() % 2 ** 31;
/** Heap growth allowed over the whole run, after a garbage collection on both ends. */
const HEAP_MARGIN_MB = 64;

/** Longest refusal: a message and a field name, never an echo of the request. */
const MAX_ERROR_ANSWER_BYTES = 2_048;

/** Answers that are not the API envelope by design: the OpenAPI document itself. */
// Answers that are files by design when they succeed (their refusals are still in the envelope).
const ENVELOPE_EXEMPT = new Set([`GET ${API_BASE}/openapi.json`, `GET ${API_BASE}/journal.csv`]);

/** A forced garbage collection, so heap readings compare live data only. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
/** Live heap once the event loop has idled: in-flight `inject` bookkeeping is released on a later tick. */
const heapMb = async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

function parseJson(text: string): { success?: unknown; message?: unknown } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('schema fuzzing of every route', () => {
  let t: TestApp;
  let token: string;
  let routes: FuzzRoute[];
  let tables: string[];
  let known: KnownValues = {};
  const counts = {
    requests: 0,
    routes: 0,
    refused4xx: 0,
    accepted2xx: 0,
    other: 0,
    heapBeforeMb: 0,
    heapAfterMb: 0,
  };
  const statusesByRoute = new Map<string, Record<number, number>>();

  beforeAll(async () => {
    const feed = new ManualFeed();
    t = await createTestApp({ overrides: { priceFeed: feed } });
    ({ token } = await createTestUser(t.app));
    // In Practice Mode, with prices and real instrument tokens, order bodies reach the engine instead of stopping
    // at "no broker" or "unknown instrument".
    await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/broker/papertrading/start`,
      headers: authHeader(token),
    });
    const options = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/instruments/fetchLatestOptionOfIndex?name=NIFTY`,
      headers: authHeader(token),
    });
    const { call, put } = options.json().data as Record<
      'call' | 'put',
      { internalToken: string; tradingsymbol: string }
    >;
    feed.emit({ [call.tradingsymbol]: 120, [put.tradingsymbol]: 95 }, t.resources.clock.now());
    known = {
      internalToken: [call.internalToken, put.internalToken],
      tradingSymbol: [call.tradingsymbol, put.tradingsymbol],
      // Whole lots on the tick: the rules beyond the schema that a random number rarely meets.
      quantity: [65, 130, 650],
      triggerPrice: [119.5, 121, 95.05],
      ocoOrderStoploss: [5, 6.5],
      ocoOrderTarget: [10, 12.25],
      changeInPrice: [1, 2.5],
      changeInSL: [0.5, 1],
      icebergLegs: [2, 3],
    };
    routes = fuzzRoutes(t.app, (url) => url.startsWith(API_BASE));
    tables = await stateTables(t.resources);
    if (settings.fuzzVerbose) console.log(tables);
    counts.routes = routes.length;
  });

  afterAll(async () => {
    await t?.close();
    if (settings.fuzzVerbose) console.log(Object.fromEntries(statusesByRoute));
    console.log(
      `[probe] schema fuzz: ${counts.requests} requests over ${counts.routes} routes (seed ${SEED}): ` +
        `${counts.accepted2xx} 2xx, ${counts.refused4xx} 4xx, ${counts.other} other; ` +
        `heap ${counts.heapBeforeMb.toFixed(1)} -> ${counts.heapAfterMb.toFixed(1)} MB`,
    );
  });

  /**
   * Lets an accepted request's follow-up work land before the next request's digest: an order is answered once it
   * is accepted, and its placement at the paper broker, the fill and their writes (through the store's group
   * commit) come after. A few event-loop turns were not always enough (a refused request then seemed to change the
   * orders table), so the state is read until two reads a little apart agree (at most about half a second).
   */
  async function settledState(tables: string[]): Promise<void> {
    let last = await digestState(t.resources, tables);
    for (let read = 0; read < 100; read += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const now = await digestState(t.resources, tables);
      if (changedTables(last, now).length === 0) return;
      last = now;
    }
  }

  /** Sends one request as the fuzzing user (or without, or forged) and checks the answer and the state. */
  async function probe(route: FuzzRoute, request: FuzzRequest): Promise<void> {
    // The user's own session must survive the run; logging out is fuzzed with a forged token only.
    const auth = route.url.endsWith('/auth/logout') && request.auth === 'user' ? 'forged' : request.auth;
    const headers = {
      ...request.headers,
      ...(auth === 'user'
        ? authHeader(token)
        : auth === 'forged'
          ? authHeader(`${token.slice(0, -4)}AAAA`)
          : {}),
    };
    // Taken fresh: an accepted request may still be writing in the background (a saved profit-protection
    // setting starts its monitor), which is no change made by this request.
    const before = await digestState(t.resources, tables);
    const response = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    // A real server drains or drops an unread body once it has answered, which ends the body-deadline timer;
    // `inject`'s request object never ends by itself, so it is ended here as the socket would.
    response.raw.req.destroy();
    counts.requests += 1;
    const key = `${route.method} ${route.url}`;
    const seen = statusesByRoute.get(key) ?? {};
    seen[response.statusCode] = (seen[response.statusCode] ?? 0) + 1;
    statusesByRoute.set(key, seen);
    const what = `${request.method} ${request.url.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;

    expect(response.statusCode, what).toBeLessThan(500);
    if (response.statusCode >= 300 && response.statusCode < 400) {
      counts.other += 1;
      return;
    }
    if (!(ENVELOPE_EXEMPT.has(key) && response.statusCode === 200)) {
      const body = parseJson(response.body);
      expect(typeof body?.success, what).toBe('boolean');
      expect(typeof body?.message, what).toBe('string');
    }
    if (response.statusCode >= 400) {
      counts.refused4xx += 1;
      // A refusal never repeats the request back at length (a huge key, thousands of unknown fields).
      expect(response.body.length, what).toBeLessThan(MAX_ERROR_ANSWER_BYTES);
      expect(changedTables(before, await digestState(t.resources, tables)), what).toEqual([]);
    } else {
      counts.accepted2xx += 1;
      await settledState(tables);
    }
  }

  // The generated requests go to the app's routes; a path no route has must be refused as briefly, whatever it holds.
  it('answers unknown routes with a short 404 in the envelope, whatever the path', async () => {
    const paths = fc.sample(
      fc.oneof(
        fc.string({ minLength: 300, maxLength: 100_000 }),
        fc.string({ unit: 'grapheme', minLength: 300, maxLength: 20_000 }),
        fc.constant('%2e%2e/'.repeat(5_000)),
      ),
      { numRuns: 20, seed: SEED },
    );
    for (const [i, raw] of paths.entries()) {
      const tail = encodeURIComponent(raw);
      for (const url of [`${API_BASE}/no-such-route/${tail}`, `/v1/${tail}`]) {
        const response = await t.app.inject({
          method: i % 2 === 0 ? 'POST' : 'DELETE',
          url,
          ...(i % 3 === 0 ? { headers: authHeader(token) } : {}),
        });
        const what = `${url.slice(0, 80)}… -> ${response.statusCode}`;
        expect(response.statusCode, what).toBe(404);
        expect(parseJson(response.body)?.success, what).toBe(false);
        expect(response.body.length, what).toBeLessThan(MAX_ERROR_ANSWER_BYTES);
      }
    }
  });

  it(`answers ${RUNS} generated requests in the envelope, without a 5xx, a change on refusal, or a leak`, async () => {
    const perRoute = Math.max(1, Math.ceil(RUNS / routes.length));
    // Warm up every route once so the heap reading starts from loaded code, not from an empty process.
    for (const route of routes) {
      for (const request of fc.sample(fuzzRequest(route, known), { numRuns: 1, seed: SEED }))
        await probe(route, request);
    }
    counts.heapBeforeMb = await heapMb();
    for (const [index, route] of routes.entries()) {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(fuzzRequest(route, known), (request) => probe(route, request)),
        { numRuns: perRoute, seed: SEED + index, endOnFailure: true },
      );
      if (settings.fuzzVerbose) console.log(`${route.method} ${route.url}: ${Date.now() - started} ms`);
    }
    counts.heapAfterMb = await heapMb();
    expect(counts.heapAfterMb - counts.heapBeforeMb).toBeLessThan(HEAP_MARGIN_MB);

    // The server still answers normally afterwards.
    const health = await t.app.inject({ method: 'GET', url: `${API_BASE}/health` });
    expect(health.statusCode).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/auth/getUserInfo`,
      headers: authHeader(token),
    });
    expect(info.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 600_000);
});
