import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AliceBlueFixture, createAliceBlueFixture } from '../../../../test/fakes/aliceblue';
import { eventually } from '../../../../test/fakes/kite';
import { optionRecord } from '../../../../test/helpers/fake-instruments';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';
import { aliceSessionExpiry } from './plugin';

// AliceBlue through the plugin seam: the login URL with the app code, the vendor exchange with its checksum (a
// wrong or reused code refused), orders as AliceBlue's open-api takes them (instrument id from its contract master,
// units, product, SL with a protective limit, market protection, our tag, the algo id), polling updates, expiry.

let f: AliceBlueFixture;
const REDIRECT = 'https://app.example/redirect/aliceblue';

beforeEach(async () => {
  f = await createAliceBlueFixture();
});
afterEach(() => f.close());

const placements = () =>
  f.alice.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/orders/placeorder'));

describe('AliceBlue login', () => {
  it("builds the login URL on AliceBlue's page with the platform app code", async () => {
    const url = new URL(await f.plugin.loginUrl('u1', REDIRECT));
    expect(url.origin + url.pathname).toBe(`${f.alice.baseUrl}/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ appcode: f.alice.appKey });
  });

  it('answers not configured without the app code and API secret', async () => {
    const bare = await createAliceBlueFixture({ app: undefined });
    const keyOnly = await createAliceBlueFixture({ app: { appKey: 'XTALICEAPP', appSecret: undefined } });
    try {
      for (const fixture of [bare, keyOnly]) {
        await expect(fixture.plugin.loginUrl('u1', REDIRECT)).rejects.toMatchObject({
          code: 'broker_not_configured',
          message: 'AliceBlue login is not available on this server',
        });
        await expect(
          fixture.plugin.completeLogin('u1', { authCode: 'x', clientId: 'AB1' }, REDIRECT),
        ).rejects.toMatchObject({ code: 'broker_not_configured' });
      }
    } finally {
      await bare.close();
      await keyOnly.close();
    }
  });

  it('exchanges the auth code with sha256(userId + authCode + apiSecret), stores the session and links', async () => {
    const userId = await f.addUser();
    const grant = await f.alice.login(await f.plugin.loginUrl(userId, REDIRECT), 'AB1234');
    expect(await f.plugin.completeLogin(userId, grant, REDIRECT)).toEqual({ clientId: 'AB1234' });
    const exchange = f.alice.requests.find((r) => r.path === '/open-api/od/v1/vendor/getUserDetails');
    expect(exchange?.body).toEqual({
      checkSum: createHash('sha256').update(`AB1234${grant.authCode}${f.alice.appSecret}`).digest('hex'),
    });
    expect(f.links.get(userId)).toEqual({ broker: 'ALICEBLUE', clientId: 'AB1234' });
    expect(await f.plugin.status(userId)).toEqual({
      clientId: 'AB1234',
      state: 'connected',
      expiresAt: aliceSessionExpiry(f.clock.now()),
      updates: 'live',
      canSubscribeUpdates: true,
      updateChannel: 'polling',
    });
  });

  it('refuses a forged or reused code with the reason, and links nothing', async () => {
    const userId = await f.addUser();
    const forged = f.alice.wrongGrant('AB1234');
    await expect(f.plugin.completeLogin(userId, forged, REDIRECT)).rejects.toMatchObject({
      code: 'broker_login_failed',
      message: expect.stringMatching(/^AliceBlue login failed: .*EC913/),
    });
    const grant = { authCode: f.alice.issueAuthCode('AB1234'), clientId: 'AB1234' };
    await f.plugin.completeLogin(userId, grant, REDIRECT);
    const other = await f.addUser();
    await expect(f.plugin.completeLogin(other, grant, REDIRECT)).rejects.toMatchObject({
      code: 'broker_login_failed',
    });
    expect(f.links.has(other)).toBe(false);
  });

  it('ends the session at the next 06:00 IST', () => {
    const at0930Ist = Date.UTC(2026, 10, 24, 4, 0);
    expect(aliceSessionExpiry(at0930Ist)).toBe(Date.UTC(2026, 10, 25, 0, 30));
  });
});

describe('AliceBlue orders', () => {
  it.each([
    [
      'market with the default protection',
      { orderType: 'market' },
      { orderType: 'MARKET', price: '0', marketProtectionPercent: '10' },
    ],
    [
      "market with the user's protection",
      { orderType: 'market', marketProtection: 3 },
      { orderType: 'MARKET', marketProtectionPercent: '3' },
    ],
    ['limit', {}, { orderType: 'LIMIT', price: '100', slTriggerPrice: '0' }],
    [
      'stop-limit',
      { orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 89 },
      { orderType: 'SL', slTriggerPrice: '90', price: '89', transactionType: 'SELL' },
    ],
    [
      'stop-market as stop-limit with a protective limit',
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 },
      { orderType: 'SL', slTriggerPrice: '90', price: '87.3', transactionType: 'SELL' },
    ],
    ['intraday', { product: 'intraday' }, { product: 'INTRADAY' }],
  ] as const)('%s reaches AliceBlue as its open-api takes it', async (_name, change, expected) => {
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command(change as Partial<PlaceOrderCommand>));
    expect(ack.ok).toBe(true);
    expect(placements().at(-1)?.body).toEqual([
      expect.objectContaining({
        exchange: 'NFO',
        instrumentId: f.token,
        transactionType: 'BUY',
        quantity: 65,
        product: 'NRML',
        orderComplexity: 'REGULAR',
        validity: 'DAY',
        orderTag: 'XT0123456789-1',
        algoId: 'ALGO7',
        ...expected,
      }),
    ]);
  });

  it('refuses a contract AliceBlue does not list before sending anything', async () => {
    const { session } = await f.loggedIn();
    const unlisted = optionRecord('NIFTY', '2026-12-01', 27000, 'PE');
    const ack = await session.placeOrder(f.command({ tradingSymbol: unlisted.tradingsymbol }));
    expect(ack).toEqual({
      ok: false,
      code: 'rejected',
      reason: `AliceBlue does not list ${unlisted.tradingsymbol}`,
    });
    expect(placements()).toHaveLength(0);
  });

  it('treats an Ok answer without an order id as an unknown outcome, found again by our tag', async () => {
    const { session } = await f.loggedIn();
    f.alice.placementAnswer = { status: 'Ok', message: 'Success', result: [{}] };
    await expect(session.placeOrder(f.command())).rejects.toMatchObject({ code: 'network', uncertain: true });
    expect((await session.listOrders()).map((o) => o.clientOrderId)).toEqual(['XT0123456789-1']);
  });

  it("explains AliceBlue's refusal codes in plain words", async () => {
    const { session } = await f.loggedIn();
    expect(await session.placeOrder(f.command({ quantity: 10 }))).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'AliceBlue: the quantity must be a whole number of lots (EC954)',
    });
  });

  it('modifies a stop with the whole order, lists it by our tag with our symbol, and cancels it', async () => {
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(
      f.command({ orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 88 }),
    );
    if (!ack.ok) throw new Error(ack.reason);
    expect(await session.modifyOrder(ack.brokerOrderId, { triggerPrice: 80 })).toEqual({
      ok: true,
      brokerOrderId: ack.brokerOrderId,
    });
    expect(f.alice.requests.findLast((r) => r.path.endsWith('/orders/modify'))?.body).toEqual({
      brokerOrderId: ack.brokerOrderId,
      quantity: 65,
      orderType: 'SL',
      slTriggerPrice: '80',
      price: '77.6',
      validity: 'DAY',
      disclosedQuantity: '0',
    });
    const [listed] = await session.listOrders();
    expect(listed).toMatchObject({
      brokerOrderId: ack.brokerOrderId,
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: f.call.tradingsymbol,
      status: 'trigger_pending',
      orderType: 'stoploss',
      triggerPrice: 80,
      side: 'sell',
      product: 'normal',
    });
    expect(await session.cancelOrder(ack.brokerOrderId)).toMatchObject({ ok: true });
    expect(await session.cancelOrder(ack.brokerOrderId)).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'AliceBlue: the order is no longer open, so it cannot be changed (EC993)',
    });
  });

  it("reads AliceBlue's 'no orders' answer as an empty order book", async () => {
    const { session } = await f.loggedIn();
    expect(await session.listOrders()).toEqual([]);
    const book = f.alice.requests.findLast((r) => r.path.endsWith('/orders/book'));
    expect(book?.method).toBe('GET');
  });

  it('maps positions back to our contract and reads the limits', async () => {
    const { session } = await f.loggedIn();
    expect(await session.positions()).toEqual([]);
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    f.alice.fill(ack.brokerOrderId, 99.5);
    expect(await session.positions()).toEqual([
      {
        tradingSymbol: f.call.tradingsymbol,
        internalToken: f.call.internalToken,
        product: 'normal',
        quantity: 65,
        buyQuantity: 65,
        sellQuantity: 0,
        buyValue: 6467.5,
        sellValue: 0,
        lastTradedPrice: 99.5,
        averagePrice: 99.5,
      },
    ]);
    f.alice.setFunds(200_000);
    expect(await session.margin()).toEqual({ total: 212_500.5, available: 200_000, utilized: 12_500.5 });
  });
});

describe('AliceBlue order updates', () => {
  it('polls the order book: a fill is reported once with our tag', async () => {
    const { userId, session } = await f.loggedIn();
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    f.alice.fill(ack.brokerOrderId, 99.5);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
    expect(updates[1]).toMatchObject({
      userId,
      clientOrderId: 'XT0123456789-1',
      event: { quantity: 65, price: 99.5 },
    });
    await f.plugin.reconnect(userId);
    expect(updates).toHaveLength(2);
  });

  it('reports a protective stop that AliceBlue cancels or rejects by itself', async () => {
    const { session } = await f.loggedIn();
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const stop = (clientOrderId: string) =>
      f.command({ clientOrderId, orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 });
    const first = await session.placeOrder(stop('XT0123456789-2'));
    const second = await session.placeOrder(stop('XT0123456789-3'));
    if (!first.ok || !second.ok) throw new Error('placement refused');
    await eventually(() => expect(updates.filter((u) => u.event.type === 'accepted')).toHaveLength(2));
    f.alice.end(first.brokerOrderId, 'CANCELLED', 'Cancelled by the exchange at the end of the day');
    f.alice.end(second.brokerOrderId, 'REJECTED', 'Price outside the circuit band');
    await eventually(() =>
      expect(updates.filter((u) => ['cancelled', 'rejected'].includes(u.event.type))).toEqual([
        expect.objectContaining({
          brokerOrderId: first.brokerOrderId,
          clientOrderId: 'XT0123456789-2',
          event: expect.objectContaining({ type: 'cancelled' }),
        }),
        expect.objectContaining({
          brokerOrderId: second.brokerOrderId,
          clientOrderId: 'XT0123456789-3',
          event: { type: 'rejected', reason: 'Price outside the circuit band' },
        }),
      ]),
    );
  });

  it('shows an expired session when AliceBlue answers 401, and orders fail clearly', async () => {
    const { userId, session } = await f.loggedIn();
    f.alice.expireSessions();
    expect(await session.placeOrder(f.command())).toEqual({
      ok: false,
      code: 'token_expired',
      reason: 'AliceBlue session expired. Log in with AliceBlue again to trade.',
    });
    await eventually(async () => expect((await f.plugin.status(userId)).state).toBe('expired'));
    await expect(f.plugin.reconnect(userId)).rejects.toMatchObject({ code: 'broker_session_expired' });
  });
});

describe("AliceBlue's Order Status Feed", () => {
  let fed: AliceBlueFixture;
  beforeEach(async () => {
    // Polling once a minute: whatever arrives within the test came through the feed.
    fed = await createAliceBlueFixture({}, { feed: true, pollMs: 60_000, feedRetryMs: 50 });
  });
  afterEach(() => fed.close());

  it('subscribes with the order token and the AliceBlue user id, and reports changes it pushes', async () => {
    const { userId, session } = await fed.loggedIn('AB1234');
    await eventually(async () =>
      expect(await fed.plugin.status(userId)).toMatchObject({ updates: 'live', updateChannel: 'stream' }),
    );
    await eventually(() =>
      expect(fed.alice.feedMessages[0]).toEqual({ orderToken: expect.any(String), userId: 'AB1234' }),
    );
    await eventually(() => expect(fed.alice.feedClients).toBe(1));
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(fed.command());
    if (!ack.ok) throw new Error(ack.reason);
    fed.alice.fill(ack.brokerOrderId, 99.5);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
  });

  it('falls back to polling when the feed drops, comes back, and reports what changed meanwhile', async () => {
    const { userId, session } = await fed.loggedIn();
    await eventually(() => expect(fed.alice.feedClients).toBe(1));
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(fed.command());
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted']));
    fed.alice.feedEnabled = false;
    fed.alice.dropFeed();
    await eventually(async () =>
      expect(await fed.plugin.status(userId)).toMatchObject({ updates: 'live', updateChannel: 'polling' }),
    );
    fed.alice.fill(ack.brokerOrderId, 99.5);
    fed.alice.feedEnabled = true;
    await eventually(async () =>
      expect(await fed.plugin.status(userId)).toMatchObject({ updateChannel: 'stream' }),
    );
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
  });
});
