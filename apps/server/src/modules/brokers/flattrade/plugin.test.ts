import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFlattradeFixture,
  FLATTRADE_CLIENT,
  type FlattradeFixture,
} from '../../../../test/fakes/flattrade';
import { eventually } from '../../../../test/fakes/kite';
import { optionRecord } from '../../../../test/helpers/fake-instruments';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';

// Flattrade through its plugin: the login page, the request-code exchange with its hash, orders as Noren's form
// fields, refusals in plain words, polled updates (a protective stop the broker cancels or rejects by itself
// included), and the dead session.

let f: FlattradeFixture;
const open = async (options?: Parameters<typeof createFlattradeFixture>[0]) => {
  f = await createFlattradeFixture(options);
  return f;
};
afterEach(async () => f?.close());

const lastPlaced = () => f.fake.requests.findLast((r) => r.path === '/PiConnectTP/PlaceOrder');

describe('Flattrade login', () => {
  it('sends the trader to the login page with the platform API key', async () => {
    await open();
    const url = new URL(await f.plugin.loginUrl('u1', 'https://app.example/redirect/flattrade'));
    expect(`${url.origin}${url.pathname}`).toBe(`${f.fake.baseUrl}/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ app_key: f.fake.appKey });
  });

  it('exchanges the request code with sha256(api_key + request_code + api_secret) and links the client', async () => {
    await open();
    const { userId } = await f.loggedIn();
    const exchange = f.fake.requests.find((r) => r.path === '/trade/apitoken');
    const code = String(exchange?.body?.request_code);
    expect(exchange?.body).toEqual({
      api_key: f.fake.appKey,
      request_code: code,
      api_secret: createHash('sha256').update(`${f.fake.appKey}${code}${f.fake.appSecret}`).digest('hex'),
    });
    expect(f.links.get(userId)).toEqual({ broker: 'FLATTRADE', clientId: FLATTRADE_CLIENT });
    await eventually(async () =>
      expect(await f.plugin.status(userId)).toMatchObject({
        clientId: FLATTRADE_CLIENT,
        state: 'connected',
        updates: 'live',
        updateChannel: 'stream',
      }),
    );
    const status = await f.plugin.status(userId);
    // The day's token dies at the next midnight IST (the fixture's clock is 2026-11-23 09:30 IST).
    expect(status.expiresAt).toBe(Date.UTC(2026, 10, 23, 18, 30));
  });

  it('refuses a forged or reused code with the broker named, and links nothing', async () => {
    await open();
    const userId = await f.addUser();
    await expect(f.plugin.completeLogin(userId, { code: 'forged' }, '')).rejects.toMatchObject({
      code: 'broker_login_failed',
      message: 'Flattrade login failed: Invalid Request Code',
    });
    const grant = await f.fake.login(await f.plugin.loginUrl(userId, ''), FLATTRADE_CLIENT);
    await f.plugin.completeLogin(userId, grant, '');
    const other = await f.addUser();
    await expect(f.plugin.completeLogin(other, grant, '')).rejects.toMatchObject({
      code: 'broker_login_failed',
    });
    expect(f.links.has(other)).toBe(false);
  });

  it('says login is not available when the platform app is not configured', async () => {
    await open({ configured: false });
    await expect(f.plugin.loginUrl('u1', '')).rejects.toMatchObject({
      code: 'broker_not_configured',
      message: 'Flattrade login is not available on this server',
    });
    await expect(f.plugin.completeLogin('u1', { code: 'x' }, '')).rejects.toMatchObject({
      code: 'broker_not_configured',
    });
  });
});

describe('Flattrade orders', () => {
  it.each([
    [
      'market with the trader’s protection',
      { orderType: 'market', marketProtection: 3 },
      { prctyp: 'MKT', prc: '0', mkt_protection: '3' },
    ],
    ['market with the default protection', { orderType: 'market' }, { prctyp: 'MKT', mkt_protection: '5' }],
    ['limit', {}, { prctyp: 'LMT', prc: '90.00' }],
    [
      'stop-limit',
      { orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 89 },
      { prctyp: 'SL-LMT', trgprc: '90.00', prc: '89.00', trantype: 'S' },
    ],
    [
      'stop-market as stop-limit with a protective limit',
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 },
      { prctyp: 'SL-LMT', trgprc: '90.00', prc: '87.30', trantype: 'S' },
    ],
    ['intraday', { product: 'intraday' }, { prd: 'I' }],
  ] as const)('%s reaches Flattrade as Noren fields', async (_name, change, expected) => {
    await open();
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command(change as Partial<PlaceOrderCommand>));
    expect(ack).toMatchObject({ ok: true });
    expect(lastPlaced()?.body).toEqual(
      expect.objectContaining({
        uid: FLATTRADE_CLIENT,
        actid: FLATTRADE_CLIENT,
        exch: 'NFO',
        tsym: 'NIFTY24NOV26C26000',
        qty: '65',
        trantype: 'B',
        prd: 'M',
        ret: 'DAY',
        remarks: 'XT0123456789-1',
        ordersource: 'API',
        ...expected,
      }),
    );
  });

  it('sends a SENSEX order to BFO with the broker’s symbol, and refuses an unlisted contract before sending', async () => {
    const unlisted = optionRecord('NIFTY', '2026-11-24', 30000, 'CE');
    await open({ unlisted: [unlisted] });
    const { session } = await f.loggedIn();
    const put = f.sensexPut;
    const ack = await session.placeOrder(
      f.command({
        tradingSymbol: put.tradingsymbol,
        internalToken: put.internalToken,
        exchange: 'BFO',
        quantity: 20,
      }),
    );
    expect(ack).toMatchObject({ ok: true });
    expect(lastPlaced()?.body).toMatchObject({ exch: 'BFO', tsym: 'SENSEX26NOV26P81000', qty: '20' });
    const sent = f.fake.requests.length;
    expect(
      await session.placeOrder(
        f.command({ tradingSymbol: unlisted.tradingsymbol, internalToken: unlisted.internalToken }),
      ),
    ).toEqual({ ok: false, code: 'rejected', reason: `Flattrade does not list ${unlisted.tradingsymbol}` });
    expect(f.fake.requests.slice(sent).some((r) => r.path === '/PiConnectTP/PlaceOrder')).toBe(false);
  });

  it('modifies a stop by its trigger (the limit follows), cancels it, and maps positions and funds', async () => {
    await open();
    const { session } = await f.loggedIn();
    const stop = await session.placeOrder(
      f.command({ orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 }),
    );
    if (!stop.ok) throw new Error(stop.reason);
    expect(await session.modifyOrder(stop.brokerOrderId, { triggerPrice: 80 })).toEqual({
      ok: true,
      brokerOrderId: stop.brokerOrderId,
    });
    expect(f.fake.requests.findLast((r) => r.path === '/PiConnectTP/ModifyOrder')?.body).toEqual({
      uid: FLATTRADE_CLIENT,
      exch: 'NFO',
      norenordno: stop.brokerOrderId,
      tsym: 'NIFTY24NOV26C26000',
      qty: '65',
      prctyp: 'SL-LMT',
      trgprc: '80.00',
      prc: '77.60',
      ret: 'DAY',
    });
    expect((await session.listOrders())[0]).toMatchObject({
      clientOrderId: 'XT0123456789-1',
      tradingSymbol: f.call.tradingsymbol,
      status: 'trigger_pending',
      // The broker holds it as the stop-limit it received.
      orderType: 'stoploss',
      triggerPrice: 80,
      side: 'sell',
    });
    expect(await session.cancelOrder(stop.brokerOrderId)).toMatchObject({ ok: true });
    expect(await session.cancelOrder(stop.brokerOrderId)).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Flattrade: Rejected : Order is in CANCELED state',
    });
    const buy = await session.placeOrder(f.command({ clientOrderId: 'XT0123456789-2', product: 'intraday' }));
    if (!buy.ok) throw new Error(buy.reason);
    f.fake.fill(buy.brokerOrderId, 101.5);
    expect(await session.positions()).toEqual([
      {
        tradingSymbol: f.call.tradingsymbol,
        internalToken: f.call.internalToken,
        product: 'intraday',
        quantity: 65,
        buyQuantity: 65,
        sellQuantity: 0,
        buyValue: 6597.5,
        sellValue: 0,
        lastTradedPrice: 101.5,
        averagePrice: 101.5,
      },
    ]);
    f.fake.setFunds(250_000);
    expect(await session.margin()).toEqual({ total: 250_000, available: 250_000, utilized: 0 });
  });

  it('puts exchange-rule refusals in plain words', async () => {
    await open();
    const { session } = await f.loggedIn();
    const ack = await session.placeOrder(f.command({ quantity: 10 }));
    expect(ack).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Flattrade: RED:Quantity should be in multiples of lot size',
    });
  });

  it('reports a protective stop the broker cancels or rejects by itself, once, with the reason', async () => {
    await open();
    const { session } = await f.loggedIn();
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const place = async (tag: string) => {
      const ack = await session.placeOrder(
        f.command({ clientOrderId: tag, orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 }),
      );
      if (!ack.ok) throw new Error(ack.reason);
      return ack.brokerOrderId;
    };
    const cancelled = await place('XT0000000001-1');
    const rejected = await place('XT0000000002-1');
    await eventually(() => expect(updates.filter((u) => u.event.type === 'accepted')).toHaveLength(2));
    f.fake.cancelByBroker(cancelled, 'Order cancelled by the exchange at the end of the day');
    f.fake.rejectByBroker(rejected, 'RED:Price outside the circuit limit');
    // Noren lists the newest order first, so the two arrive in either order; each exactly once.
    await eventually(() =>
      expect(
        updates
          .filter((u) => u.event.type !== 'accepted')
          .sort((a, b) => a.brokerOrderId.localeCompare(b.brokerOrderId)),
      ).toEqual([
        expect.objectContaining({
          brokerOrderId: cancelled,
          clientOrderId: 'XT0000000001-1',
          event: expect.objectContaining({ type: 'cancelled' }),
        }),
        expect.objectContaining({
          brokerOrderId: rejected,
          clientOrderId: 'XT0000000002-1',
          event: { type: 'rejected', reason: 'RED:Price outside the circuit limit' },
        }),
      ]),
    );
    // Later polls of the same book report nothing new.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updates.filter((u) => u.event.type !== 'accepted')).toHaveLength(2);
  });

  it('shows an expired session when Flattrade says the session key is invalid', async () => {
    await open();
    const { userId, session } = await f.loggedIn();
    f.fake.expireSessions();
    expect(await session.placeOrder(f.command())).toEqual({
      ok: false,
      code: 'token_expired',
      reason: 'Flattrade session expired. Log in with Flattrade again to trade.',
    });
    await eventually(async () => expect((await f.plugin.status(userId)).state).toBe('expired'));
    await expect(f.plugin.reconnect(userId)).rejects.toMatchObject({ code: 'broker_session_expired' });
  });
});

describe('Flattrade order feed', () => {
  it('reports order changes pushed on the WebSocket feed, without waiting for a poll', async () => {
    // Polls every 10 s: anything seen sooner came over the feed.
    await open({ pollMs: 10_000 });
    const { userId, session } = await f.loggedIn();
    await eventually(async () => expect((await f.plugin.status(userId)).updates).toBe('live'));
    // Noren does not acknowledge the subscription: wait until the fake has it.
    await eventually(() => expect(f.fake.subscribedFeeds()).toBe(1));
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    f.fake.fill(ack.brokerOrderId, 89.5);
    await eventually(() =>
      expect(updates.map((u) => u.event)).toEqual([
        { type: 'accepted', status: 'open' },
        { type: 'fill', tradeId: `${ack.brokerOrderId}:65`, quantity: 65, price: 89.5 },
      ]),
    );
    expect(updates[1]?.clientOrderId).toBe('XT0123456789-1');
  });

  it('polls the order book while the feed is down, and goes back to the feed when it returns', async () => {
    await open();
    const { userId, session } = await f.loggedIn();
    await eventually(async () => expect((await f.plugin.status(userId)).updates).toBe('live'));
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    f.fake.setFeedDown(true);
    await eventually(async () => expect((await f.plugin.status(userId)).updates).toBe('reconnecting'));
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    f.fake.fill(ack.brokerOrderId, 90);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
    const connections = f.fake.feedConnections;
    f.fake.setFeedDown(false);
    await eventually(async () => expect((await f.plugin.status(userId)).updates).toBe('live'));
    expect(f.fake.feedConnections).toBeGreaterThan(connections);
    await eventually(() => expect(f.fake.subscribedFeeds()).toBe(1));
    expect(updates).toHaveLength(2);
  });
});
