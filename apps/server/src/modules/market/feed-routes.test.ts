import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ManualFeed } from './manual-feed';

const NOW = istEpochMs('2026-11-20', 10, 0);

describe('GET /market/feed', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('tells a user without a broker stream that prices are simulated, and when a contract went stale', async () => {
    const feed = new ManualFeed();
    const clock = createFakeClock(NOW);
    t = await createTestApp({ clock, env: { XT_STALE_TICK_MS: '3000' }, overrides: { priceFeed: feed } });
    const { token } = await createTestUser(t.app);
    const status = async (query: Record<string, string> = {}) =>
      (
        await t!.app.inject({
          method: 'GET',
          url: '/v1/options-x/market/feed',
          query,
          headers: authHeader(token),
        })
      ).json().data;

    feed.emit({ 'NIFTY 50': 26_000 }, NOW);
    expect(await status()).toMatchObject({
      source: 'simulated',
      broker: null,
      view: 'live',
      state: 'simulated',
      symbol: null,
      staleAfterMs: 3000,
      tokenExpiresAt: null,
    });
    expect(await status({ symbol: 'NIFTY 50' })).toMatchObject({ state: 'simulated', lastTickAt: NOW });
    clock.advance(12_000);
    expect(await status({ symbol: 'NIFTY 50' })).toMatchObject({
      state: 'stale',
      lastTickAt: NOW,
      now: NOW + 12_000,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/options-x/market/feed' });
    expect(anonymous.statusCode).toBe(401);
  });
});
