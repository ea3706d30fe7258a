import { istEpochMs } from '@xtrader/core/market/dates';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { type BrokerLinks, createBrokerLinks } from '../brokers/links/index';
import { createModules } from '../index';
import { ManualFeed } from '../market/manual-feed';

// Friday 20 Nov 2026, 10:00 IST.
const NOW = istEpochMs('2026-11-20', 10, 0);

/** Broker links that count reads of the active broker. */
function countingLinks(inner: BrokerLinks) {
  const counted = { reads: 0 };
  const links: BrokerLinks = {
    ...inner,
    activeBrokerOf(userId) {
      counted.reads += 1;
      return inner.activeBrokerOf(userId);
    },
  };
  return { links, counted };
}

// The composition root as built for production: one placement reads the user's active broker once (the session
// it goes through); the entitlement check and the price view are derived from that session's broker.
describeEachStore('active broker reads per placement', (kind) => {
  let t: TestApp;
  let counted: { reads: number };
  let headers: { authorization: string };
  const feed = new ManualFeed();
  beforeEach(async () => {
    t = await createTestApp({
      store: kind,
      clock: createFakeClock(NOW),
      env: { XT_PRACTICE_DELAY_MS: '0' },
      modules: (resources) => {
        const counting = countingLinks(createBrokerLinks(resources.db, resources.clock));
        counted = counting.counted;
        return createModules(resources, { priceFeed: feed, brokerLinks: counting.links });
      },
    });
    headers = authHeader((await createTestUser(t.app)).token);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/v1/options-x${url}`, headers, ...(payload ? { payload } : {}) });

  const get = (path: string, filters: object) =>
    call('GET', `/instruments/${path}?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  /** A NIFTY call of the nearest expiry, as the option chain offers it. */
  const instrument = async () => {
    const expiry = (await get('getExpiryDates', { name: 'NIFTY' })).json().data.expiryDates[0] as string;
    const strikes = (await get('getStrikes', { name: 'NIFTY', expiry, instrumentType: 'CE' })).json().data
      .strikes as number[];
    const strike = strikes[Math.floor(strikes.length / 2)];
    const filters = { instrumentType: 'CE', name: 'NIFTY', strike, expiry, exchange: 'NFO' };
    const response = await get('fetchInstrument', filters);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.instrument as {
      internalToken: string;
      tradingsymbol: string;
      lot_size: number;
    };
  };

  it('reads it once for a Practice Mode order', async () => {
    expect((await call('POST', '/broker/papertrading/start')).statusCode).toBe(200);
    const { internalToken, tradingsymbol, lot_size } = await instrument();
    feed.emit({ [tradingsymbol]: 120 }, NOW);
    counted.reads = 0;
    const placed = await call('POST', '/order', {
      exchange: 'NFO',
      internalToken,
      quantity: lot_size,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'limit',
      triggerPrice: 100,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(counted.reads).toBe(1);
  });

  it('reads it once for an order refused for want of a subscription outside Practice Mode', async () => {
    const { internalToken, lot_size } = await instrument();
    counted.reads = 0;
    const refused = await call('POST', '/order', {
      exchange: 'NFO',
      internalToken,
      quantity: lot_size,
      transactionType: 'buy',
      product: 'MIS',
      orderType: 'limit',
      triggerPrice: 100,
    });
    expect(refused.statusCode).toBe(403);
    expect(counted.reads).toBe(1);
  });
});
