import { afterAll, beforeAll, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { createAuthModule } from '../auth/index';
import { createOrdersModule, type OrdersModule } from '../orders/index';
import { FakeBroker } from '../orders/testing/fake-broker';
import { createTestInstruments } from '../orders/testing/fake-instruments';
import { FakeMarket } from '../orders/testing/fake-market';
import { CALL } from '../orders/testing/orders-fixtures';
import { createJournalModule } from './index';

// The journal on the real order routes: what a key-pressed buy and sell leave in it, notes, the CSV.

describeEachStore('journal', (kind) => {
  const market = new FakeMarket();
  let broker: FakeBroker;
  let orders: OrdersModule;
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  const marketOrder = (transactionType: 'buy' | 'sell', extra: object = {}) => ({
    exchange: 'NFO',
    internalToken: CALL.internalToken,
    quantity: 65,
    transactionType,
    product: 'NRML',
    orderType: 'market',
    ...extra,
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });

  async function settle() {
    for (let i = 0; i < 50; i += 1) {
      await orders.service.idle();
      await new Promise((resolve) => setImmediate(resolve));
      if (broker.idle && orders.context.tracker.pending === 0) return;
    }
  }

  beforeAll(async () => {
    t = await createTestApp({
      store: kind,
      modules: (resources) => {
        const auth = createAuthModule(resources);
        const instruments = createTestInstruments();
        broker = new FakeBroker(market, resources.clock.now);
        const journal = createJournalModule(resources, {
          requireUser: auth.requireUser,
          instruments,
          brokeragePerOrder: 20,
        });
        orders = createOrdersModule({
          resources,
          registry: { sessionFor: async (userId) => broker.session(userId) },
          marketData: market,
          instruments,
          requireUser: auth.requireUser,
          priceViewOf: () => 'practice',
          placementTimings: journal.placementTimings,
          fillTimes: journal.fillTimes,
        });
        return [auth, orders, journal];
      },
    });
    alice = authHeader((await createTestUser(t.app)).token);
    bob = authHeader((await createTestUser(t.app)).token);
  });
  afterAll(() => t.close());

  let buyId: string;
  let sellId: string;

  it('records a key-pressed buy and sell and pairs them into a round trip with P&L and charges', async () => {
    const pressedAt = Date.now();
    market.push(CALL.tradingsymbol, 120);
    const buy = await call(
      'POST',
      '/order',
      alice,
      marketOrder('buy', { pressedAt, requestedAt: pressedAt + 2, shownPrice: 119.95 }),
    );
    expect(buy.statusCode).toBe(200);
    buyId = buy.json().data.orderId;
    await settle();
    market.push(CALL.tradingsymbol, 121);
    const sell = await call('POST', '/order', alice, marketOrder('sell', { pressedAt, shownPrice: 121 }));
    sellId = sell.json().data.orderId;
    await settle();

    // The journal's rows are written without the order path waiting for them.
    const executions = async () => (await call('GET', '/journal', alice)).json().data.executions.length;
    await expect.poll(executions).toBe(2);
    const day = (await call('GET', '/journal', alice)).json().data;
    expect(day.trades).toHaveLength(1);
    const [trade] = day.trades;
    expect(trade).toMatchObject({
      tradeId: buyId,
      tradingSymbol: CALL.tradingsymbol,
      direction: 'long',
      quantity: 65,
      openQuantity: 0,
      entryPrice: 120,
      exitPrice: 121,
      gross: 65,
      orderIds: [buyId, sellId],
      note: '',
      tags: [],
    });
    // Two executed orders: Rs 20 brokerage each plus fees, STT on the sell, stamp on the buy.
    expect(trade.charges).toBeGreaterThan(40);
    expect(trade.net).toBeCloseTo(65 - trade.charges, 2);
    expect(day.totals).toEqual({ trades: 1, gross: 65, charges: trade.charges, net: trade.net });
    expect(day.equity.at(-1).net).toBe(trade.net);

    expect(day.executions.map((e: { orderId: string }) => e.orderId)).toEqual([buyId, sellId]);
    const [buyExecution, sellExecution] = day.executions;
    expect(buyExecution).toMatchObject({
      side: 'buy',
      fillPrice: 120,
      shownPrice: 119.95,
      filledQuantity: 65,
    });
    expect(buyExecution.slippage).toEqual({ perUnit: -0.05, ticks: -1 });
    expect(buyExecution.latencies.keyToRequestMs).toBe(2);
    expect(buyExecution.latencies.keyToFillMs).toBeGreaterThanOrEqual(2);
    expect(sellExecution.slippage).toEqual({ perUnit: 0, ticks: 0 });
    expect(sellExecution.latencies.keyToRequestMs).toBeNull();
  });

  it('answers the last order placed from the UI', async () => {
    const latest = (await call('GET', '/journal/latest', alice)).json().data;
    expect(latest.execution.orderId).toBe(sellId);
    expect((await call('GET', '/journal/latest', bob)).json().data).toEqual({ execution: null });
  });

  it('keeps an order without a key press out of the executions, and the placement unchanged by the fields', async () => {
    const plain = await call('POST', '/order', alice, marketOrder('buy'));
    expect(plain.statusCode).toBe(200);
    await settle();
    const day = (await call('GET', '/journal', alice)).json().data;
    expect(day.executions).toHaveLength(2);
    expect(day.trades).toHaveLength(2);
  });

  it('refuses bad journal fields naming them, placing nothing', async () => {
    const before = (await call('GET', '/journal', alice)).json().data.trades.length;
    for (const bad of [{ pressedAt: 'soon' }, { pressedAt: 1.5 }, { shownPrice: -1 }, { requestedAt: 1 }]) {
      const response = await call('POST', '/order', alice, marketOrder('buy', bad));
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/pressedAt|shownPrice|requestedAt/);
    }
    await settle();
    expect((await call('GET', '/journal', alice)).json().data.trades).toHaveLength(before);
  });

  it('saves a note and tags per trade, the trader’s own', async () => {
    const saved = await call('PUT', `/journal/notes/${buyId}`, alice, {
      note: 'clean breakout',
      tags: ['A+', 'A+', 'trend'],
    });
    expect(saved.statusCode).toBe(200);
    await call('PUT', `/journal/notes/${buyId}`, alice, {
      note: 'clean breakout, early exit',
      tags: ['A+', 'trend'],
    });
    const [trade] = (await call('GET', '/journal', alice)).json().data.trades;
    expect(trade).toMatchObject({ note: 'clean breakout, early exit', tags: ['A+', 'trend'] });
    expect((await call('GET', '/journal', bob)).json().data.trades).toEqual([]);
  });

  it('refuses notes that are too long or carry too many or empty tags', async () => {
    const long = await call('PUT', `/journal/notes/${buyId}`, alice, { note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const many = await call('PUT', `/journal/notes/${buyId}`, alice, {
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(many.statusCode).toBe(400);
    expect((await call('PUT', `/journal/notes/${buyId}`, alice, { tags: [' '] })).statusCode).toBe(400);
    expect((await call('GET', '/journal?day=2026-13-40', alice)).statusCode).toBe(400);
    // Notes only for the trader's own trades.
    expect((await call('PUT', '/journal/notes/XT-NOT-MINE', alice, { note: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/journal/notes/${buyId}`, bob, { note: 'x' })).statusCode).toBe(404);
  });

  it('downloads the day as CSV, one row per trade', async () => {
    const response = await call('GET', '/journal.csv', alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/x-trader-journal-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^tradeId,contract,direction/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${buyId},${CALL.tradingsymbol},long,65,0,120.00,121.00`);
    expect(lines[1]).toContain('A+ trend,"clean breakout, early exit"');
  });

  it('answers an earlier day with nothing in it', async () => {
    const day = (await call('GET', '/journal?day=2020-01-02', alice)).json().data;
    expect(day).toMatchObject({ day: '2020-01-02', trades: [], executions: [], totals: { trades: 0 } });
  });
});
