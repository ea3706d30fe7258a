import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { DomainError } from '../domain-error';
import { BillingProviderError } from '../modules/billing/errors';
import type { AppModule } from '../modules/module';

const errors = {
  'bad-request': () => new DomainError('bad_request', 'Bad thing'),
  unauthorized: () => new DomainError('unauthorized', 'Unauthorized'),
  forbidden: () => new DomainError('forbidden', 'Forbidden'),
  'not-found': () => new DomainError('not_found', 'No such order'),
  conflict: () => new DomainError('conflict', 'Already exists'),
  'too-many': () => new DomainError('rate_limited', 'Slow down', { retryAfterSeconds: 30 }),
  'billing-down': () => new BillingProviderError('zoho said 500 with token abc'),
  bug: () => new Error('secret stack detail'),
};

/** A module exercising the app's conventions: schema validation and error mapping. */
const probeModule: AppModule = {
  name: 'probe',
  registerRoutes(app) {
    app.post(
      '/probe',
      {
        schema: {
          body: z.object({
            name: z.string().min(1, 'Please fill in all the details.'),
            phone: z.string().regex(/^\d{10}$/, 'Phone number should be 10 digits long.'),
            nested: z.object({ qty: z.number().positive() }).optional(),
          }),
        },
      },
      async (request) => ({ success: true, message: 'ok', data: { name: request.body.name } }),
    );
    app.post(
      '/probe/strict',
      { schema: { body: z.strictObject({ limits: z.record(z.string(), z.number().min(1)).optional() }) } },
      async () => ({ success: true, message: 'ok' }),
    );
    app.get(
      '/probe',
      { schema: { querystring: z.object({ page: z.coerce.number().int().min(0) }) } },
      async (r) => ({
        success: true,
        message: 'ok',
        data: { page: r.query.page },
      }),
    );
    app.get('/fail/:kind', async (request) => {
      throw errors[(request.params as { kind: keyof typeof errors }).kind]();
    });
  },
};

describe('http app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: () => [probeModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with runtime facts', async () => {
    t.resources.clock.advance(3_500);
    const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'ok',
      data: { status: 'ok', version: expect.any(String), uptimeSeconds: 3, store: 'sqlite', bus: 'memory' },
    });
  });

  it('names the field in a validation error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/probe',
      payload: { name: 'A', phone: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'phone: Phone number should be 10 digits long.',
    });
  });

  it('keeps a validation message short when the request names huge or many fields', async () => {
    const huge = 'k'.repeat(100_000);
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/v1/options-x/probe/strict', payload });
    const unknownKey = await send({ [huge]: 1 });
    const manyKeys = await send(
      Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`extra${i}`, 1])),
    );
    const badRecordKey = await send({ limits: { [huge]: 0 } });
    for (const response of [unknownKey, manyKeys, badRecordKey]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.body.length).toBeLessThan(600);
    }
    expect(badRecordKey.json().message).toMatch(/^limits\.k+…: /);
  });

  it('names nested fields and query parameters', async () => {
    const nested = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/probe',
      payload: { name: 'A', phone: '9876543210', nested: { qty: -1 } },
    });
    expect(nested.json().message).toMatch(/^nested\.qty: /);
    const query = await t.app.inject({ method: 'GET', url: '/v1/options-x/probe?page=-2' });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^page: /);
  });

  it('accepts a valid body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/probe',
      payload: { name: 'A', phone: '9876543210' },
    });
    expect(response.json()).toEqual({ success: true, message: 'ok', data: { name: 'A' } });
  });

  it('answers 400 for malformed JSON and a missing body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: expect.stringMatching(/not valid JSON/) });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/probe',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().success).toBe(false);
  });

  it('maps each domain error code to its status', async () => {
    const expected: Record<string, [number, string]> = {
      'bad-request': [400, 'Bad thing'],
      unauthorized: [401, 'Unauthorized'],
      forbidden: [403, 'Forbidden'],
      'not-found': [404, 'No such order'],
      conflict: [409, 'Already exists'],
      'too-many': [429, 'Slow down'],
      'billing-down': [502, 'The payment provider is not reachable right now, please try again'],
    };
    for (const [kind, [status, message]] of Object.entries(expected)) {
      const response = await t.app.inject({ method: 'GET', url: `/v1/options-x/fail/${kind}` });
      expect(response.statusCode, kind).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
    }
    const limited = await t.app.inject({ method: 'GET', url: '/v1/options-x/fail/too-many' });
    expect(limited.headers['retry-after']).toBe('30');
  });

  it('hides the internals of a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/fail/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: 'Internal server error' });
    expect(response.body).not.toContain('secret');
  });

  it('answers unknown API routes with a JSON 404, even for browsers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/options-x/x?y=1',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'Route GET /v1/options-x/x not found' });
    const post = await t.app.inject({ method: 'POST', url: '/v1/options-x/nope' });
    expect(post.json()).toEqual({ success: false, message: 'Route POST /v1/options-x/nope not found' });
    const long = await t.app.inject({ method: 'GET', url: `/v1/options-x/${'p'.repeat(3000)}` });
    expect(long.statusCode).toBe(404);
    expect(long.body.length).toBeLessThan(400);
    expect(long.json().message).toMatch(/^Route GET \/v1\/options-x\/p+… not found$/);
  });

  it('publishes an OpenAPI document of the routes and a docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/v1/options-x/health'].get).toBeDefined();
    expect(
      document.paths['/v1/options-x/probe'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('phone');
    expect(document.paths['/v1/options-x/openapi.json']).toBeUndefined();
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });
});
