import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createRequireUser } from '../modules/auth/authenticate';
import type { AppModule } from '../modules/module';

const PREFIX = '/v1/options-x';

/** One authenticated route with a body schema; the token `good` is the only valid one. */
const guardedModule: AppModule = {
  name: 'guarded',
  registerRoutes(app) {
    const requireUser = createRequireUser(async (token) =>
      token === 'good' ? { userId: 'u1', sessionId: 's1' } : null,
    );
    app.post(
      '/guarded',
      { preHandler: requireUser, schema: { body: z.object({ qty: z.number().int().positive() }) } },
      async (request) => ({ success: true, message: 'ok', data: { qty: request.body.qty } }),
    );
    app.get('/guarded', { preHandler: requireUser }, async () => ({ success: true, message: 'ok' }));
    app.get('/guarded/:id', async () => ({ success: true, message: 'ok' }));
  },
};

/** Sends raw bytes to the listening app; resolves with everything it answered once it closes the connection. */
function rawExchange(
  t: TestApp,
  write: (socket: import('node:net').Socket) => void,
): Promise<{ text: string; ms: number }> {
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => write(socket));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', reject);
  });
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('http hardening', () => {
  let t: TestApp | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}) {
    t = await createTestApp({ env, modules: () => [guardedModule] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return t;
  }

  it('gives up on a request whose body trickles in, with a 408 in the envelope', async () => {
    const app = await start({ XT_HTTP_REQUEST_TIMEOUT_MS: '500' });
    let drip: NodeJS.Timeout | undefined;
    const { text, ms } = await rawExchange(app, (socket) => {
      socket.write(
        `POST ${PREFIX}/guarded HTTP/1.1\r\nHost: x\r\nAuthorization: good\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      drip = setInterval(() => socket.writable && socket.write(' '), 100);
    });
    clearInterval(drip);
    expect(ms).toBeLessThan(3000);
    expect(text).toMatch(/^HTTP\/1.1 408/);
    expect(bodyOf(text)).toEqual({ success: false, message: expect.stringMatching(/timed out/i) });
  });

  it('sends security headers on API answers', async () => {
    const app = await start();
    const response = await app.app.inject({ method: 'GET', url: `${PREFIX}/health` });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("allows the web app's own inline script by its hash, and no other inline script", async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'xt-web-'));
    dirs.push(webDist);
    const inline = "\n      (() => { document.documentElement.classList.add('dark'); })();\n    ";
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script></head><body></body></html>`,
    );
    const app = await start({ XT_WEB_DIST: webDist });
    const response = await app.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    const hash = createHash('sha256').update(inline).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers['content-security-policy'] as string)?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('takes the access token from the Authorization header only, not from ?token= on REST routes', async () => {
    const app = await start();
    const header = await app.app.inject({
      method: 'GET',
      url: `${PREFIX}/guarded`,
      headers: { authorization: 'good' },
    });
    expect(header.statusCode).toBe(200);
    const query = await app.app.inject({ method: 'GET', url: `${PREFIX}/guarded?token=good` });
    expect(query.statusCode).toBe(401);
  });

  it('answers an anonymous caller 401 before looking at the body', async () => {
    const app = await start();
    const bad = await app.app.inject({ method: 'POST', url: `${PREFIX}/guarded`, payload: { qty: 'lots' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ success: false, message: 'Unauthorized' });
    const malformed = await app.app.inject({
      method: 'POST',
      url: `${PREFIX}/guarded`,
      headers: { 'content-type': 'application/json' },
      payload: '{"qty": ',
    });
    expect(malformed.statusCode).toBe(401);
    const signedIn = await app.app.inject({
      method: 'POST',
      url: `${PREFIX}/guarded`,
      headers: { authorization: 'good' },
      payload: { qty: 'lots' },
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().message).toMatch(/^qty: /);
  });

  it('answers a text/plain body 415 "Content-Type must be application/json"', async () => {
    const app = await start();
    const response = await app.app.inject({
      method: 'POST',
      url: `${PREFIX}/guarded`,
      headers: { authorization: 'good', 'content-type': 'text/plain' },
      payload: '{"qty": 1}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, message: 'Content-Type must be application/json' });
  });

  it("puts the server's own refusals in the envelope: a too-long URL, too-large headers, a malformed request", async () => {
    const app = await start();
    const cases: [string, number][] = [
      [`GET ${PREFIX}/guarded?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      [`GET ${PREFIX}/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`, 431],
      ['GARBAGE\r\n\r\n', 400],
    ];
    for (const [request, status] of cases) {
      const { text } = await rawExchange(app, (socket) => socket.write(request));
      expect(text.slice(0, 12), request.slice(0, 30)).toBe(`HTTP/1.1 ${status}`);
      expect(bodyOf(text)).toEqual({ success: false, message: expect.any(String) });
    }
    const longParam = await app.app.inject({ method: 'GET', url: `${PREFIX}/guarded/${'z'.repeat(500)}` });
    expect(longParam.json()).toEqual({ success: false, message: expect.any(String) });
  });
});
