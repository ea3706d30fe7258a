import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFlattradeApi, type FlattradePlaceBody } from './flattrade-api';

// How the client reads what comes back over HTTP: a 5xx or garbage is an uncertain network failure (the order
// may exist), a 429 a rate limit, Noren's "no data" an empty book, and the form body carries jData and jKey.

let server: Server;
let root: string;
let answer: { status: number; body: string };
let received: string;

beforeEach(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received = raw;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/PiConnectTP`;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

const body: FlattradePlaceBody = {
  uid: 'FT1',
  actid: 'FT1',
  exch: 'NFO',
  tsym: 'NIFTY24NOV26C26000',
  qty: '65',
  prc: '90.00',
  dscqty: '0',
  prd: 'M',
  trantype: 'B',
  prctyp: 'LMT',
  ret: 'DAY',
  remarks: 'XT1',
  ordersource: 'API',
};
const api = () => createFlattradeApi(root, 'FT1', 'tok&en');
const reply = (status: number, body: unknown) => {
  answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
};

describe('Flattrade client', () => {
  it('posts jData and jKey as a form', async () => {
    reply(200, { stat: 'Ok', result: '1' });
    await api().cancelOrder('26112400000001');
    const form = new URLSearchParams(received);
    expect(JSON.parse(form.get('jData') ?? '')).toEqual({ uid: 'FT1', norenordno: '26112400000001' });
    expect(form.get('jKey')).toBe('tok&en');
  });

  it.each([
    [502, 'Bad gateway', { code: 'network', uncertain: true }],
    [200, 'not json', { code: 'network', uncertain: true }],
    [429, 'slow down', { code: 'rate_limited', uncertain: false }],
    [200, { stat: 'Not_Ok', emsg: 'RED:Margin Shortfall' }, { code: 'rejected', uncertain: false }],
    [401, { stat: 'Not_Ok', emsg: 'Session Expired :  Invalid Session Key' }, { code: 'token_expired' }],
  ])('HTTP %s %j -> %j', async (status, answered, expected) => {
    reply(status, answered);
    await expect(api().placeOrder(body)).rejects.toMatchObject(expected);
  });

  it('reads an empty book from "no data", and a missing order number as unreadable', async () => {
    reply(200, { stat: 'Not_Ok', emsg: 'no data' });
    expect(await api().orders()).toEqual([]);
    expect(await api().positions()).toEqual([]);
    // An Ok without the order number: the order may exist, so the outcome is unknown.
    reply(200, { stat: 'Ok' });
    await expect(api().placeOrder(body)).rejects.toMatchObject({ code: 'network', uncertain: true });
  });
});
