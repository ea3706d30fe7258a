import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachStore } from '../../../test/helpers/test-store';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import type { SourcedPrices } from '../market/contract';
import { ManualFeed } from '../market/manual-feed';
import { createMarketData } from '../market/market-data';
import { createPriceHolds } from '../market/price-holds';
import { createPriceSources, type PriceSources } from '../market/price-sources';
import { createSourcedPrices } from '../market/sourced-prices';
import { createRiskHarness, type RiskHarness } from './testing/risk-harness';

const CE = 'NIFTY25D0926000CE';

// Profit protection reads each user's own prices: a Zerodha user's MTM moves (and squares off) on their own
// ticker's prices, never on the shared simulator's; a simulator user's on the simulator's, never on anyone's
// broker stream.
describeEachStore("profit protection on the user's own source", (store) => {
  let h: RiskHarness;
  let shared: ManualFeed;
  let ticker: ManualFeed;
  let sources: PriceSources;
  let prices: SourcedPrices & { stop(): void };

  beforeEach(async () => {
    const resources = {
      config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
      clock: { now: Date.now },
      logger: silentLogger(),
    };
    shared = new ManualFeed();
    ticker = new ManualFeed();
    sources = createPriceSources(resources, createMarketData(resources, shared));
    sources.declare('ZERODHA', 'zerodha');
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
    h = await createRiskHarness({ store, prices: () => prices });
  });
  afterEach(async () => {
    await h.close();
    prices.stop();
    await sources.stop();
  });

  /** A user long 75 of the call bought at 100, with a 5000 target armed. */
  const armedTrader = async () => {
    const user = await h.user();
    h.exchange.setPosition(user.id, { tradingSymbol: CE, quantity: 75, price: 100 });
    const saved = await h.put(user.token, { targetProfit: 5000 });
    expect(saved.statusCode, saved.body).toBe(200);
    await h.idle();
    return user;
  };
  const emit = async (feed: ManualFeed, price: number) => {
    feed.emit({ [CE]: price }, Date.now());
    await h.idle();
  };

  it("squares off a Zerodha user on their own ticker's price, not on the simulator's", async () => {
    const user = await h.user();
    // Their ticker opens (the Kite session streams) and their active broker is Zerodha.
    sources.open({
      userId: user.id,
      brokerId: 'ZERODHA',
      key: 'zerodha',
      feed: ticker,
      tokenExpiresAt: null,
    });
    await new Promise((resolve) => setImmediate(resolve));
    h.sources.set(user.id, prices.sourceOf(user.id, 'ZERODHA'));
    expect(h.sources.get(user.id)).toBe(`zerodha:${user.id}`);
    h.exchange.setPosition(user.id, { tradingSymbol: CE, quantity: 75, price: 100 });
    await emit(ticker, 100);
    await emit(shared, 100);
    const saved = await h.put(user.token, { targetProfit: 5000 });
    expect(saved.statusCode, saved.body).toBe(200);
    await h.idle();

    await emit(shared, 170);
    expect(h.exchange.placeCalls).toHaveLength(0);
    await emit(ticker, 170);
    expect(h.exchange.placeCalls).toHaveLength(1);
  });

  it("squares off a simulator user on the simulator's price, not on a Zerodha user's ticker", async () => {
    const zerodhaUser = await h.user();
    sources.open({
      userId: zerodhaUser.id,
      brokerId: 'ZERODHA',
      key: 'zerodha',
      feed: ticker,
      tokenExpiresAt: null,
    });
    await new Promise((resolve) => setImmediate(resolve));
    await emit(shared, 100);
    await armedTrader();

    await emit(ticker, 170);
    expect(h.exchange.placeCalls).toHaveLength(0);
    await emit(shared, 170);
    expect(h.exchange.placeCalls).toHaveLength(1);
  });
});
