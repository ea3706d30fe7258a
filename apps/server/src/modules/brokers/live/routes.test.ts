import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeIifl } from '../../../../test/fakes/iifl';
import { eventually, FakeKite } from '../../../../test/fakes/kite';
import { authHeader, createTestUser } from '../../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';

// The broker routes on the real app graph, with Kite and IIFL replaced by local fakes through XT_KITE_* / XT_IIFL_*.

const BASE = '/v1/options-x';
const API_KEY = 'kiteapp1';
const API_SECRET = 'kite-secret-do-not-leak';
let kite: FakeKite;
let iifl: FakeIifl;
let t: TestApp;
let token: string;

beforeEach(async () => {
  kite = await FakeKite.start({ heartbeatMs: 100 });
  kite.registerApp({ apiKey: API_KEY, apiSecret: API_SECRET });
  iifl = await FakeIifl.start('iifl-secret');
  t = await createTestApp({
    env: {
      XT_KITE_API_URL: kite.url,
      XT_KITE_LOGIN_URL: kite.loginUrl,
      XT_KITE_TICKER_URL: kite.tickerUrl,
      XT_IIFL_API_URL: iifl.url,
      XT_IIFL_LOGIN_URL: 'https://iifl.example/login',
      XT_IIFL_APP_KEY: 'XTAPP',
      XT_IIFL_APP_SECRET: 'iifl-secret',
    },
    overrides: { liveBrokers: { tickerTiming: { minDelayMs: 30, maxDelayMs: 200 } } },
  });
  token = (await createTestUser(t.app)).token;
});
afterEach(async () => {
  await t.close();
  await kite.close();
  await iifl.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, auth = true) =>
  t.app.inject({
    method,
    url: `${BASE}${url}`,
    ...(payload ? { payload } : {}),
    headers: auth ? authHeader(token) : {},
  });

const userInfo = async () => (await call('GET', '/auth/getUserInfo')).json().data.user;

describe('Zerodha routes', () => {
  it('adds credentials, logs in through the request token and shows a connected broker', async () => {
    const missing = await call('GET', '/broker/login/zerodha');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, message: 'cannot find credentials' });

    const bad = await call('POST', '/broker/add/zerodha', { apiKey: API_KEY });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/apiSecret/);

    const added = await call('POST', '/broker/add/zerodha', { apiKey: API_KEY, apiSecret: API_SECRET });
    expect(added.json()).toMatchObject({ success: true, message: 'Zerodha account added' });
    const login = await call('GET', '/broker/login/zerodha');
    expect(login.json().data.url).toBe(`${kite.loginUrl}?v=3&api_key=${API_KEY}`);

    const exchanged = await call('POST', '/broker/request-token/zerodha', {
      requestToken: kite.issueRequestToken(API_KEY, 'AB1234'),
    });
    expect(exchanged.json()).toEqual({
      success: true,
      message: 'Zerodha connected',
      data: { broker: 'ZERODHA', clientId: 'AB1234', tradingAvailable: true },
    });
    expect(await userInfo()).toMatchObject({ activeBroker: 'ZERODHA', clientId: 'AB1234' });
    await eventually(async () =>
      expect((await call('GET', '/broker/status')).json().data).toMatchObject({
        broker: 'ZERODHA',
        clientId: 'AB1234',
        state: 'connected',
        updates: 'live',
        canSubscribeUpdates: false,
      }),
    );
    for (const response of [added, login, exchanged]) expect(response.body).not.toContain(API_SECRET);
  });

  it('answers a failed exchange with a clear 400 and leaves the user without a broker', async () => {
    await call('POST', '/broker/add/zerodha', { apiKey: API_KEY, apiSecret: 'wrong' });
    const failed = await call('POST', '/broker/request-token/zerodha', { requestToken: 'expired-token' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/^Zerodha login failed/);
    expect((await call('POST', '/broker/request-token/zerodha', {})).statusCode).toBe(400);
    expect(await userInfo()).toMatchObject({ activeBroker: null });
  });

  it('accepts a postback without a user token when its checksum is right, refuses a forged one', async () => {
    await call('POST', '/broker/add/zerodha', { apiKey: API_KEY, apiSecret: API_SECRET });
    await call('POST', '/broker/request-token/zerodha', {
      requestToken: kite.issueRequestToken(API_KEY, 'AB1234'),
    });
    const body = {
      user_id: 'AB1234',
      order_id: '151220000000009',
      order_timestamp: '2026-11-23 10:00:00',
      status: 'CANCELLED',
      tradingsymbol: 'NIFTY26D0126000CE',
      exchange: 'NFO',
      transaction_type: 'SELL',
      order_type: 'LIMIT',
      product: 'MIS',
      quantity: 65,
    };
    const checksum = createHash('sha256')
      .update(`${body.order_id}${body.order_timestamp}${API_SECRET}`)
      .digest('hex');
    expect((await call('POST', '/broker/postback/zerodha', { ...body, checksum }, false)).statusCode).toBe(
      200,
    );
    const forged = await call(
      'POST',
      '/broker/postback/zerodha',
      { ...body, checksum: 'f'.repeat(64) },
      false,
    );
    expect(forged.statusCode).toBe(401);
  });
});

describe('reconnect', () => {
  it("reconnects a live Zerodha session ('Subscribe Updates') and refuses an expired one clearly", async () => {
    await call('POST', '/broker/add/zerodha', { apiKey: API_KEY, apiSecret: API_SECRET });
    await call('POST', '/broker/request-token/zerodha', {
      requestToken: kite.issueRequestToken(API_KEY, 'AB1234'),
    });
    const before = kite.ticker.connections;
    const reconnected = await call('POST', '/broker/reconnect');
    expect(reconnected.json()).toMatchObject({
      success: true,
      message: 'Reconnected to broker updates successfully!',
    });
    await eventually(() => expect(kite.ticker.connections).toBeGreaterThan(before));
    kite.expireSessions();
    await eventually(async () =>
      expect((await call('GET', '/broker/status')).json().data).toMatchObject({
        state: 'expired',
        updates: 'off',
      }),
    );
    const refused = await call('POST', '/broker/reconnect');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Zerodha session expired. Log in with Zerodha again to trade.');
  });
});

describe('IIFL routes', () => {
  it('gives the login URL and saves the login from the redirect', async () => {
    const login = await call('GET', '/broker/login/iifl');
    const url = new URL(login.json().data.url);
    expect(url.searchParams.get('appkey')).toBe('XTAPP');
    expect(url.searchParams.get('redirectUrl')).toMatch(/\/redirect\/iifl$/);
    const saved = await call('POST', '/broker/save/iifl', {
      clientId: '78816704',
      authcode: iifl.issueAuthCode('78816704'),
    });
    expect(saved.json()).toMatchObject({ success: true, data: { broker: 'IIFL', tradingAvailable: true } });
    expect(await userInfo()).toMatchObject({ activeBroker: 'IIFL', clientId: '78816704' });
    expect((await call('GET', '/broker/status')).json().data).toMatchObject({
      broker: 'IIFL',
      state: 'connected',
      canSubscribeUpdates: true,
    });
    expect((await call('POST', '/broker/save/iifl', { clientId: '78816704' })).statusCode).toBe(400);
  });
});
