import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestBus } from '../../../test/helpers/test-bus';
import type { Bus } from '../../bus/bus';
import { systemClock } from '../../clock';
import { silentLogger } from '../../logger';
import { ClusteredFeed, type Leadership } from './clustered-feed';
import type { PriceFeed, RawTick } from './contract';
import { ManualFeed } from './manual-feed';

/** Leadership moved by hand, as the lease would move it. */
class HandLeadership implements Leadership {
  isLeader = false;
  epoch = 0;
  released = false;
  private readonly handlers = new Set<(leader: boolean) => void>();
  constructor(private readonly startAsLeader: boolean) {}
  onChange(handler: (leader: boolean) => void) {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  async start() {
    if (this.startAsLeader) this.set(true, 1);
  }
  async stop() {
    this.released = true;
  }
  set(leader: boolean, epoch = this.epoch) {
    this.isLeader = leader;
    this.epoch = epoch;
    for (const handler of this.handlers) handler(leader);
  }
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });

describe('ClusteredFeed', () => {
  const feeds: ClusteredFeed[] = [];
  let bus: Bus;
  afterEach(async () => {
    for (const feed of feeds.splice(0)) await feed.stop();
    await bus.close();
  });

  const instance = (id: string, leader: boolean) => {
    const inner = new ManualFeed();
    const leadership = new HandLeadership(leader);
    const feed = new ClusteredFeed({
      inner,
      bus,
      leadership,
      instanceId: id,
      clock: systemClock,
      logger: silentLogger(),
      batchMs: 30,
      interestEveryMs: 1000,
    });
    const seen: RawTick[] = [];
    feed.onTicks((ticks) => seen.push(...ticks.map((tick) => ({ ...tick }))));
    feeds.push(feed);
    return { inner, leadership, feed, seen };
  };

  it("runs the real feed on the leader only, for every instance's symbols, and delivers its ticks everywhere", async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    const b = instance('b', false);
    await a.feed.start();
    await b.feed.start();
    expect(a.feed.isLeader).toBe(true);
    expect(b.feed.isLeader).toBe(false);
    a.feed.subscribe(['NIFTY 50']);
    b.feed.subscribe(['NIFTY24DEC24000CE']);
    // The follower's symbol reaches the leader's feed through its interest; the follower's own feed never runs.
    await waitFor(() => expect([...a.inner.subscribed].sort()).toEqual(['NIFTY 50', 'NIFTY24DEC24000CE']));
    expect(b.inner.subscribed.size).toBe(0);

    a.inner.emit({ 'NIFTY 50': 24000.5, NIFTY24DEC24000CE: 101.25 }, 1_000, 99);
    await waitFor(() =>
      expect(b.seen).toEqual([{ symbol: 'NIFTY24DEC24000CE', price: 101.25, ts: 1_000, close: 99 }]),
    );
    expect(a.seen.map((tick) => tick.symbol)).toEqual(['NIFTY 50', 'NIFTY24DEC24000CE']);
    // The follower remembers what it received, for the delayed Practice Mode view.
    expect(b.feed.priceAsOf('NIFTY24DEC24000CE', 1_500)).toEqual({
      symbol: 'NIFTY24DEC24000CE',
      price: 101.25,
      ts: 1_000,
    });
  });

  it('gives an instance that starts wanting an already ticking symbol its last price at once', async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    const b = instance('b', false);
    await a.feed.start();
    await b.feed.start();
    a.feed.subscribe(['NIFTY 50']);
    a.inner.emit({ 'NIFTY 50': 24_000 }, 1_000, 23_900);
    // The market may be closed: the leader's feed will not tick NIFTY 50 again, yet B's reader gets its price.
    b.feed.subscribe(['NIFTY 50']);
    await waitFor(() =>
      expect(b.seen).toEqual([{ symbol: 'NIFTY 50', price: 24_000, ts: 1_000, close: 23_900 }]),
    );
  });

  it('sends the ticks of one batching period as one bus message', async () => {
    bus = await createTestBus();
    const messages = vi.fn();
    bus.subscribe('prices.ticks', messages);
    const a = instance('a', true);
    await a.feed.start();
    a.feed.subscribe(['X', 'Y']);
    for (let i = 0; i < 20; i += 1) a.inner.emit({ X: 100 + i, Y: 200 + i }, 1_000 + i);
    await waitFor(() => expect(messages.mock.calls.flatMap(([m]) => m.ticks)).toHaveLength(40));
    // The first batch after a quiet spell goes at once, the other 19 wait for the period: 2 messages, not 40.
    expect(messages.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('hands the stream over: the new leader runs its feed from the last prices, the deposed one is ignored', async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    const b = instance('b', false);
    const c = instance('c', false);
    for (const each of [a, b, c]) await each.feed.start();
    b.feed.subscribe(['NIFTY 50']);
    c.feed.subscribe(['NIFTY 50']);
    await waitFor(() => expect(a.inner.subscribed.has('NIFTY 50')).toBe(true));
    a.inner.emit({ 'NIFTY 50': 24010 }, 1_000);
    await waitFor(() => expect(b.seen).toHaveLength(1));
    const resumed = vi.fn();
    (b.inner as PriceFeed).resumeFrom = resumed;

    b.leadership.set(true, 2);
    await waitFor(() => expect(b.inner.subscribed.has('NIFTY 50')).toBe(true));
    expect(resumed).toHaveBeenCalledWith(new Map([['NIFTY 50', 24010]]));
    b.inner.emit({ 'NIFTY 50': 24011 }, 2_000);
    expect(b.seen.at(-1)).toMatchObject({ price: 24011 });

    // A still thinks it leads (epoch 1): once epoch 2 spoke, its late ticks reach no follower.
    await waitFor(() => expect(c.seen.at(-1)).toMatchObject({ price: 24011 }));
    a.inner.emit({ 'NIFTY 50': 1 }, 3_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(c.seen.some((tick) => tick.price === 1)).toBe(false);

    // Deposed: A stops its feed and follows B.
    a.leadership.set(false);
    await waitFor(() => expect(a.inner.subscribed.size).toBe(0));
    a.feed.subscribe(['NIFTY 50']);
    await waitFor(() => expect(b.inner.subscribed.has('NIFTY 50')).toBe(true));
    b.inner.emit({ 'NIFTY 50': 24012 }, 4_000);
    await waitFor(() => expect(a.seen.at(-1)).toMatchObject({ price: 24012 }));
  });

  it('releases its leadership when stopped (drain)', async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    await a.feed.start();
    await a.feed.stop();
    feeds.length = 0;
    expect(a.leadership.released).toBe(true);
  });
});
