import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, FakeKite } from '../../../test/fakes/kite';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { kiteInstrumentsCsv } from '../../../test/helpers/kite-instruments-csv';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { loadConfig } from '../../config';

// The instrument master from the broker's published master: with XT_INSTRUMENTS_SOURCE=kite the server imports
// Kite's public instrument dump (here the fake Kite's), and a contract from it trades at Kite under Kite's own
// instrument token, through the order route.

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

describe("instrument master from the broker's published master", () => {
  it("reads Kite's dump by default with a platform feed, or when asked; an explicit CSV wins", () => {
    const platform = {
      XT_PLATFORM_FEED_VENDOR: 'truedata',
      XT_PLATFORM_FEED_USER: 'u',
      XT_PLATFORM_FEED_PASSWORD: 'p',
    };
    expect(loadConfig({}).instrumentsCsv).toBeUndefined();
    expect(loadConfig(platform).instrumentsCsv).toBe('https://api.kite.trade/instruments');
    expect(loadConfig({ ...platform, XT_INSTRUMENTS_SOURCE: 'generated' }).instrumentsCsv).toBeUndefined();
    expect(loadConfig({ XT_INSTRUMENTS_SOURCE: 'kite', XT_KITE_API_URL: 'http://k:1/' }).instrumentsCsv).toBe(
      'http://k:1/instruments',
    );
    expect(
      loadConfig({ XT_INSTRUMENTS_SOURCE: 'kite', XT_INSTRUMENTS_CSV: 'https://x.example/i.csv' })
        .instrumentsCsv,
    ).toBe('https://x.example/i.csv');
    expect(() => loadConfig({ XT_INSTRUMENTS_SOURCE: 'nse' })).toThrow(/XT_INSTRUMENTS_SOURCE/);
  });

  it("trades a contract of Kite's master at Kite, under Kite's instrument token", async () => {
    expect(kite.requests.some((r) => r.path === '/instruments')).toBe(true);
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
    expect(found.statusCode, found.body).toBe(200);
    const instrument = found.json().data.instrument as {
      internalToken: string;
      tradingsymbol: string;
      lot_size: number;
    };
    // The token is Kite's instrument_token from the dump (32-bit, exchange_token * 256 + segment), not generated.
    const dumpRow = kiteInstrumentsCsv(Date.now(), ['NIFTY'])
      .split('\n')
      .find((line) => line.split(',')[2] === instrument.tradingsymbol);
    expect(dumpRow?.split(',')[0]).toBe(instrument.internalToken);
    expect(Number(instrument.internalToken)).toBeLessThan(2 ** 32);

    expect(
      (await call('POST', '/zohoSubscriptions/createZohoSubscription', { plan_code: 'freeTrial' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/broker/add/zerodha', { apiKey: API_KEY, apiSecret: API_SECRET })).statusCode,
    ).toBe(200);
    const login = await call('POST', '/broker/request-token/zerodha', {
      requestToken: kite.issueRequestToken(API_KEY, 'AB1234'),
    });
    expect(login.statusCode, login.body).toBe(200);

    const placed = await call('POST', '/order', {
      exchange: 'NFO',
      internalToken: instrument.internalToken,
      quantity: instrument.lot_size,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'limit',
      // The API's limit price.
      triggerPrice: 100,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await eventually(() =>
      expect(kite.requests.filter((r) => r.method === 'POST' && r.path === '/orders/regular')).toHaveLength(
        1,
      ),
    );
    const sent = kite.requests.find((r) => r.method === 'POST' && r.path === '/orders/regular');
    expect(sent?.form).toMatchObject({
      tradingsymbol: instrument.tradingsymbol,
      exchange: 'NFO',
      transaction_type: 'BUY',
      quantity: String(instrument.lot_size),
    });
  });
});
