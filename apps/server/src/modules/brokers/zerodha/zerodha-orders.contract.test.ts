import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createZerodhaFixture, eventually, NIFTY_CE, type ZerodhaFixture } from '../../../../test/fakes/kite';
import type { BrokerOrderUpdate, BrokerSession, PlaceOrderCommand } from '../broker';
import { BrokerCallError } from '../live-kit/errors';

// Contract: every order type and category the engine sends, as the fake Kite receives it; the order book,
// positions and margins read back; order updates from the ticker; failures the way the real API fails.

let f: ZerodhaFixture;
let userId: string;
let session: BrokerSession;

beforeEach(async () => {
  f = await createZerodhaFixture();
  userId = await f.loggedInUser();
  session = (await f.service.sessionFor(userId)) as BrokerSession;
});
afterEach(async () => f.close());

const command = (change: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  clientOrderId: `XT${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`,
  tradingSymbol: NIFTY_CE.tradingsymbol,
  internalToken: String(NIFTY_CE.instrument_token),
  exchange: 'NFO',
  side: 'buy',
  quantity: 65,
  product: 'normal',
  orderType: 'limit',
  price: 100,
  ...change,
});

const lastForm = (method: string) => [...f.kite.requests].reverse().find((r) => r.method === method)?.form;

describe('the operator algo id (XT_KITE_ALGO_ID)', () => {
  it('goes out as algo_id on every placement when configured, and not at all otherwise', async () => {
    await session.placeOrder(command());
    expect(lastForm('POST')?.algo_id).toBeUndefined();
    await f.close();
    f = await createZerodhaFixture({ algoId: 'ALGO42' });
    userId = await f.loggedInUser();
    session = (await f.service.sessionFor(userId)) as BrokerSession;
    await session.placeOrder(command());
    await session.placeOrder(command({ orderType: 'market', marketProtection: 10 }));
    const placements = f.kite.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/orders/'));
    expect(placements.map((r) => r.form?.algo_id)).toEqual(['ALGO42', 'ALGO42']);
  });
});

describe('placing through the session', () => {
  it.each([
    [
      'market (protected)',
      { orderType: 'market', marketProtection: 10 },
      { order_type: 'MARKET', market_protection: '10' },
    ],
    ['limit', { orderType: 'limit', price: 101.5 }, { order_type: 'LIMIT', price: '101.5' }],
    [
      'stop-loss',
      { orderType: 'stoploss', triggerPrice: 90, price: 89 },
      { order_type: 'SL', trigger_price: '90' },
    ],
    [
      'stop-market on an option as stop-limit',
      { orderType: 'stoploss_market', side: 'sell', triggerPrice: 90 },
      { order_type: 'SL', trigger_price: '90', price: '87.3' },
    ],
    ['intraday', { product: 'intraday' }, { product: 'MIS' }],
  ] as const)('%s reaches Kite as expected', async (_name, change, expected) => {
    const cmd = command(change as Partial<PlaceOrderCommand>);
    const ack = await session.placeOrder(cmd);
    expect(ack.ok).toBe(true);
    expect(lastForm('POST')).toMatchObject({ ...expected, tag: cmd.clientOrderId, variety: 'regular' });
    expect(f.kite.requests.at(-1)?.path).toBe('/orders/regular');
  });

  it('places an iceberg on the iceberg variety', async () => {
    const ack = await session.placeOrder(command({ quantity: 195, iceberg: { legs: 3, legQuantity: 65 } }));
    expect(ack.ok).toBe(true);
    expect(f.kite.requests.at(-1)?.path).toBe('/orders/iceberg');
    expect(lastForm('POST')).toMatchObject({ iceberg_legs: '3', iceberg_quantity: '65', quantity: '195' });
  });

  it('returns Kite refusals as rejected answers with the reason', async () => {
    const ack = await session.placeOrder(command({ tradingSymbol: 'NIFTY99JAN1CE' }));
    expect(ack).toEqual({
      ok: false,
      code: 'rejected',
      reason: 'Zerodha: Instrument NIFTY99JAN1CE not found',
    });
    const missing = await session.cancelOrder('42');
    expect(missing).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('modifies and cancels on the order variety, recomputing a moved stop buffer', async () => {
    const placed = await session.placeOrder(
      command({ orderType: 'stoploss', side: 'sell', triggerPrice: 90, price: 88 }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    const modified = await session.modifyOrder(placed.brokerOrderId, { triggerPrice: 80 });
    expect(modified).toEqual({ ok: true, brokerOrderId: placed.brokerOrderId });
    expect(f.kite.requests.at(-1)?.path).toBe(`/orders/regular/${placed.brokerOrderId}`);
    expect(lastForm('PUT')).toMatchObject({ trigger_price: '80', price: '77.6', order_type: 'SL' });
    expect(await session.cancelOrder(placed.brokerOrderId)).toEqual({
      ok: true,
      brokerOrderId: placed.brokerOrderId,
    });
    expect(f.kite.book('AB1234').find(placed.brokerOrderId).status).toBe('CANCELLED');
    const refused = await session.cancelOrder(placed.brokerOrderId);
    expect(refused).toMatchObject({ ok: false, code: 'rejected' });
  });

  it('looks up the variety of an order it did not place in this process', async () => {
    const placed = await session.placeOrder(
      command({ quantity: 130, iceberg: { legs: 2, legQuantity: 65 } }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    const afterRestart = (await f.restartedService().sessionFor(userId)) as BrokerSession;
    expect(await afterRestart.cancelOrder(placed.brokerOrderId)).toMatchObject({ ok: true });
    expect(f.kite.requests.at(-1)?.path).toBe(`/orders/iceberg/${placed.brokerOrderId}`);
  });
});

describe('reading back', () => {
  it('lists orders with our client ids, and maps positions and margins', async () => {
    const cmd = command({ clientOrderId: 'XT0123456789-2', quantity: 130 });
    const placed = await session.placeOrder(cmd);
    if (!placed.ok) throw new Error(placed.reason);
    f.kite.book('AB1234').fill(placed.brokerOrderId, 65, 99);
    const [snap] = await session.listOrders();
    expect(snap).toMatchObject({
      brokerOrderId: placed.brokerOrderId,
      clientOrderId: 'XT0123456789-2',
      status: 'partially_filled',
      filledQuantity: 65,
      averagePrice: 99,
      orderType: 'limit',
      product: 'normal',
    });
    // The limit (100) rests for the other 65 until the price crosses it.
    f.kite.setPrice(NIFTY_CE.tradingsymbol, 98);
    const positions = await session.positions();
    expect(positions).toEqual([
      expect.objectContaining({
        tradingSymbol: NIFTY_CE.tradingsymbol,
        quantity: 130,
        buyValue: 12935,
        product: 'normal',
      }),
    ]);
    const margin = await session.margin();
    expect(margin.available + margin.utilized).toBeCloseTo(margin.total, 2);
    expect(margin.utilized).toBe(12935);
  });
});

describe('order updates', () => {
  it('turns ticker order messages into accepted and fill events, once each', async () => {
    const updates = await f.updatesOf(userId);
    await eventually(async () => expect((await f.service.status(userId)).updates).toBe('connected'));
    const cmd = command();
    const placed = await session.placeOrder(cmd);
    if (!placed.ok) throw new Error(placed.reason);
    f.kite.setPrice(NIFTY_CE.tradingsymbol, 99.5);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
    expect(updates[1]).toMatchObject({
      brokerOrderId: placed.brokerOrderId,
      clientOrderId: cmd.clientOrderId,
      event: { type: 'fill', quantity: 65, price: 100, tradeId: `${placed.brokerOrderId}:65` },
    });
  });

  it('delivers what happened while the ticker was down once it reconnects', async () => {
    const updates = await f.updatesOf(userId);
    await eventually(async () => expect((await f.service.status(userId)).updates).toBe('connected'));
    const placed = await session.placeOrder(command());
    if (!placed.ok) throw new Error(placed.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted']));
    f.kite.ticker.unavailable = true;
    f.kite.ticker.dropAll();
    f.kite.book('AB1234').fill(placed.brokerOrderId, 65, 100);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updates).toHaveLength(1);
    f.kite.ticker.unavailable = false;
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
  });
});

describe('restart', () => {
  it('reports only what is new after a restart: the book at start counts as known', async () => {
    const placed = await session.placeOrder(command({ quantity: 130 }));
    if (!placed.ok) throw new Error(placed.reason);
    f.kite.book('AB1234').fill(placed.brokerOrderId, 65, 100);
    const restarted = f.restartedService();
    await restarted.start();
    const updates: BrokerOrderUpdate[] = [];
    (await restarted.sessionFor(userId))?.onOrderUpdate((update) => updates.push(update));
    await eventually(async () => expect((await restarted.status(userId)).updates).toBe('connected'));
    f.kite.book('AB1234').fill(placed.brokerOrderId, 65, 101);
    await eventually(() =>
      expect(updates.map((u) => u.event)).toContainEqual(
        expect.objectContaining({ type: 'fill', quantity: 65, price: 101 }),
      ),
    );
    expect(updates.filter((u) => u.event.type === 'fill')).toHaveLength(1);
  });
});

describe('failures', () => {
  it('throws when a placement may have reached Kite, and the order book then shows it by our id', async () => {
    f.kite.failNext('lose-response');
    const cmd = command();
    await expect(session.placeOrder(cmd)).rejects.toBeInstanceOf(BrokerCallError);
    const listed = await session.listOrders();
    expect(listed.find((o) => o.clientOrderId === cmd.clientOrderId)).toBeDefined();
  });

  it('answers rate limiting and unreachable Kite on modify with clear codes', async () => {
    const placed = await session.placeOrder(command());
    if (!placed.ok) throw new Error(placed.reason);
    f.kite.failNext('rate-limit');
    expect(await session.modifyOrder(placed.brokerOrderId, { price: 101 })).toMatchObject({
      ok: false,
      code: 'rate_limited',
    });
    f.kite.failNext('drop');
    expect(await session.cancelOrder(placed.brokerOrderId)).toMatchObject({ ok: false, code: 'network' });
    f.kite.failNext('server-error');
    await expect(session.placeOrder(command())).rejects.toMatchObject({ code: 'network', uncertain: true });
  });
});
