import { createHash } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventually, FakeKite } from '../../../../../test/fakes/kite';
import { silentLogger } from '../../../../logger';
import type { KiteTick } from './packets';
import { KiteTickerClient, type TickerState } from './ticker-client';

// The ticker client against the fake KiteTicker: subscribe in quote mode, ticks and order messages, silence
// detection, and a refused token ending the reconnect loop.

let kite: FakeKite;
let client: KiteTickerClient;
const states: TickerState[] = [];
const ticks: KiteTick[] = [];
const orders: unknown[] = [];

beforeEach(async () => {
  kite = await FakeKite.start({
    heartbeatMs: 50,
    instruments: [{ tradingsymbol: 'X', instrument_token: 12073986, exchange: 'NFO' }],
  });
  kite.registerApp({ apiKey: 'k', apiSecret: 's' });
  const accessToken = await exchange();
  states.length = 0;
  ticks.length = 0;
  orders.length = 0;
  client = new KiteTickerClient({
    url: kite.tickerUrl,
    apiKey: 'k',
    accessToken,
    logger: silentLogger(),
    timing: { minDelayMs: 20, maxDelayMs: 100, silenceMs: 300 },
    events: { ticks: (t) => ticks.push(...t), order: (o) => orders.push(o), state: (s) => states.push(s) },
  });
});
afterEach(async () => {
  client.close();
  await kite.close();
});

async function exchange(): Promise<string> {
  const requestToken = kite.issueRequestToken('k', 'AB1234');
  const checksum = createHash('sha256').update(`k${requestToken}s`).digest('hex');
  const response = await fetch(`${kite.url}/session/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-kite-version': '3' },
    body: new URLSearchParams({ api_key: 'k', request_token: requestToken, checksum }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

it('subscribes in quote mode and delivers ticks and order messages', async () => {
  client.subscribe([12073986]);
  client.connect();
  await eventually(() => expect(kite.ticker.subscriptions('AB1234').get(12073986)).toBe('quote'));
  expect(kite.ticker.received.map((r) => r.message)).toEqual([
    { a: 'subscribe', v: [12073986] },
    { a: 'mode', v: ['quote', [12073986]] },
  ]);
  kite.setPrice('X', 101.5);
  kite.ticker.pushOrder('AB1234', { order_id: '1', status: 'OPEN' });
  await eventually(() =>
    expect(ticks).toEqual([expect.objectContaining({ token: 12073986, lastPrice: 101.5, mode: 'quote' })]),
  );
  await eventually(() => expect(orders).toEqual([{ order_id: '1', status: 'OPEN' }]));
  client.unsubscribe([12073986]);
  await eventually(() => expect(kite.ticker.subscriptions('AB1234').size).toBe(0));
});

it('treats a silent line as dead and reconnects', async () => {
  client.connect();
  await eventually(() => expect(client.state).toBe('connected'));
  kite.ticker.silent = true;
  await eventually(() => expect(kite.ticker.connections).toBeGreaterThanOrEqual(2), 3000);
  expect(states).toContain('disconnected');
});

it('stops for good when Kite refuses the token at the upgrade', async () => {
  client.connect();
  await eventually(() => expect(client.state).toBe('connected'));
  kite.expireSessions();
  await eventually(() => expect(client.state).toBe('token_expired'));
  const connections = kite.ticker.connections;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(kite.ticker.connections).toBe(connections);
});
