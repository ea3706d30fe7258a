import { BROKER_CALLBACK_PATHS } from '@xtrader/core/api/brokers';
import type { PluggedBrokerKey } from '../../../src/config';
import type { InstrumentRecord } from '../../../src/modules/instruments/contract';
import type { FakeLiveBroker } from '../../contracts/live-broker-flow';
import { FakeAliceBlue } from '../../fakes/aliceblue';
import { FakeAngelOne } from '../../fakes/angelone';
import { FakeDhan } from '../../fakes/dhan';
import { FakeFlattrade } from '../../fakes/flattrade';
import { FakeFyers } from '../../fakes/fyers';
import { FakeIifl } from '../../fakes/iifl';
import { FakeKite } from '../../fakes/kite';
import { FakeUpstox } from '../../fakes/upstox';
import { FakeVortex } from '../../fakes/vortex';

// Every fake broker behind one face for the fault probes: where the app must point (through the fault proxy),
// how the trader logs in, the broker's book in plain terms, and the broker's own hands (fill, expire sessions).

/** A broker order as the fault probes compare it with ours. */
export interface BrokerBookOrder {
  brokerOrderId: string;
  tag: string | undefined;
  status: string;
  triggerPrice: number | undefined;
}

/** What the probe can do to the app: an authenticated JSON call. */
export type AppCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<{ statusCode: number; body: string; data: unknown }>;

export interface FaultTarget {
  name: string;
  /** The app's environment pointing this broker at `proxyUrl` (the proxy in front of `fakeUrl`). */
  env(proxyUrl: string): Record<string, string>;
  /** The URL the fault proxy forwards to. */
  fakeUrl: string;
  /** Lists the contract at the fake (instrument master / symbols). */
  listContract(record: InstrumentRecord): void;
  /** Logs the app's user in to this broker (again, after an expiry). */
  login(call: AppCall): Promise<void>;
  orders(): BrokerBookOrder[];
  fill(brokerOrderId: string, price: number, quantity: number): void;
  expireSessions(): void;
  close(): Promise<void>;
}

const ENV_KEY: Record<PluggedBrokerKey, string> = {
  upstox: 'UPSTOX',
  fyers: 'FYERS',
  dhan: 'DHAN',
  angelone: 'ANGELONE',
  flattrade: 'FLATTRADE',
  aliceblue: 'ALICEBLUE',
  vortex: 'VORTEX',
};

async function must(call: AppCall, method: 'GET' | 'POST', url: string, payload?: object) {
  const answer = await call(method, url, payload);
  if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.data;
}

type LiveFake = FakeLiveBroker & { expireSessions(): void };

function plugged(name: string, key: PluggedBrokerKey, start: () => Promise<LiveFake>) {
  return async (): Promise<FaultTarget> => {
    const fake = await start();
    return {
      name,
      fakeUrl: fake.baseUrl,
      env: (proxyUrl) => ({
        [`XT_${ENV_KEY[key]}_BASE_URL`]: proxyUrl,
        [`XT_${ENV_KEY[key]}_APP_KEY`]: fake.appKey,
        ...(fake.appSecret ? { [`XT_${ENV_KEY[key]}_APP_SECRET`]: fake.appSecret } : {}),
      }),
      listContract: (record) => void fake.listContracts([record]),
      async login(call) {
        const { url } = (await must(call, 'GET', `/broker/login/${key}`)) as { url: string };
        await must(call, 'POST', BROKER_CALLBACK_PATHS[key], await fake.login(url, 'CLIENT1'));
      },
      orders: () =>
        fake.orders().map((o) => ({
          brokerOrderId: o.brokerOrderId,
          tag: o.tag,
          status: o.status,
          triggerPrice: o.triggerPrice,
        })),
      fill: (id, price) => fake.fill(id, price),
      expireSessions: () => fake.expireSessions(),
      close: () => fake.close(),
    };
  };
}

const KITE_APP = { apiKey: 'faultapp', apiSecret: 'fault-app-secret' };
const KITE_USER = 'FK0001';

async function kite(): Promise<FaultTarget> {
  const fake = await FakeKite.start({ heartbeatMs: 1000, userId: KITE_USER });
  fake.registerApp(KITE_APP);
  return {
    name: 'Zerodha',
    fakeUrl: fake.url,
    env: (proxyUrl) => ({
      XT_KITE_API_URL: proxyUrl,
      XT_KITE_LOGIN_URL: `${proxyUrl}/connect/login`,
      XT_KITE_TICKER_URL: `${proxyUrl.replace('http', 'ws')}/ws`,
    }),
    listContract: (record) =>
      fake.addInstrument({
        tradingsymbol: record.tradingsymbol,
        instrument_token: Number(record.internalToken),
        exchange: record.exchange,
      }),
    async login(call) {
      await must(call, 'POST', '/broker/add/zerodha', KITE_APP);
      await must(call, 'POST', BROKER_CALLBACK_PATHS.zerodha, {
        requestToken: fake.issueRequestToken(KITE_APP.apiKey, KITE_USER),
      });
    },
    orders: () =>
      [...fake.book(KITE_USER).orders.values()].map((o) => ({
        brokerOrderId: o.order_id,
        tag: o.tag ?? undefined,
        status: o.status,
        triggerPrice: o.trigger_price || undefined,
      })),
    fill: (id, price, quantity) => void fake.book(KITE_USER).fill(id, quantity, price),
    expireSessions: () => fake.expireSessions(),
    close: () => fake.close(),
  };
}

const IIFL_APP = { key: 'XTAPP', secret: 'iifl-secret' };

async function iifl(): Promise<FaultTarget> {
  const fake = await FakeIifl.start(IIFL_APP.secret);
  const origin = new URL(fake.url).origin;
  return {
    name: 'IIFL',
    fakeUrl: origin,
    env: (proxyUrl) => ({
      XT_IIFL_API_URL: `${proxyUrl}/v1`,
      XT_IIFL_LOGIN_URL: `${proxyUrl}/login`,
      XT_IIFL_APP_KEY: IIFL_APP.key,
      XT_IIFL_APP_SECRET: IIFL_APP.secret,
    }),
    listContract: (record) => void fake.listContracts([record]),
    async login(call) {
      await must(call, 'POST', BROKER_CALLBACK_PATHS.iifl, {
        clientId: '78816704',
        authcode: fake.issueAuthCode('78816704'),
      });
    },
    orders: () =>
      [...fake.orders.values()].map((o) => ({
        brokerOrderId: o.brokerOrderId,
        tag: o.orderTag ?? undefined,
        status: o.orderStatus,
        triggerPrice: o.slTriggerPrice || undefined,
      })),
    fill: (id, price, quantity) => fake.fill(id, quantity, price),
    expireSessions: () => fake.expireSessions(),
    close: () => fake.close(),
  };
}

/**
 * Every broker with a fake: Kite, IIFL and the seven plugged in through the plugin seam. Where order updates are a
 * doorbell for an order-book read (Dhan, Rupeezy, AliceBlue, Fyers), a stale answer to that read is read again by the
 * kit's stream channel, so every broker heals stale reads.
 */
export const FAULT_TARGETS: ReadonlyArray<{
  name: string;
  start: () => Promise<FaultTarget>;
}> = [
  { name: 'Zerodha', start: kite },
  { name: 'IIFL', start: iifl },
  { name: 'Upstox', start: plugged('Upstox', 'upstox', () => FakeUpstox.start()) },
  { name: 'Fyers', start: plugged('Fyers', 'fyers', () => FakeFyers.start()) },
  { name: 'Dhan', start: plugged('Dhan', 'dhan', () => FakeDhan.start()) },
  {
    name: 'Angel One',
    start: plugged('Angel One', 'angelone', () => FakeAngelOne.start()),
  },
  {
    name: 'Flattrade',
    start: plugged('Flattrade', 'flattrade', () => FakeFlattrade.start()),
  },
  {
    name: 'AliceBlue',
    start: plugged('AliceBlue', 'aliceblue', () => FakeAliceBlue.start()),
  },
  { name: 'Rupeezy', start: plugged('Rupeezy', 'vortex', () => FakeVortex.start()) },
];
