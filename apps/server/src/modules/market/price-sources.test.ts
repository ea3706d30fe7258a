import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import { feedStatus } from './feed-status';
import { ManualFeed } from './manual-feed';
import { createMarketData } from './market-data';
import { createPriceSources, type PriceSource } from './price-sources';

const resources = {
  config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
  clock: { now: Date.now },
  logger: silentLogger(),
};
const timing = () => ({ now: Date.now(), practiceDelayMs: 0, staleAfterMs: 3000 });

describe('price sources', () => {
  it('gives a live user of a streaming broker their own source even before it opens: expired, not simulated', async () => {
    const sources = createPriceSources(resources, createMarketData(resources, new ManualFeed()));
    sources.declare('ZERODHA', 'zerodha');
    const changes: string[] = [];
    sources.onChange((userId) => changes.push(userId));

    const waiting = sources.sourceFor('u1', 'ZERODHA');
    expect(waiting.id).toBe('zerodha:u1');
    expect(feedStatus(waiting, 'live', timing())).toMatchObject({ source: 'broker', state: 'expired' });
    expect(sources.sourceFor('u2', 'IIFL')).toBe(sources.shared);
    expect(sources.sourceFor('u1', 'PAPERTRADE')).toBe(sources.shared);

    const feed = new ManualFeed();
    sources.open({ userId: 'u1', brokerId: 'ZERODHA', key: 'zerodha', feed, tokenExpiresAt: null });
    sources.setState('u1', 'zerodha', 'connected');
    const open = sources.sourceFor('u1', 'ZERODHA');
    expect(open).not.toBe(waiting);
    expect(changes).toEqual(['u1', 'u1']);
    open.data.retain('socket', ['NIFTY 50']);
    await new Promise((resolve) => setImmediate(resolve));
    feed.emit({ 'NIFTY 50': 26_000 }, Date.now());
    expect(feedStatus(open, 'live', timing()).state).toBe('live');
    expect(sources.shared.data.getQuote('NIFTY 50', 'live')).toBeUndefined();
    await sources.stop();
  });

  it("puts a Practice user's replay in place of what they see, and nobody else's", async () => {
    const sources = createPriceSources(resources, createMarketData(resources, new ManualFeed()));
    const changes: string[] = [];
    sources.onChange((userId) => changes.push(userId));
    const followed: string[] = [];
    sources.onSource((source) => followed.push(source.id));
    const replay: PriceSource = {
      ...sources.shared,
      id: 'replay:u1',
      data: createMarketData(resources, new ManualFeed()),
    };

    sources.setReplay('u1', replay);
    expect(sources.sourceFor('u1', 'PAPERTRADE')).toBe(replay);
    expect(sources.sourceFor('u2', 'PAPERTRADE')).toBe(sources.shared);
    // Only in Practice Mode: the same user at a live broker never trades on a replay.
    expect(sources.sourceFor('u1', null)).toBe(sources.shared);
    expect(sources.byId('replay:u1')).toBe(replay);
    expect(changes).toEqual(['u1']);
    expect(followed).toEqual(['replay:u1']);

    sources.setReplay('u1', null);
    expect(sources.sourceFor('u1', 'PAPERTRADE')).toBe(sources.shared);
    expect(sources.byId('replay:u1')).toBeUndefined();
    expect(changes).toEqual(['u1', 'u1']);
    await sources.stop();
  });
});
