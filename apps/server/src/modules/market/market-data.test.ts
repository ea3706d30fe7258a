import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import type { Quote } from './contract';
import { ManualFeed } from './manual-feed';
import { createMarketData, type MarketDataService } from './market-data';

describe('market data', () => {
  let feed: ManualFeed;
  let market: MarketDataService;
  const clock = { now: () => Date.now() };
  beforeEach(async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 4, 0) });
    feed = new ManualFeed();
    market = createMarketData({ config: loadConfig({}), clock, logger: silentLogger() }, feed);
    await market.start();
  });
  afterEach(async () => {
    await market.stop();
    vi.useRealTimers();
  });

  it('shows the live view at once and the practice view 5 s later, at the same price the paper broker fills', () => {
    const live: Quote[] = [];
    const practice: Quote[] = [];
    market.onQuotes('live', (quotes) => live.push(...quotes.map((q) => ({ ...q }))));
    market.onQuotes('practice', (quotes) => practice.push(...quotes.map((q) => ({ ...q }))));
    const t0 = clock.now();
    feed.emit({ 'NIFTY 50': 26_010 }, t0, 26_000);
    vi.advanceTimersByTime(1000);
    feed.emit({ 'NIFTY 50': 26_020.5 }, clock.now());
    expect(market.getQuote('NIFTY 50', 'live')?.lastPrice).toBe(26_020.5);
    expect(market.getQuote('NIFTY 50', 'practice')).toBeUndefined();
    expect(live.map((q) => q.lastPrice)).toEqual([26_010, 26_020.5]);

    vi.advanceTimersByTime(3999);
    expect(practice).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(practice.map((q) => q.lastPrice)).toEqual([26_010]);
    expect(market.getQuote('NIFTY 50', 'practice')).toMatchObject({
      lastPrice: 26_010,
      close: 26_000,
      ts: t0,
    });
    vi.advanceTimersByTime(1000);
    expect(practice.map((q) => q.lastPrice)).toEqual([26_010, 26_020.5]);
    expect(market.getQuote('NIFTY 50', 'practice')?.lastPrice).toBe(26_020.5);
  });

  it('primes the delayed view from the feed history when a contract nobody watched is retained', () => {
    const symbol = 'NIFTY26NOV26000CE';
    const now = clock.now();
    feed.recordPast(symbol, 98, now - 7000);
    feed.recordPast(symbol, 101.5, now - 5200);
    feed.recordPast(symbol, 104, now - 3000);
    market.retain('socket-1', [symbol]);
    // The price as of 5 s ago, at once, with the time it happened: not the newer one, not nothing.
    expect(market.getQuote(symbol, 'practice')).toMatchObject({ lastPrice: 101.5, ts: now - 5200 });
    expect(market.getQuote(symbol, 'live')).toBeUndefined();
    // Ticks from now on still arrive 5 s late and replace it.
    feed.emit({ [symbol]: 107 }, now);
    vi.advanceTimersByTime(5000);
    expect(market.getQuote(symbol, 'practice')?.lastPrice).toBe(107);
  });

  it('does not prime a contract already watched, nor replace a newer delayed price with history', () => {
    const symbol = 'NIFTY26NOV26000PE';
    const t0 = clock.now();
    market.retain('socket-1', [symbol]);
    feed.emit({ [symbol]: 80 }, t0);
    vi.advanceTimersByTime(5000);
    feed.recordPast(symbol, 70, clock.now() - 6000);
    market.retain('socket-2', [symbol]);
    market.release('socket-1');
    market.release('socket-2');
    market.retain('socket-3', [symbol]);
    expect(market.getQuote(symbol, 'practice')).toMatchObject({ lastPrice: 80, ts: t0 });
  });

  it('has nothing to prime with when the feed has no history of the contract', () => {
    market.retain('socket-1', ['NIFTY26NOV26100CE']);
    expect(market.getQuote('NIFTY26NOV26100CE', 'practice')).toBeUndefined();
  });

  it('subscribes the feed once per symbol however many owners retain it', () => {
    market.retain('socket-1', ['NIFTY 50', 'SENSEX']);
    market.retain('socket-2', ['NIFTY 50']);
    market.retain('socket-2', ['NIFTY 50']);
    expect([...feed.subscribed].sort()).toEqual(['NIFTY 50', 'SENSEX']);
    market.release('socket-1');
    expect([...feed.subscribed]).toEqual(['NIFTY 50']);
    market.release('socket-2', ['NIFTY 50']);
    expect([...feed.subscribed]).toEqual([]);
    expect(market.retainedSymbols()).toEqual([]);
  });

  it('lets the test hook pin a price in both views at once until released', () => {
    const seen: [string, number][] = [];
    market.onQuotes('practice', (quotes) =>
      seen.push(...quotes.map((q): [string, number] => [q.symbol, q.lastPrice])),
    );
    feed.emit({ NIFTY26NOV26000CE: 120 }, clock.now());
    market.forcePrice('NIFTY26NOV26000CE', 150.5);
    expect(market.getQuote('NIFTY26NOV26000CE', 'live')?.lastPrice).toBe(150.5);
    expect(market.getQuote('NIFTY26NOV26000CE', 'practice')?.lastPrice).toBe(150.5);
    vi.advanceTimersByTime(10_000);
    feed.emit({ NIFTY26NOV26000CE: 121 }, clock.now());
    vi.advanceTimersByTime(10_000);
    // Neither the pinned-over feed tick nor the delayed one replaces the forced price; the feed's tick keeps the
    // pinned price fresh (its time) in both views at once, so it never looks stale.
    expect(market.getQuote('NIFTY26NOV26000CE', 'live')).toMatchObject({
      lastPrice: 150.5,
      ts: clock.now() - 10_000,
    });
    expect(market.getQuote('NIFTY26NOV26000CE', 'practice')?.ts).toBe(clock.now() - 10_000);
    expect(seen).toEqual([
      ['NIFTY26NOV26000CE', 150.5],
      ['NIFTY26NOV26000CE', 150.5],
    ]);
    market.forcePrice('NIFTY26NOV26000CE', null);
    feed.emit({ NIFTY26NOV26000CE: 122 }, clock.now());
    expect(market.getQuote('NIFTY26NOV26000CE', 'live')?.lastPrice).toBe(122);
  });

  it('with no delay configured, serves practice together with live', async () => {
    const instant = createMarketData(
      { config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }), clock, logger: silentLogger() },
      feed,
    );
    await instant.start();
    feed.emit({ SENSEX: 85_000 }, clock.now());
    expect(instant.getQuote('SENSEX', 'practice')?.lastPrice).toBe(85_000);
    await instant.stop();
  });

  it('keeps publishing when one handler throws', () => {
    const got: number[] = [];
    market.onQuotes('live', () => {
      throw new Error('boom');
    });
    feed.emit({ SENSEX: 85_000 }, clock.now());
    market.onQuotes('live', (quotes) => got.push(quotes[0]!.lastPrice));
    feed.emit({ SENSEX: 85_001 }, clock.now());
    expect(market.getQuote('SENSEX', 'live')?.lastPrice).toBe(85_001);
    expect(got).toEqual([85_001]);
  });
});
