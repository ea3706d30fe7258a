import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import type { PriceSourceId } from './contract';
import { ManualFeed } from './manual-feed';
import { createMarketData } from './market-data';
import { createPriceSources } from './price-sources';
import { createSourcedPrices } from './sourced-prices';

const resources = {
  config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
  clock: { now: Date.now },
  logger: silentLogger(),
};

describe('sourced prices (server-side automation)', () => {
  it("tags each source's batches, and keeps a retain on a user's source when their stream opens later", async () => {
    const shared = new ManualFeed();
    const sources = createPriceSources(resources, createMarketData(resources, shared));
    sources.declare('ZERODHA', 'zerodha');
    await sources.start();
    const prices = createSourcedPrices(sources, () => null, resources.logger);
    const seen: [PriceSourceId, string, number][] = [];
    prices.onQuotes('live', (source, quotes) => {
      for (const quote of quotes) seen.push([source, quote.symbol, quote.lastPrice]);
    });

    // Watched before the user's stream is open (a restart): their own source, ended for now.
    const own = prices.sourceOf('u1', 'ZERODHA');
    expect(own).toBe('zerodha:u1');
    expect(prices.sourceOf('u2', 'IIFL')).toBe('sim');
    prices.retain(own, 'trail:o1', ['X']);
    prices.retain('sim', 'trail:o2', ['X']);

    const ticker = new ManualFeed();
    sources.open({ userId: 'u1', brokerId: 'ZERODHA', key: 'zerodha', feed: ticker, tokenExpiresAt: null });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ticker.subscribed).toEqual(new Set(['X']));
    expect(shared.subscribed).toEqual(new Set(['X']));

    ticker.emit({ X: 101 }, Date.now());
    shared.emit({ X: 55 }, Date.now());
    expect(seen).toEqual([
      ['zerodha:u1', 'X', 101],
      ['sim', 'X', 55],
    ]);
    expect(prices.getQuote(own, 'X', 'live')?.lastPrice).toBe(101);
    expect(prices.getQuote('sim', 'X', 'live')?.lastPrice).toBe(55);

    prices.release(own, 'trail:o1');
    expect(ticker.subscribed.size).toBe(0);
    expect(shared.subscribed).toEqual(new Set(['X']));
    prices.stop();
    await sources.stop();
  });
});
