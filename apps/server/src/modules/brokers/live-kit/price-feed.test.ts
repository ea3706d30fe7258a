import { describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/fakes/kite';
import { silentLogger } from '../../../logger';
import type { BrokerStreamState, RawTick } from '../../market/contract';
import type { BrokerAccount } from '../vault';
import { BrokerCallError } from './errors';
import type { BrokerContract } from './instrument-master';
import { PolledPriceFeed, type QuoteEndpoint } from './price-feed';

// The kit's quote poller: batches within the broker's limit, round-robin, one request at a time, the broker's rate,
// backoff while failing, a refused token ends it; unlisted contracts are never asked for.

const contractOf = (symbol: string): BrokerContract => ({
  instrumentId: `ID-${symbol}`,
  tradingSymbol: symbol,
  exchange: 'NFO',
  underlying: 'NIFTY',
  expiry: '2026-12-29',
  strike: 26000,
  optionType: 'CE',
  lotSize: 65,
});

function harness(options: { batchSize: number; intervalMs: number }) {
  const calls: Array<{ at: number; ids: string[] }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failWith: BrokerCallError | undefined;
  const prices = new Map<string, number>();
  const endpoint: QuoteEndpoint = {
    ...options,
    classify: (error) =>
      error instanceof BrokerCallError ? error : new BrokerCallError('network', 'x', true),
    async quotes(_credentials, contracts) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      calls.push({ at: Date.now(), ids: contracts.map((c) => c.instrumentId) });
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      if (failWith) throw failWith;
      return contracts.flatMap((c) => {
        const price = prices.get(c.instrumentId);
        return price === undefined ? [] : [{ instrumentId: c.instrumentId, lastPrice: price }];
      });
    },
  };
  const states: BrokerStreamState[] = [];
  let expired = 0;
  const feed = new PolledPriceFeed({
    name: 'test:u1',
    endpoint,
    master: {
      contractFor: async (symbol) => {
        if (symbol.startsWith('UNLISTED'))
          throw new BrokerCallError('rejected', `not listed ${symbol}`, false);
        return contractOf(symbol);
      },
    },
    credentials: async () => ({ account: { clientId: 'C1' } as BrokerAccount, token: 't' }),
    onState: (state) => states.push(state),
    onTokenExpired: () => {
      expired += 1;
    },
    now: Date.now,
    logger: silentLogger(),
  });
  const ticks: RawTick[] = [];
  feed.onTicks((batch) => ticks.push(...batch));
  return {
    feed,
    calls,
    states,
    ticks,
    prices,
    maxInFlight: () => maxInFlight,
    expired: () => expired,
    fail: (error: BrokerCallError | undefined) => {
      failWith = error;
    },
  };
}

describe('PolledPriceFeed', () => {
  it('asks for every subscribed contract in batches of the broker limit, round-robin, one request at a time', async () => {
    const h = harness({ batchSize: 2, intervalMs: 30 });
    h.feed.subscribe(['A', 'B', 'C', 'UNLISTED1']);
    h.feed.subscribe(['A']); // one upstream entry per symbol, however many readers
    await eventually(() => expect(h.feed.polled).toEqual(['A', 'B', 'C']));
    h.prices.set('ID-A', 101);
    h.prices.set('ID-C', 103.5);
    h.feed.resume();
    await eventually(() => expect(h.calls.length).toBeGreaterThanOrEqual(4));
    h.feed.halt();
    for (const call of h.calls) expect(call.ids.length).toBeLessThanOrEqual(2);
    const asked = h.calls.flatMap((call) => call.ids);
    expect(new Set(asked)).toEqual(new Set(['ID-A', 'ID-B', 'ID-C']));
    expect(asked).not.toContain('ID-UNLISTED1');
    expect(h.maxInFlight()).toBe(1);
    // Paced: consecutive requests start at least the interval apart (less the timer's slack).
    for (let i = 1; i < h.calls.length; i += 1)
      expect((h.calls[i]?.at ?? 0) - (h.calls[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(28);
    expect(h.ticks.map((t) => [t.symbol, t.price])).toEqual(
      expect.arrayContaining([
        ['A', 101],
        ['C', 103.5],
      ]),
    );
    expect(h.ticks.some((t) => t.symbol === 'B')).toBe(false);
    expect(h.states).toContain('connected');
  });

  it('stops asking for an unsubscribed contract', async () => {
    const h = harness({ batchSize: 10, intervalMs: 20 });
    h.feed.subscribe(['A', 'B']);
    await eventually(() => expect(h.feed.polled).toHaveLength(2));
    h.feed.unsubscribe(['B']);
    const before = h.calls.length;
    h.feed.resume();
    await eventually(() => expect(h.calls.length).toBeGreaterThan(before + 1));
    h.feed.halt();
    expect(h.calls.at(-1)?.ids).toEqual(['ID-A']);
  });

  it('marks the stream disconnected and backs off while the broker fails, connected again once it answers', async () => {
    const h = harness({ batchSize: 10, intervalMs: 20 });
    h.feed.subscribe(['A']);
    await eventually(() => expect(h.feed.polled).toEqual(['A']));
    h.fail(new BrokerCallError('network', 'down', true));
    h.feed.resume();
    await eventually(() => expect(h.calls.length).toBe(3), 2000);
    expect(h.states.filter((s) => s === 'disconnected').length).toBeGreaterThanOrEqual(2);
    // 20 ms doubling: the third request waited 2x then 4x the interval.
    const gap = (h.calls[2]?.at ?? 0) - (h.calls[1]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(75);
    h.fail(undefined);
    h.prices.set('ID-A', 99);
    await eventually(() => expect(h.ticks.at(-1)?.price).toBe(99), 2000);
    expect(h.states.at(-1)).toBe('connected');
    h.feed.halt();
  });

  it('ends on a refused token: no more requests, the session is expired', async () => {
    const h = harness({ batchSize: 10, intervalMs: 20 });
    h.feed.subscribe(['A']);
    await eventually(() => expect(h.feed.polled).toEqual(['A']));
    h.fail(new BrokerCallError('token_expired', 'gone', false));
    h.feed.resume();
    await eventually(() => expect(h.states.at(-1)).toBe('ended'));
    const calls = h.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.calls.length).toBe(calls);
    expect(h.expired()).toBe(1);
    // A fresh login resumes it with its subscriptions.
    h.fail(undefined);
    h.prices.set('ID-A', 120);
    h.feed.resume();
    await eventually(() => expect(h.ticks.at(-1)?.price).toBe(120));
    h.feed.halt();
  });
});
