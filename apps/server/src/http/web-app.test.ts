import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app serving, built', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'xt-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>X-Trader</title><div id="root"></div>',
    );
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("x")');
    t = await createTestApp({ env: { XT_WEB_DIST: dist }, modules: () => [] });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at /', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>X-Trader</title>');
  });

  it('serves built assets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it.each([
    '/signup',
    '/dashboard',
    '/redirect/zerodha?request_token=x&status=success',
    '/thank-you?plan=freeTrial',
  ])('falls back to index.html for the client route %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers a missing asset (not a navigation) with a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Route GET /assets/missing.js not found' });
  });

  it('never answers API routes with HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/options-x/unknown', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });
});

describe('web app serving, not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { XT_WEB_DIST: path.join(tmpdir(), 'xt-no-such-dist') },
      modules: () => [],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the visitor to build the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('npm run build');
    const route = await t.app.inject({ method: 'GET', url: '/dashboard', headers: html });
    expect(route.body).toContain('npm run build');
  });
});
