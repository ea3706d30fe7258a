import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ManualFeed } from './manual-feed';

const NOW = istEpochMs('2026-11-20', 10, 0);
const OPTION = { instrumentType: 'CE', name: 'NIFTY', strike: 26_000, expiry: '2026-11-23' };

describe('dev market price hook', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('pins a price in both views at once, over the feed, until released', async () => {
    const feed = new ManualFeed();
    t = await createTestApp({
      clock: createFakeClock(NOW),
      env: { XT_PRACTICE_DELAY_MS: '600000', XT_DEV_TOOLS: '1' },
      overrides: { priceFeed: feed },
    });
    const { token } = await createTestUser(t.app);
    const practice = await createTestUser(t.app);
    await t.resources.db
      .updateTable('users')
      .set({ activeBroker: 'PAPERTRADE' })
      .where('phone', '=', practice.account.phone)
      .execute();
    const force = (body: Record<string, unknown>) =>
      t!.app.inject({
        method: 'POST',
        url: '/v1/options-x/dev/market/price',
        payload: body,
        headers: authHeader(token),
      });
    const ltp = async (caller: string) =>
      (
        await t!.app.inject({
          method: 'GET',
          url: '/v1/options-x/instruments/fetchInstrument',
          query: { filters: JSON.stringify(OPTION) },
          headers: authHeader(caller),
        })
      ).json().data.instrument.ltp;

    const forced = await force({ symbol: 'NIFTY26NOV26000CE', price: 150.55 });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toEqual({
      success: true,
      message: 'Price forced',
      data: { symbol: 'NIFTY26NOV26000CE', price: 150.55 },
    });
    expect(await ltp(token)).toBe(150.55);
    expect(await ltp(practice.token)).toBe(150.55);
    feed.emit({ NIFTY26NOV26000CE: 120 }, NOW);
    expect(await ltp(token)).toBe(150.55);

    expect((await force({ symbol: 'NIFTY26NOV26000CE', price: null })).json().message).toBe('Price released');
    feed.emit({ NIFTY26NOV26000CE: 121 }, NOW);
    expect(await ltp(token)).toBe(121);

    const offGrid = await force({ symbol: 'NIFTY26NOV26000CE', price: 150.03 });
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json().message).toContain('price');
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/dev/market/price',
      payload: { symbol: 'SENSEX', price: 1 },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('does not exist unless XT_DEV_TOOLS is set', async () => {
    t = await createTestApp({ overrides: { priceFeed: new ManualFeed() } });
    const { token } = await createTestUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/dev/market/price',
      payload: { symbol: 'SENSEX', price: 1 },
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' }, overrides: { priceFeed: new ManualFeed() } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/options-x/dev/market/price',
      payload: { symbol: 'SENSEX', price: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});
