import { BROKER_CALLBACK_PATHS } from '@xtrader/core/api/brokers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluggedBrokerKey } from '../../src/config';
import type { InstrumentRecord } from '../../src/modules/instruments/contract';
import { eventually } from '../fakes/kite';
import { authHeader, createTestUser } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The whole path a trader takes with one live broker, through the real app and the broker's local fake:
// login URL, the callback's grant exchange (a wrong grant refused), the broker made active, funds, a market buy of
// one lot reaching the broker with its own instrument id, quantity unit, product and order type, the order listed,
// a stop-loss modified and cancelled, an update from the broker completing the order, positions showing it.
// Each broker's contract test calls `describeLiveBrokerFlow` with its fake.

/** One order as the fake broker received it, in the broker's own words. */
export interface FakeBrokerOrder {
  brokerOrderId: string;
  /** The broker's id of the contract as the request named it (instrument key, security id, symbol token ...). */
  instrumentId: string;
  /** The quantity field as sent (units or lots, as the broker counts). */
  quantity: number;
  /** The product field as sent (the broker's word for intraday, e.g. `I`, `INTRADAY`, `MIS`). */
  product: string;
  /** The order-type field as sent (the broker's word, e.g. `MARKET`, `SL`, `2`). */
  orderType: string;
  /** The side field as sent (`BUY`, `B`, `1` ...). */
  side: string;
  price?: number;
  triggerPrice?: number;
  /** Our tag on the order (the broker's tag / remarks / correlation field), for reconciliation. */
  tag?: string;
  /** The broker's status word of the order now. */
  status: string;
}

/** A running fake of one broker, speaking its documented protocol on 127.0.0.1. */
export interface FakeLiveBroker {
  /** Its base URL, given to the app as `XT_<KEY>_BASE_URL`. */
  readonly baseUrl: string;
  /** The platform's app at the fake (`XT_<KEY>_APP_KEY` / `_APP_SECRET`). */
  readonly appKey: string;
  readonly appSecret: string | undefined;
  /** Lists our contracts in the fake's instrument master under the broker's own ids; returns the id of each. */
  listContracts(records: readonly InstrumentRecord[]): string[];
  /**
   * The trader logs in at the broker's login page (`loginUrl`, as our server built it, pointing at the fake): the
   * callback body the broker's redirect hands to the web app's `/redirect/<key>` page.
   */
  login(loginUrl: string, clientId: string): Promise<Record<string, string>>;
  /**
   * What the login URL carries to name the platform's app, when it is not the app key itself: e.g. Dhan's login
   * page takes the consent id that the server's call with the app's key and secret obtained. Read after the login
   * URL was asked for; without it the URL must carry the app key.
   */
  loginPageMarker?(): string;
  /** A callback body carrying a grant the broker refuses (wrong, reused or forged). */
  wrongGrant(clientId: string): Record<string, string>;
  /** Every order the fake received, oldest first. */
  orders(): FakeBrokerOrder[];
  /** Fills an open order completely at `price` and reports it (push, postback, or the next poll). */
  fill(brokerOrderId: string, price: number): void;
  /** The available cash the broker's funds endpoint reports. */
  setFunds(available: number): void;
  close(): Promise<void>;
}

export interface LiveBrokerFlowCase {
  key: PluggedBrokerKey;
  /** The broker's name as the trader reads it ("Upstox connected"). */
  name: string;
  /** The active-broker id (UPSTOX ...). */
  brokerId: string;
  start(): Promise<FakeLiveBroker>;
  /**
   * What the fake must receive for a market BUY of one lot, intraday (MIS), of `record`, whose broker id is
   * `instrumentId`: the broker's quantity unit, product and order-type words.
   */
  marketBuy(record: InstrumentRecord, instrumentId: string): Partial<FakeBrokerOrder>;
  /** The order-type word of a stop-loss (the broker may get stop-limit with a protective limit). */
  stopLossType: string;
}

const API = '/v1/options-x';
const ENV_KEY: Record<PluggedBrokerKey, string> = {
  upstox: 'UPSTOX',
  fyers: 'FYERS',
  dhan: 'DHAN',
  angelone: 'ANGELONE',
  flattrade: 'FLATTRADE',
  aliceblue: 'ALICEBLUE',
  vortex: 'VORTEX',
};

/** The app with the broker pointed at its fake (or without the platform's app when `configured` is false). */
export function liveBrokerEnv(key: PluggedBrokerKey, fake: FakeLiveBroker, configured = true) {
  const name = ENV_KEY[key];
  return {
    [`XT_${name}_BASE_URL`]: fake.baseUrl,
    ...(configured ? { [`XT_${name}_APP_KEY`]: fake.appKey } : {}),
    ...(configured && fake.appSecret ? { [`XT_${name}_APP_SECRET`]: fake.appSecret } : {}),
  };
}

export function describeLiveBrokerFlow(c: LiveBrokerFlowCase): void {
  describe(`${c.name}: login and trading through the app`, () => {
    let fake: FakeLiveBroker;
    let t: TestApp;
    let headers: { authorization: string };
    let contract: InstrumentRecord;
    let instrumentId: string;

    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
    const data = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      return response.json().data;
    };
    /** Every order of ours, whatever its table (GET /portfolio/orders answers open, executed, rejected, cancelled). */
    const ourOrders = async () =>
      Object.values(
        (await data('GET', '/portfolio/orders')) as Record<string, Array<Record<string, unknown>>>,
      ).flat();
    /** Waits until the broker's acknowledgement of our order reached the engine (it is working, with nothing pending). */
    const acknowledged = (orderId: string) =>
      eventually(async () => {
        const listed = (await ourOrders()).find((order) => order.orderId === orderId);
        expect(listed?.status).toMatch(/^(open|trigger_pending)$/);
      });

    beforeAll(async () => {
      fake = await c.start();
      t = await createTestApp({
        env: liveBrokerEnv(c.key, fake),
        overrides: { liveBrokers: { pluginPollMs: 50 } },
      });
      headers = authHeader((await createTestUser(t.app)).token);
      // Trading at a live broker needs a plan: the free trial.
      await data('POST', '/zohoSubscriptions/createZohoSubscription', { plan_code: 'freeTrial' });
      await data('POST', '/broker/papertrading/start');
      // The at-the-money NIFTY call of the nearest expiry, as the order panel shows it.
      contract = (await data('GET', '/instruments/fetchLatestOptionOfIndex?name=NIFTY'))
        .call as InstrumentRecord;
      [instrumentId] = fake.listContracts([contract]) as [string];
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    it('answers the login URL: the broker login page with the platform app key', async () => {
      const { url } = (await data('GET', `/broker/login/${c.key}`)) as { url: string };
      expect(url.startsWith(fake.baseUrl)).toBe(true);
      const marker = fake.loginPageMarker?.() ?? encodeURIComponent(fake.appKey).replace(/%7C/g, '|');
      expect(marker).not.toBe('');
      expect(url).toContain(marker);
    });

    it('refuses a wrong grant with a 4xx naming the broker and keeps the active broker', async () => {
      const response = await call('POST', BROKER_CALLBACK_PATHS[c.key], fake.wrongGrant('CLIENT1'));
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toContain(c.name);
      expect(((await data('GET', '/broker/status')) as { broker: string }).broker).toBe('PAPERTRADE');
    });

    it('exchanges the grant, makes the broker active and reads its funds', async () => {
      const { url } = (await data('GET', `/broker/login/${c.key}`)) as { url: string };
      const grant = await fake.login(url, 'CLIENT1');
      const response = await call('POST', BROKER_CALLBACK_PATHS[c.key], grant);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: `${c.name} connected`,
        data: { broker: c.brokerId, tradingAvailable: true },
      });
      const status = await data('GET', '/broker/status');
      expect(status).toMatchObject({ broker: c.brokerId, state: 'connected' });
      expect(status.expiresAt).toBeGreaterThan(t.resources.clock.now());
      expect(status.updateChannel).not.toBeNull();
      fake.setFunds(250_000);
      const margin = await data('GET', '/portfolio/margin');
      expect(JSON.stringify(margin)).toContain('250000');
    });

    it('sends a market buy of one lot with the broker id, unit, product and type; lists it; completes it', async () => {
      const placed = await data('POST', '/order', {
        exchange: contract.exchange,
        internalToken: contract.internalToken,
        quantity: contract.lot_size,
        transactionType: 'buy',
        product: 'MIS',
        orderType: 'market',
      });
      const orderId = placed.orderId as string;
      await eventually(() => expect(fake.orders()).toHaveLength(1));
      const sent = fake.orders()[0] as FakeBrokerOrder;
      expect(sent).toMatchObject({ instrumentId, ...c.marketBuy(contract, instrumentId) });
      expect(sent.tag).toBeDefined();
      await eventually(async () => {
        const listed = (await ourOrders()).find((order) => order.orderId === orderId);
        expect(listed?.brokerOrderId ?? listed?.orderId).toBeDefined();
      });
      fake.fill(sent.brokerOrderId, 120.5);
      await eventually(async () => {
        const listed = (await ourOrders()).find((order) => order.orderId === orderId);
        expect(JSON.stringify(listed)).toMatch(/complete/i);
      }, 10_000);
      await eventually(async () => {
        const positions = await data('GET', '/portfolio/positions');
        expect(JSON.stringify(positions)).toContain(contract.tradingsymbol);
      });
    });

    it('places a stop-loss, modifies its trigger and cancels it at the broker', async () => {
      const placed = await data('POST', '/order', {
        exchange: contract.exchange,
        internalToken: contract.internalToken,
        quantity: contract.lot_size,
        transactionType: 'sell',
        product: 'MIS',
        orderType: 'stoploss',
        triggerPrice: 100,
      });
      const orderId = placed.orderId as string;
      const stopAtBroker = () => fake.orders().find((order) => order.orderType === c.stopLossType);
      await eventually(() => expect(stopAtBroker()?.triggerPrice).toBe(100));
      await acknowledged(orderId);
      await data('PUT', `/order/${orderId}`, { triggerPrice: 95 });
      await eventually(() => expect(stopAtBroker()?.triggerPrice).toBe(95));
      await acknowledged(orderId);
      await data('DELETE', `/order/${orderId}`);
      await eventually(() => expect(stopAtBroker()?.status).toMatch(/cancel/i));
    });
  });

  describe(`${c.name}: not configured`, () => {
    it('answers a clear "not configured" 4xx when the platform app is not set', async () => {
      const fake = await c.start();
      const t = await createTestApp({ env: liveBrokerEnv(c.key, fake, false) });
      try {
        const headers = authHeader((await createTestUser(t.app)).token);
        const response = await t.app.inject({ method: 'GET', url: `${API}/broker/login/${c.key}`, headers });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().message).toMatch(/not (configured|available)/i);
      } finally {
        await t.close();
        await fake.close();
      }
    });
  });
}
