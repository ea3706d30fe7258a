import { INDEX_TABLE } from '@xtrader/core/market/indices';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../../test/helpers/fake-clock';
import { FakeInstruments } from '../../../../test/helpers/fake-instruments';
import { DEFAULT_PAPER_SETTINGS, marketBuyOf, paperInstruments } from '../../../../test/helpers/paper';
import { createTestStore } from '../../../../test/helpers/test-store';
import { insertUserRow } from '../../../../test/helpers/user-rows';
import { loadConfig } from '../../../config';
import { silentLogger } from '../../../logger';
import type { Store } from '../../../store/open-store';
import { createMarketData, type MarketDataService } from '../../market/market-data';
import { modelPrice, toTradablePrice } from '../../market/option-model';
import { SimulatorFeed } from '../../market/simulator';
import type { BrokerOrderUpdate } from '../broker';
import { PaperExchange } from './exchange';

// The paper exchange on the real market-data service and simulator (not a fake quote cache): the Practice Mode
// view of a contract nobody watched must have its 5-s-old price at once, so a market order fills at once.

describe('paper exchange on the delayed market', () => {
  const contracts = paperInstruments();
  const ce = contracts.niftyCe;
  let store: Store;
  let clock: FakeClock;
  let simulator: SimulatorFeed;
  let market: MarketDataService;
  let exchange: PaperExchange;

  beforeEach(async () => {
    store = await createTestStore('sqlite');
    clock = createFakeClock();
    const instruments = new FakeInstruments(Object.values(contracts));
    simulator = new SimulatorFeed({ directory: instruments, clock, seed: 9 });
    market = createMarketData({ config: loadConfig({}), clock, logger: silentLogger() }, simulator);
    await market.start();
    await simulator.stop(); // the test runs the cycles on the fake clock
    exchange = new PaperExchange({
      db: store.db,
      clock,
      logger: silentLogger(),
      marketData: market,
      instruments,
      settings: DEFAULT_PAPER_SETTINGS,
    });
    await exchange.start();
  });

  afterEach(async () => {
    await exchange.close();
    await market.stop();
    await store.close();
  });

  it('fills a market order on a never-watched contract at once, at its price of 5 s ago', async () => {
    const niftyLevels: number[] = [];
    for (let cycle = 1; cycle <= 100; cycle += 1) {
      clock.advance(100);
      simulator.runCycle();
      niftyLevels.push(simulator.spotOf('NIFTY'));
    }
    const fiveSecondsAgo = clock.now() - 5000; // cycle 50
    const expected = toTradablePrice(
      modelPrice(ce, niftyLevels[49]!, INDEX_TABLE.NIFTY.annualVol, fiveSecondsAgo).value,
    );
    expect(market.getQuote(ce.tradingsymbol, 'practice')).toBeUndefined();

    const user = await insertUserRow(store.db, {
      name: 'Paper',
      now: clock.now(),
      activeBroker: 'PAPERTRADE',
    });
    const updates: BrokerOrderUpdate[] = [];
    exchange.sessionFor(user).onOrderUpdate((update) => updates.push(update));
    const ack = await exchange.sessionFor(user).placeOrder(marketBuyOf(ce)());
    await exchange.idle();

    expect(ack.ok).toBe(true);
    expect(updates.map((u) => u.event)).toEqual([
      { type: 'accepted', status: 'open' },
      expect.objectContaining({ type: 'fill', quantity: 65, price: expected }),
    ]);
    expect(await exchange.sessionFor(user).positions()).toMatchObject([
      { quantity: 65, averagePrice: expected },
    ]);
  });
});
