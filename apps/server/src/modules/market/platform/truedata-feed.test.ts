import { afterEach, describe, expect, it } from 'vitest';
import { FakeTrueData } from '../../../../test/fakes/truedata';
import { loadConfig } from '../../../config';
import { silentLogger } from '../../../logger';
import type { InstrumentDirectory, InstrumentRecord } from '../../instruments/contract';
import { feedStatus } from '../feed-status';
import { createMarketData } from '../market-data';
import { createPriceSources } from '../price-sources';
import { TrueDataFeed } from './truedata-feed';
import { parseTrueDataTime, trueDataSymbolOf } from './truedata-symbols';

const OPTION: InstrumentRecord = {
  internalToken: '9001',
  tradingsymbol: 'NIFTY26D0126000CE',
  name: 'NIFTY',
  expiry: '2026-12-01',
  strike: 26000,
  instrument_type: 'CE',
  tick_size: 0.05,
  lot_size: 75,
  exchange: 'NFO',
  exchange_token: '9001',
  identifier: 'NIFTY 01 DEC 26000 CE',
  segment: 'NFO-OPT',
};
const INDEX: InstrumentRecord = {
  ...OPTION,
  internalToken: '256265',
  tradingsymbol: 'NIFTY 50',
  expiry: null,
  strike: 0,
  instrument_type: 'INDEX',
  exchange: 'NSE',
  identifier: 'NIFTY 50',
  segment: 'INDICES',
};
/** Four more strikes of the same expiry (TrueData names NIFTY26120126100CE ...). */
const STRIKES = [26100, 26200, 26300, 26400].map(
  (strike): InstrumentRecord => ({
    ...OPTION,
    internalToken: String(9000 + strike / 100),
    tradingsymbol: `NIFTY26D01${strike}CE`,
    strike,
  }),
);
const directory: InstrumentDirectory = {
  byToken: () => undefined,
  bySymbol: (symbol) => [OPTION, INDEX, ...STRIKES].find((record) => record.tradingsymbol === symbol),
  isExpired: () => false,
};
const CREDENTIALS = { user: 'tdws123', password: 'secret' };
const resources = {
  config: loadConfig({ XT_PRACTICE_DELAY_MS: '200' }),
  clock: { now: Date.now },
  logger: silentLogger(),
};
const timing = (delay = 200) => ({ now: Date.now(), practiceDelayMs: delay, staleAfterMs: 3000 });

async function eventually(check: () => void, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function platformSource(
  password = CREDENTIALS.password,
  limits: { setting?: number; vendor?: number } = {},
) {
  const fake = new FakeTrueData(CREDENTIALS, 100);
  if (limits.vendor !== undefined) fake.maxSymbols = limits.vendor;
  const url = await fake.listen();
  const maxSymbols = limits.setting !== undefined ? { maxSymbols: limits.setting } : {};
  const feed = new TrueDataFeed(
    { vendor: 'truedata', url, user: CREDENTIALS.user, password, ...maxSymbols },
    { directory, logger: silentLogger(), now: Date.now, timing: { minDelayMs: 50, maxDelayMs: 200 } },
  );
  const data = createMarketData(resources, feed, directory);
  const sources = createPriceSources(resources, data, directory, feed);
  await sources.start();
  cleanup.push(async () => {
    await sources.stop();
    await fake.close();
  });
  return { fake, feed, sources };
}

describe('TrueData symbols', () => {
  it('names options by expiry date and futures by month, whatever the exchange symbol', () => {
    expect(trueDataSymbolOf(OPTION)).toBe('NIFTY26120126000CE');
    expect(trueDataSymbolOf({ ...OPTION, instrument_type: 'FUT', strike: 0 })).toBe('NIFTY26DECFUT');
    expect(trueDataSymbolOf(INDEX)).toBe('NIFTY 50');
    expect(trueDataSymbolOf({ ...OPTION, expiry: null })).toBeUndefined();
  });

  it('reads its offset-less time stamps as IST', () => {
    expect(parseTrueDataTime('2026-11-24T09:15:00')).toBe(Date.UTC(2026, 10, 24, 3, 45));
    expect(parseTrueDataTime('soon')).toBeUndefined();
  });
});

describe('TrueData platform feed', () => {
  it('logs in, adds each symbol once for every reader, and serves its ticks as the shared source, labelled live', async () => {
    const { fake, sources } = await platformSource();
    const shared = sources.shared;
    shared.data.retain('socket-a', ['NIFTY 50', OPTION.tradingsymbol]);
    shared.data.retain('socket-b', ['NIFTY 50']);
    await eventually(() => expect(fake.subscribers('NIFTY26120126000CE')).toBe(1));
    expect(fake.subscribers('NIFTY 50')).toBe(1);
    const adds = fake.received.filter((r) => (r as { method: string }).method === 'addsymbol');
    expect(adds.flatMap((r) => (r as { symbols: string[] }).symbols).sort()).toEqual([
      'NIFTY 50',
      'NIFTY26120126000CE',
    ]);

    fake.trade('NIFTY 50', 26_010.5, Date.now(), 25_900);
    fake.trade('NIFTY26120126000CE', 141.35);
    await eventually(() =>
      expect(shared.data.getQuote(OPTION.tradingsymbol, 'live')?.lastPrice).toBe(141.35),
    );
    expect(shared.data.getQuote('NIFTY 50', 'live')).toMatchObject({ lastPrice: 26_010.5, close: 25_900 });
    expect(feedStatus(shared, 'live', timing())).toMatchObject({
      source: 'platform',
      vendor: 'TrueData',
      broker: null,
      state: 'live',
    });
    // Practice Mode sees the same feed through the delay line, labelled delayed.
    await eventually(() => expect(shared.data.getQuote('NIFTY 50', 'practice')?.lastPrice).toBe(26_010.5));
    expect(feedStatus(shared, 'practice', timing(), undefined, shared)).toMatchObject({
      state: 'delayed',
      practice: { source: 'platform', vendor: 'TrueData', broker: null },
    });

    shared.data.release('socket-a');
    await eventually(() => expect(fake.subscribers('NIFTY26120126000CE')).toBe(0));
    expect(fake.subscribers('NIFTY 50')).toBe(1);
  });

  it('goes stale when the line drops, reconnects and adds its symbols again', async () => {
    const { fake, feed, sources } = await platformSource();
    const shared = sources.shared;
    shared.data.retain('socket', ['NIFTY 50']);
    await eventually(() => expect(fake.subscribers('NIFTY 50')).toBe(1));
    fake.trade('NIFTY 50', 26_000);
    await eventually(() => expect(shared.data.getQuote('NIFTY 50', 'live')?.lastPrice).toBe(26_000));

    fake.unavailable = true;
    fake.dropAll();
    await eventually(() => expect(feed.state).not.toBe('connected'));
    expect(feedStatus(shared, 'live', timing()).state).toBe('stale');

    fake.unavailable = false;
    await eventually(() => expect(fake.subscribers('NIFTY 50')).toBe(1));
    expect(fake.logins).toBe(2);
    fake.trade('NIFTY 50', 26_050);
    await eventually(() => expect(shared.data.getQuote('NIFTY 50', 'live')?.lastPrice).toBe(26_050));
    expect(feedStatus(shared, 'live', timing()).state).toBe('live');
  });

  it('never connects with a wrong password, and says stale rather than simulated', async () => {
    const { fake, feed, sources } = await platformSource('wrong');
    sources.shared.data.retain('socket', ['NIFTY 50']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.logins).toBe(0);
    expect(feed.state).not.toBe('connected');
    expect(feedStatus(sources.shared, 'live', timing())).toMatchObject({
      source: 'platform',
      state: 'stale',
    });
  });
});

describe("TrueData platform feed within the licence's symbol limit", () => {
  const [S1, S2, S3, S4] = STRIKES.map((record) => record.tradingsymbol) as [string, string, string, string];
  const vendorOf = (symbol: string) => `NIFTY261201${symbol.slice(-7)}`;
  const upstream = (fake: FakeTrueData) => fake.subscribedSymbols().sort();

  it('subscribes the indices, then held contracts, then the most watched, and leaves out the least recent', async () => {
    const { fake, feed, sources } = await platformSource(CREDENTIALS.password, { setting: 3 });
    const data = sources.shared.data;
    data.retain('market:indices', ['NIFTY 50']);
    data.retain('socket-a', [S1, S2]);
    data.retain('socket-b', [S2]);
    data.retain('paper-order:o1', [S3]);
    // NIFTY 50 (index), S3 (a resting order), S2 (two sockets); S1 (one socket) waits.
    await eventually(() => expect(upstream(fake)).toEqual(['NIFTY 50', vendorOf(S2), vendorOf(S3)].sort()));
    expect(feed.upstreamSymbols.has(S1)).toBe(false);

    // A newer single watcher takes the place over the older one when the order is gone.
    data.retain('socket-c', [S4]);
    data.release('paper-order:o1');
    await eventually(() => expect(upstream(fake)).toEqual(['NIFTY 50', vendorOf(S2), vendorOf(S4)].sort()));

    // Prices tick for what is subscribed; the contract left out stays without a price.
    fake.trade(vendorOf(S4), 12.5);
    await eventually(() => expect(data.getQuote(S4, 'live')?.lastPrice).toBe(12.5));
    expect(data.getQuote(S1, 'live')).toBeUndefined();

    // Room again: the waiting contract is subscribed.
    data.release('socket-c');
    await eventually(() => expect(upstream(fake)).toEqual(['NIFTY 50', vendorOf(S1), vendorOf(S2)].sort()));
    expect(fake.refusedAdds).toBe(0);
  });

  it("keeps within the vendor's stated limit when the setting is unset, and again after a reconnect", async () => {
    const { fake, sources } = await platformSource(CREDENTIALS.password, { vendor: 2 });
    const data = sources.shared.data;
    data.retain('market:indices', ['NIFTY 50']);
    data.retain('socket-a', [S1, S2, S3]);
    data.retain('trail:o9', [S4]);
    await eventually(() => expect(upstream(fake)).toEqual(['NIFTY 50', vendorOf(S4)].sort()));
    fake.dropAll();
    await eventually(() => expect(fake.logins).toBe(2));
    await eventually(() => expect(upstream(fake)).toEqual(['NIFTY 50', vendorOf(S4)].sort()));
    expect(fake.connections).toBe(1);
    expect(fake.refusedAdds).toBe(0);
  });
});
