import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { silentLogger } from '../../logger';
import type { BrokerStreamState } from './contract';
import { feedStatus } from './feed-status';
import { ManualFeed } from './manual-feed';
import { createMarketData } from './market-data';
import type { PriceSource } from './price-sources';

const T0 = Date.UTC(2026, 10, 24, 5, 0);
const timing = (now: number) => ({ now, practiceDelayMs: 5000, staleAfterMs: 3000 });

function sourceWith(
  brokerId: string | null,
  state: BrokerStreamState,
  tokenExpiresAt: number | null = null,
  ticks: Record<string, number> = {},
): PriceSource {
  const feed = new ManualFeed();
  const resources = {
    config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
    clock: { now: () => T0 },
    logger: silentLogger(),
  };
  const data = createMarketData(resources, feed, undefined);
  void data.start();
  for (const [symbol, ts] of Object.entries(ticks)) feed.emit({ [symbol]: 100 }, ts);
  const last = Math.max(...Object.values(ticks), Number.NEGATIVE_INFINITY);
  return {
    id: brokerId ? 'zerodha:u' : 'sim',
    brokerId,
    vendor: null,
    data,
    state,
    tokenExpiresAt,
    lastTickAt: () => (last > Number.NEGATIVE_INFINITY ? last : null),
  };
}

describe('feed status', () => {
  it('labels the shared source simulated, and a contract on it stale once it stops ticking', () => {
    const sim = sourceWith(null, 'connected', null, { X: T0 });
    expect(feedStatus(sim, 'live', timing(T0 + 1000))).toMatchObject({
      source: 'simulated',
      state: 'simulated',
    });
    expect(feedStatus(sim, 'live', timing(T0 + 3000), 'X').state).toBe('simulated');
    expect(feedStatus(sim, 'live', timing(T0 + 3001), 'X')).toMatchObject({ state: 'stale', lastTickAt: T0 });
    expect(feedStatus(sim, 'live', timing(T0), 'NEVER_TICKED').state).toBe('stale');
  });

  it('shows a broker stream live, delayed in Practice, stale after XT_STALE_TICK_MS, expired once the session ends', () => {
    const expiry = T0 + 60_000;
    const own = sourceWith('ZERODHA', 'connected', expiry, { X: T0 });
    expect(feedStatus(own, 'live', timing(T0 + 2000))).toMatchObject({
      source: 'broker',
      broker: 'ZERODHA',
      state: 'live',
      tokenExpiresAt: expiry,
      delayMs: 0,
    });
    expect(feedStatus(own, 'live', timing(T0 + 12_000), 'X').state).toBe('stale');
    // Practice's deliberate 5 s delay is not staleness.
    expect(feedStatus(own, 'practice', timing(T0 + 7000))).toMatchObject({ state: 'delayed', delayMs: 5000 });
    expect(feedStatus(own, 'practice', timing(T0 + 8001)).state).toBe('stale');
    expect(
      feedStatus(sourceWith('ZERODHA', 'disconnected', expiry, { X: T0 }), 'live', timing(T0)).state,
    ).toBe('stale');
    expect(feedStatus(own, 'live', timing(expiry)).state).toBe('expired');
    expect(feedStatus(sourceWith('ZERODHA', 'ended', null, { X: T0 }), 'live', timing(T0)).state).toBe(
      'expired',
    );
  });
});
