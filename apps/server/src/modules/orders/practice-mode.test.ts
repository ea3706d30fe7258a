import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { FakeInstruments } from '../../../test/helpers/fake-instruments';
import { FakeMarketData } from '../../../test/helpers/fake-market-data';
import { paperInstruments } from '../../../test/helpers/paper';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createAuthModule } from '../auth/index';
import { type BrokersModule, createBrokersModule } from '../brokers/index';
import { viewOfActiveBroker, viewOfBroker } from '../market/index';
import { createPortfolioModule } from '../portfolio/index';
import { createOrdersModule, type OrdersModule } from './index';
import { childIds } from './model/ids';

// Practice Mode end to end over HTTP, wired as the composition root wires it: auth, the brokers module (paper
// exchange, Practice Mode calls), the order manager and the portfolio reads.

const contracts = paperInstruments();
const call = contracts.niftyCe;
let t: TestApp;
let market: FakeMarketData;
let brokers: BrokersModule;
let orders: OrdersModule;
let headers: { authorization: string };

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });

async function settle() {
  for (let quiet = 0, round = 0; quiet < 3 && round < 200; round += 1) {
    await brokers.paper.idle();
    await orders.service.idle();
    await new Promise((resolve) => setImmediate(resolve));
    quiet = orders.context.tracker.pending === 0 ? quiet + 1 : 0;
  }
}

beforeAll(async () => {
  t = await createTestApp({
    modules: (resources) => {
      market = new FakeMarketData(resources.clock.now);
      const instruments = new FakeInstruments(Object.values(contracts));
      const auth = createAuthModule(resources);
      brokers = createBrokersModule(resources, {
        requireUser: auth.requireUser,
        marketData: market,
        instruments,
      });
      const viewOf = viewOfActiveBroker(brokers.links.activeBrokerOf);
      orders = createOrdersModule({
        resources,
        registry: brokers.registry,
        marketData: market,
        instruments,
        requireUser: auth.requireUser,
        priceViewOf: viewOfBroker,
      });
      brokers.practiceMode.onFundsReset((userId) =>
        orders.service.forgetBrokerOrders(userId, PRACTICE_BROKER_ID),
      );
      const portfolio = createPortfolioModule({
        requireUser: auth.requireUser,
        registry: brokers.registry,
        marketData: market,
        instruments,
        viewOf,
      });
      return [auth, brokers, orders, portfolio];
    },
  });
  headers = authHeader((await createTestUser(t.app)).token);
  market.push('practice', { [call.tradingsymbol]: 120 });
});
afterAll(() => t.close());

describe('Practice Mode trading over HTTP', () => {
  it('refuses orders before Practice Mode starts (no active broker)', async () => {
    const response = await request('POST', '/order', {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: 65,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'market',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('No active broker');
  });

  it('places a bracket on the paper exchange, lists it, and a funds reset clears it', async () => {
    expect((await request('POST', '/broker/papertrading/start')).statusCode).toBe(200);
    const placed = await request('POST', '/order', {
      exchange: 'NFO',
      internalToken: call.internalToken,
      quantity: 130,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'market',
      orderCategory: 'oco',
      ocoOrderTarget: 12,
      ocoOrderStoploss: 6,
    });
    expect(placed.statusCode).toBe(200);
    const { orderId } = placed.json().data;
    await settle();
    const lists = (await request('GET', '/portfolio/orders')).json().data;
    expect(lists.executedOrders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
    expect(
      lists.openOrders.map((o: { orderId: string; price: number }) => [o.orderId, o.price]).sort(),
    ).toEqual(
      [
        // The entry bought at the ask (120.05, one tick above the last price): the legs follow the fill.
        [childIds.stoploss(orderId), 114.05],
        [childIds.target(orderId), 132.05],
      ].sort(),
    );
    const positions = (await request('GET', '/portfolio/positions')).json().data.positions.netPosition;
    expect(positions).toEqual([
      expect.objectContaining({ tradingSymbol: call.tradingsymbol, quantity: 130 }),
    ]);
    // The target and stop-loss exit the bracket's own long: utilised is its premium, 130 x 120.05, nothing more.
    // The entry's charges (Rs 30.55 on 15,606.50 of premium, docs/charges.md) are out of the funds.
    const funds = (await request('GET', '/portfolio/margin')).json().data;
    expect(funds).toEqual({ total: 999_969.45, available: 984_362.95, utilized: 15_606.5, charges: 30.55 });

    market.push('practice', { [call.tradingsymbol]: 133 });
    await settle();
    const after = (await request('GET', '/portfolio/orders')).json().data;
    expect(after.openOrders).toEqual([]);
    expect(after.cancelledOrders.map((o: { orderId: string }) => o.orderId)).toEqual([
      childIds.stoploss(orderId),
    ]);
    const flat = (await request('GET', '/portfolio/positions')).json().data.positions.netPosition;
    expect(flat.every((p: { quantity: number }) => p.quantity === 0)).toBe(true);

    expect((await request('PUT', '/broker/resetFunds/papertrade')).statusCode).toBe(200);
    const cleared = (await request('GET', '/portfolio/orders')).json().data;
    expect([...cleared.openOrders, ...cleared.executedOrders, ...cleared.cancelledOrders]).toEqual([]);
  });
});
