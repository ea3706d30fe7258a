import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../test/helpers/auth';
import {
  type ClusterInstance,
  type ClusterSpace,
  clusterServices,
  createClusterSpace,
  startClusterInstance,
} from '../../test/helpers/cluster-instance';
import { createFakeClock } from '../../test/helpers/fake-clock';
import { paperInstruments } from '../../test/helpers/paper';
import type { BrokerOrderUpdate } from '../modules/brokers/broker';

// A broker's postback (a public route: the broker calls it, no signed-in user) reaching an instance that does not
// run the user's engine is forwarded to the one that does, where the user's session and order manager listen.

const contracts = paperInstruments();
const clock = createFakeClock(Date.now());
const API = '/v1/options-x';
const SECRET = 'kite-app-secret';
const CLIENT = 'ZX9876';

const postback = (orderId: string, secret = SECRET) => {
  const order_timestamp = '2026-11-23 09:31:00';
  return {
    user_id: CLIENT,
    app_id: 1,
    order_id: orderId,
    order_timestamp,
    checksum: createHash('sha256')
      .update(orderId + order_timestamp + secret)
      .digest('hex'),
    status: 'COMPLETE',
    tradingsymbol: 'NIFTY26D0126000CE',
    exchange: 'NFO',
    transaction_type: 'BUY',
    order_type: 'LIMIT',
    product: 'NRML',
    quantity: 65,
    filled_quantity: 65,
    average_price: 100,
    price: 100,
    tag: 'XT0123456789',
  };
};

describe.skipIf(!clusterServices)('broker postbacks in a cluster', () => {
  let space: ClusterSpace;
  let a: ClusterInstance;
  let b: ClusterInstance;
  let userId: string;
  const heard = { a: [] as BrokerOrderUpdate[], b: [] as BrokerOrderUpdate[] };

  beforeAll(async () => {
    space = createClusterSpace();
    // Nothing listens there: the owner's ticker and book reads fail and retry quietly; postbacks need neither.
    const env = {
      XT_FORWARD_TIMEOUT_MS: '2000',
      XT_KITE_API_URL: 'http://127.0.0.1:9',
      XT_KITE_TICKER_URL: 'ws://127.0.0.1:9',
    };
    a = await startClusterInstance(space, 'pb-a', clock, contracts, env, { liveBrokers: true });
    b = await startClusterInstance(space, 'pb-b', clock, contracts, env, { liveBrokers: true });
    const { token } = await createTestUser(b.app);
    const headers = authHeader(token);
    userId = (await b.app.inject({ method: 'GET', url: `${API}/auth/getUserInfo`, headers })).json().data.user
      .id;
    const vault = a.liveBrokers?.vault;
    if (!vault) throw new Error('live brokers missing');
    await vault.saveCredentials(userId, 'zerodha', { apiKey: 'kite-key', apiSecret: SECRET });
    await vault.saveSession(userId, 'zerodha', {
      clientId: CLIENT,
      secrets: { accessToken: 'kite-token' },
      tokenExpiresAt: clock.now() + 3_600_000,
    });
    // The user's first engine request goes through A: A runs their engine.
    const first = await a.app.inject({ method: 'GET', url: `${API}/portfolio/orders`, headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(a.resources.ownership.owns(userId)).toBe(true);
    for (const [name, on] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const session = await on.liveBrokers?.zerodha.sessionFor(userId);
      session?.onOrderUpdate((update) => heard[name].push(update));
    }
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await space?.drop();
  });

  const send = (on: ClusterInstance, body: object) =>
    on.app.inject({ method: 'POST', url: `${API}/broker/postback/zerodha`, payload: body });

  it('a postback arriving at B is applied on A, the owner, and only there', async () => {
    const answer = await send(b, postback('7001'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('Postback received');
    expect(heard.a.map((update) => update.event.type)).toEqual(['accepted', 'fill']);
    expect(heard.a[0]).toMatchObject({ userId, brokerOrderId: '7001' });
    expect(heard.b).toEqual([]);
    // At the owner itself it is applied where it arrives.
    expect((await send(a, postback('7002'))).statusCode).toBe(200);
    expect(heard.a.filter((update) => update.brokerOrderId === '7002')).toHaveLength(2);
    expect(heard.b).toEqual([]);
  });

  it('a forged postback is refused where it arrives, before any forwarding', async () => {
    const answer = await send(b, postback('7003', 'guessed-secret'));
    expect(answer.statusCode).toBe(401);
    expect(heard.a.some((update) => update.brokerOrderId === '7003')).toBe(false);
  });
});
