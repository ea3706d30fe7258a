import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestBus } from '../../../test/helpers/test-bus';
import type { Bus } from '../../bus/bus';
import { systemClock } from '../../clock';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import { clusterPriceFeed } from './cluster-prices';
import type { Leadership } from './clustered-feed';
import { ClusteredPlatformFeed } from './clustered-platform-feed';
import { type BrokerStreamState, isPlatformFeed, type PlatformFeed, type SymbolInterest } from './contract';
import { feedStatus } from './feed-status';
import { ManualFeed } from './manual-feed';
import { createMarketData } from './market-data';
import { createPriceSources } from './price-sources';

/** A vendor feed driven by hand: its line state is set by the test. */
class HandPlatformFeed extends ManualFeed implements PlatformFeed {
  readonly vendor = 'TrueData';
  state: BrokerStreamState = 'connecting';
  readonly told: SymbolInterest[] = [];
  private readonly stateHandlers = new Set<(state: BrokerStreamState) => void>();
  onState(handler: (state: BrokerStreamState) => void) {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }
  setState(state: BrokerStreamState) {
    this.state = state;
    for (const handler of this.stateHandlers) handler(state);
  }
  interest(symbols: readonly SymbolInterest[]) {
    this.told.push(...symbols);
  }
}

/** Leadership moved by hand, as the lease would move it. */
class HandLeadership implements Leadership {
  private readonly handlers = new Set<(leader: boolean) => void>();
  constructor(
    public isLeader: boolean,
    public epoch = isLeader ? 1 : 0,
  ) {}
  onChange(handler: (leader: boolean) => void) {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  async start() {}
  async stop() {}
  set(leader: boolean, epoch = this.epoch) {
    this.isLeader = leader;
    this.epoch = epoch;
    for (const handler of this.handlers) handler(leader);
  }
}

const PERIOD_MS = 100;
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });
const resources = {
  config: loadConfig({ XT_PRACTICE_DELAY_MS: '200' }),
  clock: systemClock,
  logger: silentLogger(),
};
const timing = () => ({ now: Date.now(), practiceDelayMs: 200, staleAfterMs: 3000 });

describe('ClusteredPlatformFeed', () => {
  const feeds: ClusteredPlatformFeed[] = [];
  let bus: Bus;
  afterEach(async () => {
    for (const feed of feeds.splice(0)) await feed.stop();
    await bus.close();
  });

  const instance = (id: string, leader: boolean) => {
    const inner = new HandPlatformFeed();
    const leadership = new HandLeadership(leader);
    const feed = new ClusteredPlatformFeed({
      inner,
      bus,
      leadership,
      instanceId: id,
      clock: systemClock,
      logger: silentLogger(),
      batchMs: 20,
      interestEveryMs: PERIOD_MS,
    });
    feeds.push(feed);
    const sources = createPriceSources(resources, createMarketData(resources, feed), undefined, feed);
    return { inner, leadership, feed, sources, shared: sources.shared };
  };

  it("shows on a follower's badge the vendor line state the leader sees", async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    const b = instance('b', false);
    const heard: BrokerStreamState[] = [];
    b.feed.onState((state) => heard.push(state));
    await a.sources.start();
    await b.sources.start();
    expect(isPlatformFeed(b.feed)).toBe(true);
    expect(feedStatus(b.shared, 'live', timing())).toMatchObject({ source: 'platform', vendor: 'TrueData' });

    a.inner.setState('connected');
    await waitFor(() => expect(b.feed.state).toBe('connected'));
    b.shared.data.retain('socket', ['NIFTY 50']);
    await waitFor(() => expect(a.inner.subscribed.has('NIFTY 50')).toBe(true));
    a.inner.emit({ 'NIFTY 50': 26_000 }, Date.now());
    await waitFor(() => expect(b.shared.data.getQuote('NIFTY 50', 'live')?.lastPrice).toBe(26_000));
    expect(feedStatus(b.shared, 'live', timing()).state).toBe('live');

    // The leader's line drops: the follower's badge says stale, though its last tick is fresh.
    a.inner.setState('disconnected');
    await waitFor(() => expect(b.feed.state).toBe('disconnected'));
    expect(feedStatus(b.shared, 'live', timing())).toMatchObject({ source: 'platform', state: 'stale' });
    a.inner.setState('connected');
    await waitFor(() => expect(feedStatus(b.shared, 'live', timing()).state).toBe('live'));
    expect(heard).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
  });

  it('shows the line down on a follower when the leader falls silent', async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    const b = instance('b', false);
    await a.feed.start();
    await b.feed.start();
    a.inner.setState('connected');
    await waitFor(() => expect(b.feed.state).toBe('connected'));
    await a.feed.stop();
    await waitFor(() => expect(b.feed.state).toBe('disconnected'));
  });

  const lastTold = (feed: HandPlatformFeed, symbol: string) =>
    feed.told.filter((interest) => interest.symbol === symbol).at(-1);

  it("budgets the vendor line by the whole cluster's interest, told to the leader's vendor feed only", async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    const b = instance('b', false);
    await a.feed.start();
    await b.feed.start();
    const CE = 'NIFTY26D0126000CE';
    a.feed.interest([{ symbol: CE, readers: 2, held: false }]);
    expect(a.inner.told).toEqual([{ symbol: CE, readers: 2, held: false }]);
    // B's readers and B's open position on the contract reach A's vendor feed over the bus, summed with A's.
    b.feed.subscribe([CE]);
    b.feed.interest([{ symbol: CE, readers: 3, held: true }]);
    await waitFor(() => expect(lastTold(a.inner, CE)).toEqual({ symbol: CE, readers: 5, held: true }));
    expect(b.inner.told).toEqual([]);
    // B's readers leave: the leader hears it at B's next word.
    b.feed.interest([{ symbol: CE, readers: 0, held: false }]);
    await waitFor(() => expect(lastTold(a.inner, CE)).toEqual({ symbol: CE, readers: 2, held: false }));
    // B takes the stream over: its vendor feed learns the cluster's interest, A's included once A follows.
    a.leadership.set(false);
    b.leadership.set(true, 2);
    await waitFor(() => expect(lastTold(b.inner, CE)).toEqual({ symbol: CE, readers: 2, held: false }));
  });

  it("forgets a silent instance's interest", async () => {
    bus = await createTestBus();
    const a = instance('a', true);
    const b = instance('b', false);
    await a.feed.start();
    await b.feed.start();
    const PE = 'NIFTY26D0126000PE';
    b.feed.subscribe([PE]);
    b.feed.interest([{ symbol: PE, readers: 4, held: true }]);
    await waitFor(() => expect(lastTold(a.inner, PE)).toEqual({ symbol: PE, readers: 4, held: true }));
    // B is killed (stops repeating its interest): after three periods its readers and holdings no longer count.
    await b.feed.stop();
    feeds.splice(feeds.indexOf(b.feed), 1);
    await waitFor(() => expect(lastTold(a.inner, PE)).toEqual({ symbol: PE, readers: 0, held: false }));
  });

  it('is what the cluster runs for a platform feed', () => {
    const cluster = { ...resources, bus: undefined as never, leases: undefined as never };
    expect(clusterPriceFeed(cluster, new HandPlatformFeed())).toBeInstanceOf(ClusteredPlatformFeed);
    expect(clusterPriceFeed(cluster, new ManualFeed())).not.toBeInstanceOf(ClusteredPlatformFeed);
  });
});
