import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVortexApi } from './vortex-api';

// How Vortex's answers are classified: a dead token, a rate limit, a refusal in plain words, and the answers whose
// outcome is unknown (a 5xx, an unreadable 2xx, no answer) as uncertain.

let server: Server;
let baseUrl: string;
let answer: { status: number; body: string | undefined };
let seen: { path: string; headers: Record<string, unknown> } | undefined;

beforeEach(async () => {
  server = createServer((req, res) => {
    seen = { path: req.url ?? '', headers: req.headers };
    if (answer.body === undefined) {
      res.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const api = () => createVortexApi(baseUrl, 'API-KEY', 'ACCESS');
const cancel = () => api().cancelOrder('NXAAE1');
const error = (message: string) => JSON.stringify({ status: 'error', code: 'e-1', message });

describe('Vortex API client', () => {
  it('sends the documented path with x-api-key and the bearer token', async () => {
    answer = { status: 200, body: JSON.stringify({ status: 'success', data: { order_id: 'NXAAE1' } }) };
    await cancel();
    expect(seen).toMatchObject({
      path: '/v2/trading/orders/regular/NXAAE1',
      headers: { 'x-api-key': 'API-KEY', authorization: 'Bearer ACCESS' },
    });
  });

  it.each([
    ['a 401', 401, error('Invalid token'), { code: 'token_expired', uncertain: false }],
    ['a 429', 429, error('Too many requests'), { code: 'rate_limited', uncertain: false }],
    ['a 502', 502, 'Bad gateway', { code: 'network', uncertain: true }],
    ['an unreadable 200', 200, '<html>', { code: 'network', uncertain: true }],
    [
      'a 400 refusal',
      400,
      error('Insufficient margin'),
      { code: 'rejected', message: 'Rupeezy: Insufficient margin' },
    ],
    ['a 200 error', 200, error('Order not open'), { code: 'rejected', message: 'Rupeezy: Order not open' }],
  ])('classifies %s', async (_name, status, body, expected) => {
    answer = { status, body };
    await expect(cancel()).rejects.toMatchObject(expected);
  });

  it('classifies a dropped connection as uncertain', async () => {
    answer = { status: 200, body: undefined };
    await expect(cancel()).rejects.toMatchObject({ code: 'network', uncertain: true });
  });

  it('explains an exchange-rule refusal in plain words', async () => {
    answer = { status: 400, body: error('Order rejected: IP not whitelisted for API trading') };
    await expect(cancel()).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringMatching(/not registered for API trading.*static IP/),
    });
  });

  it('reads funds from the nse bucket at the top level', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        nse: { net_available: 1000, total_utilization: -50 },
        mcx: { net_available: 7 },
      }),
    };
    expect(await api().funds()).toEqual({ net_available: 1000, total_utilization: -50 });
  });
});
