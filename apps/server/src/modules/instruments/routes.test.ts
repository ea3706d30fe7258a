import { istEpochMs } from '@xtrader/core/market/dates';
import { listExpiries } from '@xtrader/core/market/expiry';
import { INDEX_TABLE } from '@xtrader/core/market/indices';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { authHeader, createTestUser } from '../../../test/helpers/auth';
import { createFakeClock } from '../../../test/helpers/fake-clock';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { describeEachStore } from '../../../test/helpers/test-store';
import { ManualFeed } from '../market/manual-feed';

// Friday 20 Nov 2026, 10:00 IST.
const NOW = istEpochMs('2026-11-20', 10, 0);

describeEachStore('instrument endpoints', (kind) => {
  let t: TestApp;
  let feed: ManualFeed;
  let token: string;
  beforeEach(async () => {
    feed = new ManualFeed();
    t = await createTestApp({
      store: kind,
      clock: createFakeClock(NOW),
      // Practice Mode's view lags far behind, so a test can tell the two views apart.
      env: { XT_PRACTICE_DELAY_MS: '600000' },
      overrides: { priceFeed: feed },
    });
    token = (await createTestUser(t.app)).token;
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (path: string, query: Record<string, string>, auth = token) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/options-x/instruments/${path}`,
      query,
      headers: authHeader(auth),
    });
  const filters = (value: unknown) => ({ filters: JSON.stringify(value) });

  it('lists the unexpired expiries of an index, soonest first', async () => {
    const response = await get('getExpiryDates', filters({ name: 'NIFTY' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'success',
      data: { expiryDates: listExpiries('NIFTY', NOW).map((e) => e.date) },
    });
    expect(response.json().data.expiryDates[0]).toBe('2026-11-23');
  });

  it('answers a 400 naming the problem for malformed JSON, unknown filters and unknown names', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ filters: '{"name":' }, 'filters: Expected JSON'],
      [filters({ name: 'NIFTY', colour: 'red' }), 'filters: Unrecognized key: "colour"'],
      [filters({ name: 'NIFTI' }), 'filters.name: Invalid option'],
      [{}, 'filters: Invalid input'],
    ];
    for (const [query, message] of cases) {
      const response = await get('getExpiryDates', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const strikes = await get(
      'getStrikes',
      filters({ name: 'NIFTY', expiry: '2026-13-01', instrumentType: 'CE' }),
    );
    expect(strikes.statusCode).toBe(400);
    expect(strikes.json().message).toContain('filters.expiry');
    const search = await get('search', { ...filters({ underlying: ['NIFTY', 'GOLD'] }), page: '0' });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toContain('filters.underlying.1');
    const page = await get('search', { page: '-1' });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toContain('page');
  });

  it('requires a logged-in caller', async () => {
    const response = await get('getExpiryDates', filters({ name: 'NIFTY' }), 'not-a-token');
    expect(response.statusCode).toBe(401);
  });

  it('lists strikes of an expiry and fetches one instrument with its live price', async () => {
    const strikes = (
      await get('getStrikes', filters({ name: 'BANKNIFTY', expiry: '2026-11-23', instrumentType: 'PE' }))
    ).json().data.strikes as number[];
    expect(strikes).toHaveLength(81);
    expect(strikes[0]).toBe(59_000 - 40 * 100);
    expect([...strikes].sort((a, b) => a - b)).toEqual(strikes);

    feed.emit({ BANKNIFTY26NOV59000PE: 210.35 }, NOW);
    const fetched = await get(
      'fetchInstrument',
      filters({
        instrumentType: 'PE',
        name: 'BANKNIFTY',
        strike: 59_000,
        expiry: '2026-11-23',
        exchange: 'NFO',
      }),
    );
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data.instrument).toMatchObject({
      tradingsymbol: 'BANKNIFTY26NOV59000PE',
      lot_size: INDEX_TABLE.BANKNIFTY.lotSize,
      exchange: 'NFO',
      ltp: 210.35,
    });
    const missing = await get(
      'fetchInstrument',
      filters({ instrumentType: 'PE', name: 'BANKNIFTY', strike: 59_050, expiry: '2026-11-23' }),
    );
    expect(missing.statusCode).toBe(404);
    const wrongExchange = await get(
      'fetchInstrument',
      filters({
        instrumentType: 'PE',
        name: 'BANKNIFTY',
        strike: 59_000,
        expiry: '2026-11-23',
        exchange: 'BFO',
      }),
    );
    expect(wrongExchange.statusCode).toBe(404);
  });

  it('fills the at-the-money call and put from the current spot of the caller view', async () => {
    feed.emit({ 'NIFTY 50': 26_480.35 }, NOW);
    const live = await get('fetchLatestOptionOfIndex', { name: 'NIFTY', segment: 'indices' });
    expect(live.statusCode).toBe(200);
    expect(live.json().data.call).toMatchObject({
      strike: 26_500,
      instrument_type: 'CE',
      expiry: '2026-11-23',
    });
    expect(live.json().data.put).toMatchObject({
      strike: 26_500,
      instrument_type: 'PE',
      expiry: '2026-11-23',
    });

    // A Practice Mode user still sees the old (delayed) market: no spot yet, so the chain's middle strike.
    const practice = await createTestUser(t.app);
    await t.resources.db
      .updateTable('users')
      .set({ activeBroker: 'PAPERTRADE' })
      .where('phone', '=', practice.account.phone)
      .execute();
    const delayed = await get('fetchLatestOptionOfIndex', { name: 'NIFTY' }, practice.token);
    expect(delayed.json().data.call.strike).toBe(26_000);

    const bad = await get('fetchLatestOptionOfIndex', { name: 'GOLD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('name');
  });

  it('searches page by page with data.next, every word matching', async () => {
    const search = (page: number, value: unknown) => get('search', { ...filters(value), page: String(page) });
    const first = (await search(0, { identifier: 'nifty 26000 ce', underlying: ['NIFTY'] })).json().data;
    expect(first.instruments).toHaveLength(7);
    expect(first.next).toBe(false);
    expect(first.instruments.every((i: { identifier: string }) => i.identifier.endsWith('26000 CE'))).toBe(
      true,
    );

    const pages = [];
    for (let page = 0; page < 10; page += 1) {
      const data = (await search(page, { instrumentType: ['FUT'] })).json().data;
      pages.push(...data.instruments.map((i: { tradingsymbol: string }) => i.tradingsymbol));
      if (!data.next) break;
    }
    expect(pages).toHaveLength(7 * 3);
    expect(new Set(pages).size).toBe(21);

    const limited = (
      await get('search', { ...filters({ identifier: 'BANKNIFTY' }), page: '1', limit: '5' })
    ).json().data;
    expect(limited.instruments).toHaveLength(5);
    expect(limited.next).toBe(true);
    const literal = (await search(0, { identifier: '100%_' })).json().data;
    expect(literal).toEqual({ instruments: [], next: false });
  });
});
