import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createIiflFixture,
  type FakeIifl,
  IIFL_APP_SECRET,
  type IiflFixture,
} from '../../../../test/fakes/iifl';
import { eventually } from '../../../../test/fakes/kite';
import { optionRecord } from '../../../../test/helpers/fake-instruments';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';
import type { IiflService } from './service';

// Contract: IIFL login URL, the auth-code exchange with its checksum, orders and portfolio mapped to IIFL's API
// (with IIFL's own instrument ids from its contract files), order updates by polling the order book, session expiry.

let f: IiflFixture;
let iifl: FakeIifl;
let service: IiflService;
const SECRET = IIFL_APP_SECRET;

beforeEach(async () => {
  f = await createIiflFixture();
  iifl = f.fake;
  service = f.service;
});
afterEach(() => f.close());

const addUser = () => f.addUser();
const loggedIn = () => f.loggedIn();

const command = (change: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: 'XT0123456789-1',
  tradingSymbol: 'NIFTY26D0126000CE',
  internalToken: f.call.internalToken,
  exchange: 'NFO',
  side: 'buy',
  quantity: 65,
  product: 'normal',
  orderType: 'limit',
  price: 100,
  ...change,
});

describe('IIFL login', () => {
  it('builds the login URL with the platform app key and the redirect', async () => {
    const unconfigured = await createIiflFixture({ app: null });
    const url = new URL(service.loginUrl('https://app.example/redirect/iifl'));
    expect(url.origin).toBe('https://markets.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      v: '1',
      appkey: 'XTAPP',
      redirectUrl: 'https://app.example/redirect/iifl',
    });
    expect(() => unconfigured.service.loginUrl(undefined)).toThrow(
      'IIFL login is not available on this server',
    );
    await unconfigured.close();
  });

  it('exchanges the auth code with sha256(clientId + authCode + appSecret) and links the account', async () => {
    const userId = await addUser();
    const code = iifl.issueAuthCode('78816704');
    await service.completeLogin(userId, '78816704', code);
    const exchange = iifl.requests.find((r) => r.path === '/getusersession');
    expect(exchange?.body).toEqual({
      checkSum: createHash('sha256').update(`78816704${code}${SECRET}`).digest('hex'),
    });
    expect(f.links.get(userId)).toEqual({ broker: 'IIFL', clientId: '78816704' });
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
    ['intraday', { product: 'intraday' }, { product: 'INTRADAY', exchange: 'NSEFO' }],
  ] as const)('%s reaches IIFL as expected', async (_name, change, expected) => {
    const { session } = await loggedIn();
    const ack = await session.placeOrder(command(change as Partial<PlaceOrderCommand>));
    expect(ack.ok).toBe(true);
    const placed = iifl.requests.findLast((r) => r.method === 'POST' && r.path === '/orders');
    expect(placed?.body).toEqual([
      expect.objectContaining({
        ...expected,
        instrumentId: f.instrumentId,
        orderComplexity: 'REGULAR',
        validity: 'DAY',
        orderTag: 'XT0123456789-1',
      }),
    ]);
  });

  it("sends IIFL's own instrumentId and segment from its contract files, loaded once and handed to the master", async () => {
    const sensex = f.instruments.add(optionRecord('SENSEX', '2026-12-03', 85000, 'PE'));
    const [sensexId] = iifl.listContracts([sensex]);
    const { session } = await loggedIn();
    await session.placeOrder(command());
    await session.placeOrder(
      command({
        clientOrderId: 'XT0123456789-2',
        tradingSymbol: sensex.tradingsymbol,
        internalToken: sensex.internalToken,
        exchange: 'BFO',
      }),
    );
    const placed = iifl.requests.filter((r) => r.method === 'POST' && r.path === '/orders');
    expect(placed.map((r) => (r.body as Array<Record<string, unknown>>)[0])).toEqual([
      expect.objectContaining({ instrumentId: f.instrumentId, exchange: 'NSEFO' }),
      expect.objectContaining({ instrumentId: sensexId, exchange: 'BSEFO' }),
    ]);
    const files = iifl.requests.filter((r) => r.path.startsWith('/contractfiles/'));
    expect(files.map((r) => r.path)).toEqual(['/contractfiles/NSEFO.csv', '/contractfiles/BSEFO.csv']);
    expect(files.every((r) => r.authorization === undefined)).toBe(true);
    // Only our indices' derivatives are kept (IIFL's stock option and future are not).
    expect(f.adopted).toEqual([
      [
        expect.objectContaining({
          instrumentId: f.instrumentId,
          exchange: 'NSEFO',
          underlying: 'NIFTY',
          expiry: '2026-12-01',
          strike: 26000,
          optionType: 'CE',
          lotSize: f.call.lot_size,
        }),
        expect.objectContaining({ instrumentId: sensexId, exchange: 'BSEFO', underlying: 'SENSEX' }),
      ],
    ]);
  });

  it('refuses a contract IIFL does not list before sending anything', async () => {
    const { session } = await loggedIn();
    const unlisted = f.instruments.add(optionRecord('NIFTY', '2026-12-01', 26050, 'CE'));
    expect(
      await session.placeOrder(
        command({ tradingSymbol: unlisted.tradingsymbol, internalToken: unlisted.internalToken }),
      ),
    ).toEqual({ ok: false, code: 'rejected', reason: `IIFL does not list ${unlisted.tradingsymbol}` });
    expect(iifl.requests.filter((r) => r.method === 'POST' && r.path === '/orders')).toEqual([]);
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
        internalToken: f.call.internalToken,
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
