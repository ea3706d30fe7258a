import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDhanFixture, type DhanFixture } from '../../../../test/fakes/dhan';
import { eventually } from '../../../../test/fakes/kite';
import { FakeInstruments } from '../../../../test/helpers/fake-instruments';
import { loadConfig } from '../../../config';
import { silentLogger } from '../../../logger';
import type { PriceSourceId, SourcedPrices } from '../../market/contract';
import { ManualFeed } from '../../market/manual-feed';
import { createMarketData } from '../../market/market-data';
import { createPriceHolds } from '../../market/price-holds';
import { createPriceSources, type PriceSources } from '../../market/price-sources';
import { createSourcedPrices } from '../../market/sourced-prices';
import { createOrdersHarness, type OrdersHarness } from '../../orders/testing/harness';
import { orderBody, orderOf } from '../../orders/testing/orders-fixtures';
import { createLivePriceStreams, type LivePriceStreams } from './price-streams';

// Contract: a plugged-broker user's server-side automation acts on their own broker's prices. A Dhan user's resting
// local stop trails and fires on the prices of their own Dhan session's market feed, never on the shared simulator's.

let dhan: DhanFixture;
let h: OrdersHarness;
let shared: ManualFeed;
let sources: PriceSources;
let streams: LivePriceStreams;
let prices: SourcedPrices & { stop(): void };
let trader: string;
let traderSource: PriceSourceId;
let symbol: string;

beforeEach(async () => {
  shared = new ManualFeed();
  dhan = await createDhanFixture({ onStatus: (userId) => void streams.refresh('dhan', userId) });
  symbol = dhan.call.tradingsymbol;
  const directory = new FakeInstruments([dhan.call]);
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
      quoteOf: (source, s, view) => sources.byId(source)?.data.getQuote(s, view),
      clock: resources.clock,
      practiceDelayMs: 0,
      staleAfterMs: 60_000,
    }),
    resources.logger,
  );
  streams = createLivePriceStreams({
    streams: sources,
    vault: dhan.vault,
    clock: dhan.clock,
    logger: silentLogger(),
  });
  streams.add('dhan', dhan.plugin.brokerId, dhan.plugin.prices as NonNullable<typeof dhan.plugin.prices>);
  trader = await dhan.loggedInUser();
  await eventually(() => expect(sources.sourceFor(trader, 'DHAN').state).not.toBe('ended'));
  h = await createOrdersHarness({
    registry: {
      sessionFor: (userId) =>
        userId === trader ? dhan.plugin.sessionFor(userId) : h.broker.registry.sessionFor(userId),
    },
    prices: () => prices,
    priceViewOf: (brokerId) => (brokerId === 'DHAN' ? 'live' : 'practice'),
  });
  traderSource = prices.sourceOf(trader, 'DHAN');
  expect(traderSource).toBe(`dhan:${trader}`);
});
afterEach(async () => {
  await h.close();
  streams.close();
  prices.stop();
  await sources.stop();
  await dhan.close();
});

const placements = () => dhan.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders');
const simTick = async (price: number) => {
  shared.emit({ [symbol]: price }, Date.now());
  await h.settle();
};
/** A trade at the fake Dhan, once the trader's market feed brought it into their own source. */
const dhanTick = async (price: number) => {
  dhan.fake.setPrice(dhan.securityId, price);
  await eventually(() => expect(prices.getQuote(traderSource, symbol, 'live')?.lastPrice).toBe(price));
  await h.settle();
};

describe("a plugged-broker user's automation on their own broker's prices", () => {
  it("trails and fires a Dhan user's resting local stop on Dhan's prices, never on the simulator's", async () => {
    prices.retain(traderSource, 'socket', [symbol]);
    await dhanTick(120);
    await simTick(500);
    const body = orderBody({
      transactionType: 'sell',
      orderType: 'stoploss',
      triggerPrice: 100,
      trailingEnabled: true,
      brokerTrailing: false,
      changeInPrice: 1,
      changeInSL: 1,
    });
    const { orderId } = await h.module.service.place(trader, { body, iceberg: false });
    await h.settle();
    // Measured from Dhan's price, not the simulator's 500; nothing sent while the stop rests locally.
    expect((await orderOf(h, trader, orderId)).trailing?.reference).toBe(120);
    expect(placements()).toHaveLength(0);

    await simTick(90);
    expect(placements()).toHaveLength(0);

    await dhanTick(125);
    await eventually(async () => expect((await orderOf(h, trader, orderId)).state.triggerPrice).toBe(105));
    await dhanTick(104);
    await eventually(() => expect(placements()).toHaveLength(1));
    expect(placements()[0]?.body).toMatchObject({ orderType: 'MARKET', transactionType: 'SELL' });
  });
});
