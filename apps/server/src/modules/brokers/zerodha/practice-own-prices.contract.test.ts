import { PRACTICE_BROKER_ID } from '@xtrader/core/brokers/ids';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createZerodhaFixture, eventually, NIFTY_CE, type ZerodhaFixture } from '../../../../test/fakes/kite';
import { createFakeClock } from '../../../../test/helpers/fake-clock';
import { FakeInstruments, optionRecord } from '../../../../test/helpers/fake-instruments';
import { DEFAULT_PAPER_SETTINGS, marketBuyOf } from '../../../../test/helpers/paper';
import { loadConfig } from '../../../config';
import { silentLogger } from '../../../logger';
import type { SourcedPrices } from '../../market/contract';
import { feedStatus } from '../../market/feed-status';
import { ManualFeed } from '../../market/manual-feed';
import { createMarketData } from '../../market/market-data';
import { createPriceSources, type PriceSources } from '../../market/price-sources';
import { createSourcedPrices } from '../../market/sourced-prices';
import type { BrokerOrderUpdate } from '../broker';
import { PaperExchange } from '../paper/exchange';

// Contract: Practice Mode with a linked broker uses that user's own broker prices through the delay line. A
// Zerodha user in Practice Mode fills on their own KiteTicker prices (the practice, delayed view of their source),
// a Practice user without a stream on the shared source; neither ever fills on the other's prices.

const CE = NIFTY_CE.tradingsymbol;
const DELAY_MS = 200;
const contract = optionRecord('NIFTY', '2026-12-01', 26000, 'CE', {
  tradingsymbol: CE,
  internalToken: String(NIFTY_CE.instrument_token),
});

let f: ZerodhaFixture;
let shared: ManualFeed;
let sources: PriceSources;
let prices: SourcedPrices & { stop(): void };
let paper: PaperExchange;
let trader: string;
let simTrader: string;

beforeEach(async () => {
  shared = new ManualFeed();
  const directory = new FakeInstruments([contract]);
  const resources = {
    config: loadConfig({ XT_PRACTICE_DELAY_MS: String(DELAY_MS) }),
    clock: { now: Date.now },
    logger: silentLogger(),
  };
  sources = createPriceSources(resources, createMarketData(resources, shared, directory), directory);
  await sources.start();
  prices = createSourcedPrices(sources, () => null, resources.logger);
  f = await createZerodhaFixture({ prices: { streams: sources, directory, now: Date.now } });
  trader = await f.loggedInUser();
  simTrader = await f.addUser();
  await eventually(async () => expect((await f.service.status(trader)).updates).toBe('connected'));
  paper = new PaperExchange({
    db: f.store.db,
    clock: createFakeClock(Date.now()),
    logger: silentLogger(),
    marketData: sources.shared.data,
    prices,
    instruments: directory,
    settings: { ...DEFAULT_PAPER_SETTINGS, followsMarketHours: false },
  });
  await paper.start();
  sources.onChange((userId) => paper.followSource(userId));
});
afterEach(async () => {
  await paper.close();
  prices.stop();
  await sources.stop();
  await f.close();
});

const updatesOf = (userId: string) => {
  const updates: BrokerOrderUpdate[] = [];
  paper.sessionFor(userId).onOrderUpdate((update) => updates.push(update));
  return updates;
};
const fills = (updates: BrokerOrderUpdate[]) =>
  updates.flatMap((u) => (u.event.type === 'fill' ? [u.event.price] : []));

describe("Practice Mode on the user's own broker prices", () => {
  it('sources a Practice user with a Zerodha stream from it, delayed, and says so', () => {
    const own = sources.sourceFor(trader, PRACTICE_BROKER_ID);
    expect(own.id).toBe(`zerodha:${trader}`);
    expect(prices.sourceOf(trader, PRACTICE_BROKER_ID)).toBe(own.id);
    expect(sources.sourceFor(simTrader, PRACTICE_BROKER_ID)).toBe(sources.shared);
    const timing = { now: Date.now(), practiceDelayMs: DELAY_MS, staleAfterMs: 60_000 };
    expect(feedStatus(own, 'practice', timing, undefined, own).practice).toEqual({
      source: 'broker',
      broker: 'ZERODHA',
      vendor: null,
    });
  });

  it("fills each account's orders on its own source's delayed prices, never on the other's", async () => {
    const traderUpdates = updatesOf(trader);
    const simUpdates = updatesOf(simTrader);
    // Both rest a buy limit at 110 (no price yet): the trader's is watched on their Kite ticker.
    const limit = marketBuyOf(contract)({ orderType: 'limit', price: 110 });
    expect((await paper.sessionFor(trader).placeOrder(limit)).ok).toBe(true);
    expect((await paper.sessionFor(simTrader).placeOrder(limit)).ok).toBe(true);
    await paper.idle();
    await eventually(() =>
      expect(f.kite.ticker.subscriptions('AB1234').has(NIFTY_CE.instrument_token)).toBe(true),
    );

    // The simulator crosses it: only the simulator user's order fills, at the ask (no depth: one tick above).
    shared.emit({ [CE]: 100 }, Date.now());
    await eventually(() => expect(fills(simUpdates)).toEqual([100.05]));
    await paper.idle();
    expect(fills(traderUpdates)).toEqual([]);

    // Kite at 130 does not cross it; Kite at 105 does, once it came through the delay line.
    f.kite.setPrice(CE, 130);
    await eventually(() => expect(prices.getQuote(`zerodha:${trader}`, CE, 'practice')?.lastPrice).toBe(130));
    await paper.idle();
    expect(fills(traderUpdates)).toEqual([]);
    f.kite.setPrice(CE, 105);
    expect(prices.getQuote(`zerodha:${trader}`, CE, 'practice')?.lastPrice).toBe(130);
    await eventually(() => expect(fills(traderUpdates)).toEqual([105.05]));
    expect(fills(simUpdates)).toEqual([100.05]);

    // A market order fills at the user's own delayed ask (Kite's 105 + 0.05), not the simulator's, and the
    // position is valued at Kite's last price.
    shared.emit({ [CE]: 100 }, Date.now());
    expect((await paper.sessionFor(trader).placeOrder(marketBuyOf(contract, 'm')())).ok).toBe(true);
    await paper.idle();
    expect(fills(traderUpdates)).toEqual([105.05, 105.05]);
    expect(await paper.sessionFor(trader).positions()).toMatchObject([
      { quantity: 130, lastTradedPrice: 105 },
    ]);
    expect(await paper.sessionFor(simTrader).positions()).toMatchObject([
      { quantity: 65, lastTradedPrice: 100 },
    ]);
  });
});
