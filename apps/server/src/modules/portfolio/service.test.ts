import { describe, expect, it } from 'vitest';
import { FakeInstruments, optionRecord } from '../../../test/helpers/fake-instruments';
import { FakeMarketData } from '../../../test/helpers/fake-market-data';
import type { BrokerPosition, BrokerRegistry } from '../brokers/broker';
import { createPortfolioService } from './service';

// A user's positions are priced from their own price source (their broker's stream), never another's.
describe('portfolio prices per user', () => {
  const option = optionRecord('NIFTY', '2026-12-01', 26000, 'CE');
  const position: BrokerPosition = {
    tradingSymbol: option.tradingsymbol,
    internalToken: option.internalToken,
    product: 'intraday',
    quantity: 75,
    buyQuantity: 75,
    sellQuantity: 0,
    buyValue: 7500,
    sellValue: 0,
    lastTradedPrice: 100,
  };
  const registry = {
    sessionFor: async () => ({ positions: async () => [position] }),
  } as unknown as BrokerRegistry;
  const shared = new FakeMarketData();
  const own = new FakeMarketData();
  shared.push('live', { [option.tradingsymbol]: 50 });
  own.push('live', { [option.tradingsymbol]: 123.45 });
  const service = createPortfolioService({
    registry,
    marketData: shared,
    instruments: new FakeInstruments([option]),
    viewOf: async () => 'live',
    quotesOf: async (userId) => (userId === 'broker-user' ? own : shared),
  });

  it("prices a broker user's positions from their own source and everyone else's from the shared feed", async () => {
    const ltp = async (userId: string) =>
      (await service.positions(userId)).data.positions.netPosition[0]?.lastTradedPrice;
    expect(await ltp('broker-user')).toBe(123.45);
    expect(await ltp('sim-user')).toBe(50);
  });
});
