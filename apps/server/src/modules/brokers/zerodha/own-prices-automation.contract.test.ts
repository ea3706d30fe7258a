import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createZerodhaFixture, eventually, NIFTY_CE, type ZerodhaFixture } from '../../../../test/fakes/kite';
import { FakeInstruments, optionRecord } from '../../../../test/helpers/fake-instruments';
import { loadConfig } from '../../../config';
import { silentLogger } from '../../../logger';
import type { PriceSourceId, SourcedPrices } from '../../market/contract';
import { ManualFeed } from '../../market/manual-feed';
import { createMarketData } from '../../market/market-data';
import { createPriceHolds } from '../../market/price-holds';
import { createPriceSources, type PriceSources } from '../../market/price-sources';
import { createSourcedPrices } from '../../market/sourced-prices';
import { createOrdersHarness, type OrdersHarness } from '../../orders/testing/harness';
import { addUser, orderBody, orderOf } from '../../orders/testing/orders-fixtures';
import type { PlaceOrderCommand } from '../broker';

// Contract: the order engine's server-side automation reads each user's own prices. A Zerodha user's held stop,
// local trailing and trailing by modification move and fire on their KiteTicker prices, never on the shared
// simulator's; a simulator user's on the simulator's, never on anyone's Kite prices.

const CE = NIFTY_CE.tradingsymbol;
let f: ZerodhaFixture;
let h: OrdersHarness;
let shared: ManualFeed;
let sources: PriceSources;
let prices: SourcedPrices & { stop(): void };
let trader: string;
let traderSource: PriceSourceId;

beforeEach(async () => {
  shared = new ManualFeed();
  const directory = new FakeInstruments([
    optionRecord('NIFTY', '2026-12-01', 26000, 'CE', {
      tradingsymbol: CE,
      internalToken: String(NIFTY_CE.instrument_token),
    }),
  ]);
  const resources = {
    config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
    clock: { now: Date.now },
    logger: silentLogger(),
  };
  sources = createPriceSources(resources, createMarketData(resources, shared, directory), directory);
  await sources.start();
  prices = createSourcedPrices(
    sources,
    createPriceHolds({
      quoteOf: (source, symbol, view) => sources.byId(source)?.data.getQuote(symbol, view),
      clock: resources.clock,
      practiceDelayMs: 0,
      staleAfterMs: 60_000,
    }),
    resources.logger,
  );
  f = await createZerodhaFixture({ prices: { streams: sources, directory, now: Date.now } });
  trader = await f.loggedInUser();
  await eventually(async () => expect((await f.service.status(trader)).updates).toBe('connected'));
  h = await createOrdersHarness({
    registry: {
      sessionFor: (userId) =>
        userId === trader ? f.service.sessionFor(userId) : h.broker.registry.sessionFor(userId),
    },
    prices: () => prices,
    priceViewOf: (brokerId) => (brokerId === ZERODHA_BROKER_ID ? 'live' : 'practice'),
  });
  traderSource = prices.sourceOf(trader, ZERODHA_BROKER_ID);
  expect(traderSource).toBe(`zerodha:${trader}`);
});
afterEach(async () => {
  await h.close();
  prices.stop();
  await sources.stop();
  await f.close();
});

const kiteCalls = (method: string) =>
  f.kite.requests.filter((r) => r.method === method && r.path.startsWith('/orders/'));
/** Someone (a socket) watches the contract in the trader's source: their ticker subscribes it. */
const watchOnKite = async () => {
  prices.retain(traderSource, 'socket', [CE]);
  await eventually(() =>
    expect(f.kite.ticker.subscriptions('AB1234').has(NIFTY_CE.instrument_token)).toBe(true),
  );
};
const simTick = async (price: number) => {
  shared.emit({ [CE]: price }, Date.now());
  await h.settle();
};
/** A Kite price, once it reached the trader's own source. */
const kiteTick = async (price: number) => {
  f.kite.setPrice(CE, price);
  await eventually(() => expect(prices.getQuote(traderSource, CE, 'live')?.lastPrice).toBe(price));
  await h.settle();
};
const localStop = () =>
  orderBody({
    transactionType: 'sell',
    orderType: 'stoploss',
    triggerPrice: 100,
    trailingEnabled: true,
    brokerTrailing: false,
    changeInPrice: 1,
    changeInSL: 1,
  });

describe("server-side automation on each user's own prices", () => {
  it("trails and fires a Zerodha user's held stop on their Kite ticker, never on the simulator", async () => {
    await watchOnKite();
    await kiteTick(120);
    await simTick(500);
    const { orderId } = await h.module.service.place(trader, { body: localStop(), iceberg: false });
    await h.settle();
    // Measured from the Kite price, not the simulator's 500.
    expect((await orderOf(h, trader, orderId)).trailing?.reference).toBe(120);
    expect(kiteCalls('POST')).toHaveLength(0);

    await simTick(140);
    await simTick(90);
    expect((await orderOf(h, trader, orderId)).state.triggerPrice).toBe(100);
    expect(kiteCalls('POST')).toHaveLength(0);

    await kiteTick(125);
    await eventually(async () => expect((await orderOf(h, trader, orderId)).state.triggerPrice).toBe(105));
    await kiteTick(104);
    await eventually(() => expect(kiteCalls('POST')).toHaveLength(1));
    expect(kiteCalls('POST')[0]?.form).toMatchObject({
      tradingsymbol: CE,
      order_type: 'MARKET',
      transaction_type: 'SELL',
      tag: orderId,
    });
  });

  it("trails a Zerodha stop-loss by modification on Kite prices (Broker trailing), not the simulator's", async () => {
    await watchOnKite();
    await kiteTick(120);
    await simTick(300);
    const body = orderBody({
      transactionType: 'sell',
      orderType: 'stoploss',
      triggerPrice: 100,
      trailingEnabled: true,
      brokerTrailing: true,
      changeInPrice: 5,
      changeInSL: 2,
    });
    const { orderId } = await h.module.service.place(trader, { body, iceberg: false });
    await eventually(() => expect(kiteCalls('POST')).toHaveLength(1));
    await h.settle();
    expect((await orderOf(h, trader, orderId)).trailing).toMatchObject({ byModify: true, reference: 120 });

    await simTick(400);
    expect(kiteCalls('PUT')).toHaveLength(0);

    await kiteTick(126);
    await eventually(() => expect(kiteCalls('PUT')).toHaveLength(1));
    expect(kiteCalls('PUT')[0]?.form).toMatchObject({ trigger_price: '102' });
    await eventually(async () => expect((await orderOf(h, trader, orderId)).state.triggerPrice).toBe(102));
  });

  it("trails and fires a simulator user's held stop on the simulator, never on a Zerodha user's ticker", async () => {
    const simUser = addUser(h);
    expect(prices.sourceOf(simUser, h.broker.brokerId)).toBe('sim');
    await watchOnKite();
    await simTick(120);
    await kiteTick(130);
    const { orderId } = await h.module.service.place(simUser, { body: localStop(), iceberg: false });
    await h.settle();
    expect((await orderOf(h, simUser, orderId)).trailing?.reference).toBe(120);

    await kiteTick(150);
    await kiteTick(90);
    expect((await orderOf(h, simUser, orderId)).state.triggerPrice).toBe(100);

    await simTick(125);
    expect((await orderOf(h, simUser, orderId)).state.triggerPrice).toBe(105);
    await simTick(104);
    const places = h.broker.commands.filter((c) => c.type === 'place').map((c) => c.cmd as PlaceOrderCommand);
    expect(places).toEqual([
      expect.objectContaining({ clientOrderId: orderId, orderType: 'market', side: 'sell' }),
    ]);
    expect(kiteCalls('POST')).toHaveLength(0);
  });
});
