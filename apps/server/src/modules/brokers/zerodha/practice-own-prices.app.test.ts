import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, FakeKite } from '../../../../test/fakes/kite';
import { authHeader, createTestUser } from '../../../../test/helpers/auth';
import { kiteInstrumentsCsv } from '../../../../test/helpers/kite-instruments-csv';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';

// The whole app: a user linked to (fake) Zerodha starts Practice Mode; their feed says their own Kite prices,
// delayed, and their paper market order fills at Kite's price, not the simulator's that everyone else sees.

const BASE = '/v1/options-x';
const API_KEY = 'kiteapp1';
const API_SECRET = 'kite-secret-do-not-leak';
let kite: FakeKite;
let t: TestApp;
let token: string;

beforeEach(async () => {
  kite = await FakeKite.start({ heartbeatMs: 100 });
  kite.registerApp({ apiKey: API_KEY, apiSecret: API_SECRET });
  kite.publishMaster(kiteInstrumentsCsv(Date.now(), ['NIFTY']));
  t = await createTestApp({
    env: {
      XT_KITE_API_URL: kite.url,
      XT_KITE_LOGIN_URL: kite.loginUrl,
      XT_KITE_TICKER_URL: kite.tickerUrl,
      XT_INSTRUMENTS_SOURCE: 'kite',
      XT_PRACTICE_DELAY_MS: '0',
    },
    overrides: { liveBrokers: { tickerTiming: { minDelayMs: 30, maxDelayMs: 200 } } },
  });
  token = (await createTestUser(t.app)).token;
});
afterEach(async () => {
  await t.close();
  await kite.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `${BASE}${url}`, ...(payload ? { payload } : {}), headers: authHeader(token) });
const get = (path: string, filters: object) =>
  call('GET', `/instruments/${path}?filters=${encodeURIComponent(JSON.stringify(filters))}`);

describe('Practice Mode of a Zerodha user (whole app)', () => {
  it("shows and fills at the user's own Kite prices", async () => {
    expect(
      (await call('POST', '/broker/add/zerodha', { apiKey: API_KEY, apiSecret: API_SECRET })).statusCode,
    ).toBe(200);
    const login = await call('POST', '/broker/request-token/zerodha', {
      requestToken: kite.issueRequestToken(API_KEY, 'AB1234'),
    });
    expect(login.statusCode, login.body).toBe(200);
    await eventually(async () =>
      expect((await call('GET', '/broker/status')).json().data).toMatchObject({ state: 'connected' }),
    );
    const expiry = (await get('getExpiryDates', { name: 'NIFTY' })).json().data.expiryDates[0] as string;
    const strikes = (await get('getStrikes', { name: 'NIFTY', expiry, instrumentType: 'CE' })).json().data
      .strikes as number[];
    const strike = strikes[Math.floor(strikes.length / 2)];
    const found = await get('fetchInstrument', {
      instrumentType: 'CE',
      name: 'NIFTY',
      strike,
      expiry,
      exchange: 'NFO',
    });
    const ce = found.json().data.instrument as {
      internalToken: string;
      tradingsymbol: string;
      lot_size: number;
    };

    expect((await call('POST', '/broker/papertrading/start')).statusCode).toBe(200);
    const feed = (await call('GET', '/market/feed')).json().data;
    expect(feed).toMatchObject({
      source: 'broker',
      broker: 'ZERODHA',
      view: 'practice',
      practice: { source: 'broker', broker: 'ZERODHA', vendor: null },
    });

    // A paper market order with no price yet waits for the contract's first price on the user's own source.
    const placed = await call('POST', '/order', {
      exchange: 'NFO',
      internalToken: ce.internalToken,
      quantity: ce.lot_size,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'market',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await eventually(() =>
      expect(kite.ticker.subscriptions('AB1234').has(Number(ce.internalToken))).toBe(true),
    );
    kite.setPrice(ce.tradingsymbol, 87.35);
    await eventually(async () => {
      const { netPosition } = (await call('GET', '/portfolio/positions')).json().data.positions as {
        netPosition: Array<{ tradingSymbol: string; price: number }>;
      };
      const row = netPosition.find((p) => p.tradingSymbol === ce.tradingsymbol);
      // Bought at the ask: the fake's quote has no depth, so one tick (0.05) above its last price.
      expect(row).toMatchObject({ price: 87.4, lastTradedPrice: 87.35 });
    });
    // The instrument lists price the contract from the user's own source too (not the shared simulator's).
    const listed = await get('fetchInstrument', {
      instrumentType: 'CE',
      name: 'NIFTY',
      strike,
      expiry,
      exchange: 'NFO',
    });
    expect(listed.json().data.instrument).toMatchObject({ tradingsymbol: ce.tradingsymbol, ltp: 87.35 });
    const search = await call(
      'GET',
      `/instruments/search?filters=${encodeURIComponent(JSON.stringify({ identifier: ce.tradingsymbol }))}`,
    );
    expect(search.json().data.instruments).toEqual([expect.objectContaining({ ltp: 87.35 })]);
    // No order ever went to Kite: Practice Mode trades on the paper exchange.
    expect(kite.requests.some((r) => r.method === 'POST' && r.path.startsWith('/orders/'))).toBe(false);
  });
});
