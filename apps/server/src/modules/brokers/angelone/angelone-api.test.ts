import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAngelApi } from './angelone-api';
import { plainRefusal } from './angelone-errors';

// How SmartAPI's answers are classified: business refusals (HTTP 200, status false) with the broker's words or
// plain words for exchange rules, dead tokens, the gateway's plain-text rate limit, and answers that may have been
// lost (5xx, no answer, unreadable) as uncertain.

let server: Server;
let answer: { status: number; body: string };
let api: ReturnType<typeof createAngelApi>;

beforeEach(async () => {
  server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = createAngelApi(root, 'KEY', 'jwt', { localIp: '10.0.0.2', publicIp: '10.0.0.2', macAddress: 'aa' });
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (status: number, body: object) => {
  answer = { status, body: JSON.stringify(body) };
};

describe('SmartAPI answers', () => {
  it('reads an empty order book (data: null) as no orders', async () => {
    json(200, { status: true, message: 'SUCCESS', errorcode: '', data: null });
    expect(await api.orders()).toEqual([]);
  });

  it.each([
    [200, { success: false, message: 'Invalid Token', errorCode: 'AG8001', data: '' }],
    [401, { success: false, message: 'Invalid Token', errorCode: 'AG8001', data: '' }],
    [200, { status: false, message: 'Token Expired', errorcode: 'AG8002', data: null }],
  ])('HTTP %i %j is a dead session', async (status, body) => {
    json(status, body);
    await expect(api.rms()).rejects.toMatchObject({ code: 'token_expired', uncertain: false });
  });

  it('turns a business refusal into its message, an exchange-rule refusal into plain words', async () => {
    json(200, { status: false, message: 'Invalid Quantity', errorcode: 'AB4020', data: null });
    await expect(api.cancelOrder('NORMAL', '1')).rejects.toMatchObject({
      code: 'rejected',
      uncertain: false,
      message: 'Angel One: Invalid Quantity (AB4020)',
    });
    json(200, {
      status: false,
      message: 'Order rejected: static IP not registered',
      errorcode: '',
      data: null,
    });
    await expect(api.cancelOrder('NORMAL', '1')).rejects.toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('not your registered static IP'),
    });
  });

  it("reads the gateway's plain-text refusal as a rate limit", async () => {
    answer = { status: 403, body: 'Access denied because of exceeding access rate' };
    await expect(api.orders()).rejects.toMatchObject({ code: 'rate_limited', uncertain: false });
  });

  it('reads an order book whose rejection text mentions a rate as the order book, not a rate limit', async () => {
    json(200, {
      status: true,
      message: 'SUCCESS',
      errorcode: '',
      data: [
        {
          orderid: '1',
          variety: 'NORMAL',
          ordertype: 'LIMIT',
          producttype: 'INTRADAY',
          tradingsymbol: 'X',
          exchange: 'NFO',
          transactiontype: 'BUY',
          quantity: '65',
          status: 'rejected',
          text: 'Access denied because of exceeding access rate',
        },
      ],
    });
    expect(await api.orders()).toHaveLength(1);
  });

  it("treats Angel One's internal errors as an unknown outcome", async () => {
    json(200, {
      status: false,
      message: 'Something Went Wrong, Please Try After Sometime',
      errorcode: 'AB1004',
    });
    await expect(api.cancelOrder('NORMAL', '1')).rejects.toMatchObject({ code: 'network', uncertain: true });
  });

  it('treats a 5xx or an unreadable answer to a placement as an unknown outcome', async () => {
    json(502, { message: 'Bad Gateway' });
    await expect(api.rms()).rejects.toMatchObject({ code: 'network', uncertain: true });
    answer = { status: 200, body: '<html>maintenance</html>' };
    await expect(api.cancelOrder('NORMAL', '1')).rejects.toMatchObject({ code: 'network', uncertain: true });
  });
});

describe('plain words for exchange-rule refusals', () => {
  it.each([
    ['Your IP address is not whitelisted', /registered static IP/],
    ['Algo ID is mandatory for this order', /approved algo id/],
    ['Market orders without market protection are not allowed', /market protection/],
    ['Insufficient funds', /^Insufficient funds$/],
  ])('%s', (text, words) => {
    expect(plainRefusal(text)).toMatch(words);
  });
});
