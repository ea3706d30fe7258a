import { createHash } from 'node:crypto';
import type { ActiveBroker } from '@xtrader/core/api/auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeIifl } from '../../../../test/fakes/iifl';
import { eventually } from '../../../../test/fakes/kite';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { createTestStore } from '../../../../test/helpers/test-store';
import { insertUserRow } from '../../../../test/helpers/user-rows';
import { silentLogger } from '../../../logger';
import type { Store } from '../../../store/open-store';
import type { BrokerOrderUpdate, BrokerSession, PlaceOrderCommand } from '../broker';
import { createCredentialVault } from '../vault';
import { createIiflService, type IiflService } from './service';

// Contract: IIFL login URL, the auth-code exchange with its checksum, orders and portfolio mapped to IIFL's API,
// order updates by polling the order book, session expiry.

const SECRET = 'iifl-app-secret';
let iifl: FakeIifl;
let store: Store;
let service: IiflService;
const links = new Map<string, { broker: ActiveBroker; clientId: string }>();
const clock = createFakeClock(Date.now());

const addUser = () => insertUserRow(store.db, { name: 'IIFL Trader', now: clock.now() });

function makeService(
  app: { appKey: string; appSecret: string } | null = { appKey: 'XTAPP', appSecret: SECRET },
) {
  return createIiflService({
    vault: createCredentialVault({ db: store.db, clock, masterKey: new Uint8Array(32).fill(5) }),
    accounts: {
      activeBrokerOf: async (userId) => links.get(userId)?.broker ?? null,
      linkBroker: async (userId, broker, clientId) => void links.set(userId, { broker, clientId }),
    },
    clock,
    logger: silentLogger(),
    settings: { apiUrl: iifl.url, loginUrl: 'https://markets.example/', app: app ?? undefined },
    tokenOf: (symbol) => (symbol === 'NIFTY26D0126000CE' ? '12073986' : undefined),
    pollMs: 30,
  });
}

beforeEach(async () => {
  iifl = await FakeIifl.start(SECRET);
  iifl.symbols.set('47164', 'NIFTY26D0126000CE');
  store = await createTestStore();
  service = makeService();
});
afterEach(async () => {
  service.close();
  await iifl.close();
  await store.close();
});

async function loggedIn() {
  const userId = await addUser();
  await service.completeLogin(userId, '78816704', iifl.issueAuthCode('78816704'));
  return { userId, session: (await service.sessionFor(userId)) as BrokerSession };
}

const command = (change: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: 'XT0123456789-1',
  tradingSymbol: 'NIFTY26D0126000CE',
  internalToken: '12073986',
  exchange: 'NFO',
  side: 'buy',
  quantity: 65,
  product: 'normal',
  orderType: 'limit',
  price: 100,
  ...change,
});

describe('IIFL login', () => {
  it('builds the login URL with the platform app key and the redirect', () => {
    const url = new URL(service.loginUrl('https://app.example/redirect/iifl'));
    expect(url.origin).toBe('https://markets.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      v: '1',
      appkey: 'XTAPP',
      redirectUrl: 'https://app.example/redirect/iifl',
    });
    expect(() => makeService(null).loginUrl(undefined)).toThrow('IIFL login is not available on this server');
  });

  it('exchanges the auth code with sha256(clientId + authCode + appSecret) and links the account', async () => {
    const userId = await addUser();
    const code = iifl.issueAuthCode('78816704');
    await service.completeLogin(userId, '78816704', code);
    const exchange = iifl.requests.find((r) => r.path === '/getusersession');
    expect(exchange?.body).toEqual({
      checkSum: createHash('sha256').update(`78816704${code}${SECRET}`).digest('hex'),
    });
    expect(links.get(userId)).toEqual({ broker: 'IIFL', clientId: '78816704' });
    expect(await service.status(userId)).toMatchObject({
      clientId: '78816704',
      state: 'connected',
      updates: 'polling',
    });
  });

  it('refuses an auth code that does not match, with the broker message', async () => {
    const userId = await addUser();
    await expect(service.completeLogin(userId, '78816704', 'made-up')).rejects.toMatchObject({
      code: 'broker_login_failed',
      message: 'IIFL login failed: Invalid checksum or auth code',
    });
  });
});

describe('IIFL orders', () => {
  it.each([
    [
      'market with protection',
      { orderType: 'market', marketProtection: 3 },
      { orderType: 'MARKET', marketProtectionPercent: 3 },
    ],
    ['limit', {}, { orderType: 'LIMIT', price: 100 }],
    [
      'stop-limit',
      { orderType: 'stoploss', triggerPrice: 90, price: 89 },
      { orderType: 'SL', slTriggerPrice: 90, price: 89 },
    ],
    [
      'stop-market as stop-limit',
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 },
      { orderType: 'SL', price: 87.3 },
    ],
    [
      "stop-market at the user's trigger/limit difference",
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90, stopLimitOffset: 1 },
      { orderType: 'SL', slTriggerPrice: 90, price: 89 },
    ],
    ['intraday on BSE', { product: 'intraday', exchange: 'BFO' }, { product: 'INTRADAY', exchange: 'BSEFO' }],
  ] as const)('%s reaches IIFL as expected', async (_name, change, expected) => {
    const { session } = await loggedIn();
    const ack = await session.placeOrder(command(change as Partial<PlaceOrderCommand>));
    expect(ack.ok).toBe(true);
    const placed = iifl.requests.findLast((r) => r.method === 'POST' && r.path === '/orders');
    expect(placed?.body).toEqual([
      expect.objectContaining({
        ...expected,
        instrumentId: '47164',
        orderComplexity: 'REGULAR',
        validity: 'DAY',
        orderTag: 'XT0123456789-1',
      }),
    ]);
  });

  it('modifies, cancels, lists by our id, and maps positions and limits', async () => {
    const { session } = await loggedIn();
    const ack = await session.placeOrder(
      command({ orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 88 }),
    );
    if (!ack.ok) throw new Error(ack.reason);
    expect(await session.modifyOrder(ack.brokerOrderId, { triggerPrice: 80 })).toEqual({
      ok: true,
      brokerOrderId: ack.brokerOrderId,
    });
    expect(iifl.requests.findLast((r) => r.method === 'PUT')?.body).toEqual({
      orderType: 'SL',
      slTriggerPrice: 80,
      price: 77.6,
    });
    const [listed] = await session.listOrders();
    expect(listed).toMatchObject({
      clientOrderId: 'XT0123456789-1',
      status: 'trigger_pending',
      triggerPrice: 80,
      side: 'sell',
    });
    expect(await session.cancelOrder(ack.brokerOrderId)).toMatchObject({ ok: true });
    expect(await session.cancelOrder(ack.brokerOrderId)).toMatchObject({
      ok: false,
      code: 'rejected',
      reason: 'IIFL: Order is not open',
    });

    const buy = await session.placeOrder(command({ clientOrderId: 'XT0123456789-2' }));
    if (!buy.ok) throw new Error(buy.reason);
    iifl.fill(buy.brokerOrderId, 65, 101);
    expect(await session.positions()).toEqual([
      expect.objectContaining({
        tradingSymbol: 'NIFTY26D0126000CE',
        internalToken: '12073986',
        quantity: 65,
        buyValue: 6565,
        product: 'normal',
      }),
    ]);
    expect(await session.margin()).toEqual({ total: 262500.5, available: 250000, utilized: 12500.5 });
  });

  it('reports order updates by polling the order book, once each', async () => {
    const { userId, session } = await loggedIn();
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(command());
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted']));
    iifl.fill(ack.brokerOrderId, 65, 99.5);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
    expect(updates[1]).toMatchObject({
      userId,
      clientOrderId: 'XT0123456789-1',
      event: { quantity: 65, price: 99.5 },
    });
    await service.reconnect(userId);
    expect(updates).toHaveLength(2);
  });

  it('shows an expired session when IIFL answers 401, and orders fail clearly', async () => {
    const { userId, session } = await loggedIn();
    iifl.expireSessions();
    expect(await session.placeOrder(command())).toEqual({
      ok: false,
      code: 'token_expired',
      reason: 'IIFL session expired. Log in with IIFL again to trade.',
    });
    await eventually(async () => expect((await service.status(userId)).state).toBe('expired'));
    await expect(service.reconnect(userId)).rejects.toMatchObject({ code: 'broker_session_expired' });
  });
});
