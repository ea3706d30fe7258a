import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestBus } from '../../../test/helpers/test-bus';
import type { Bus } from '../../bus/bus';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import { feedStatus } from './feed-status';
import { ManualFeed } from './manual-feed';
import { createMarketData } from './market-data';
import { createPriceSources, type PriceSources } from './price-sources';

const resources = {
  config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
  clock: { now: Date.now },
  logger: silentLogger(),
};
const timing = () => ({ now: Date.now(), practiceDelayMs: 0, staleAfterMs: 3000 });
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 10 });

describe("a user's broker stream across instances", () => {
  let bus: Bus;
  const all: PriceSources[] = [];
  afterEach(async () => {
    for (const sources of all.splice(0)) await sources.stop();
    await bus.close();
  });

  const instance = async (instanceId: string) => {
    const sources = createPriceSources(
      resources,
      createMarketData(resources, new ManualFeed()),
      undefined,
      undefined,
      {
        bus,
        instanceId,
      },
    );
    sources.declare('ZERODHA', 'zerodha');
    await sources.start();
    all.push(sources);
    return sources;
  };

  it("reaches that user's source on another instance, both ways, and no other user's", async () => {
    bus = await createTestBus();
    const owner = await instance('a');
    const other = await instance('b');
    const ticker = new ManualFeed();
    owner.open({ userId: 'u1', brokerId: 'ZERODHA', key: 'zerodha', feed: ticker, tokenExpiresAt: null });
    owner.setState('u1', 'zerodha', 'connected');

    // B never opened the stream: u1's source there relays A's, and its subscriptions reach A's ticker.
    const relayed = other.sourceFor('u1', 'ZERODHA');
    expect(relayed.id).toBe('zerodha:u1');
    relayed.data.retain('socket-on-b', ['NIFTY24DEC24000CE']);
    await waitFor(() => expect(ticker.subscribed.has('NIFTY24DEC24000CE')).toBe(true));
    // Another user of the same broker on B has a source of their own, fed by nobody's stream.
    const stranger = other.sourceFor('u2', 'ZERODHA');
    stranger.data.retain('socket-of-u2', ['NIFTY24DEC24000CE']);

    ticker.emit({ NIFTY24DEC24000CE: 101.5 }, Date.now());
    await waitFor(() => expect(relayed.data.getQuote('NIFTY24DEC24000CE', 'live')?.lastPrice).toBe(101.5));
    // The state came with the ticks: B shows u1's stream live, not expired.
    expect(feedStatus(relayed, 'live', timing()).state).toBe('live');
    expect(stranger.data.getQuote('NIFTY24DEC24000CE', 'live')).toBeUndefined();
    expect(other.shared.data.getQuote('NIFTY24DEC24000CE', 'live')).toBeUndefined();

    // The stream ends on A (token expired): B hears it without a tick.
    owner.setState('u1', 'zerodha', 'ended');
    await waitFor(() => expect(relayed.state).toBe('ended'));

    // A symbol already ticking on A reaches B at once when B starts wanting it.
    owner.sourceFor('u1', 'ZERODHA').data.retain('socket-on-a', ['NIFTY 50']);
    ticker.emit({ 'NIFTY 50': 24_000 }, Date.now());
    relayed.data.retain('socket-on-b', ['NIFTY 50']);
    await waitFor(() => expect(relayed.data.getQuote('NIFTY 50', 'live')?.lastPrice).toBe(24_000));

    // B's sockets let go: A's ticker drops the symbol.
    relayed.data.release('socket-on-b');
    await waitFor(() => expect(ticker.subscribed.has('NIFTY24DEC24000CE')).toBe(false));
  });
});
