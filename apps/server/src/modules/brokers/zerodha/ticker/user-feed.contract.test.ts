import { ZERODHA_BROKER_ID } from '@xtrader/core/brokers/ids';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createZerodhaFixture,
  eventually,
  NIFTY_CE,
  NIFTY_INDEX,
  type ZerodhaFixture,
} from '../../../../../test/fakes/kite';
import { FakeInstruments, optionRecord } from '../../../../../test/helpers/fake-instruments';
import { loadConfig } from '../../../../config';
import { silentLogger } from '../../../../logger';
import { feedStatus } from '../../../market/feed-status';
import { ManualFeed } from '../../../market/manual-feed';
import { createMarketData } from '../../../market/market-data';
import { createPriceSources, type PriceSources } from '../../../market/price-sources';

// Contract: each Zerodha user's KiteTicker prices feed that user's own price source only (quote mode,
// resubscribed after a reconnect); everyone else keeps the shared simulated source; an ended session leaves the
// user's source stale and expired, never swapped for simulated prices.

let f: ZerodhaFixture;
let shared: ManualFeed;
let sources: PriceSources;
const SYMBOLS = [NIFTY_CE.tradingsymbol, NIFTY_INDEX.tradingsymbol, 'UNKNOWN'];

beforeEach(async () => {
  shared = new ManualFeed();
  const directory = new FakeInstruments([
    optionRecord('NIFTY', '2026-12-01', 26000, 'CE', {
      tradingsymbol: NIFTY_CE.tradingsymbol,
      internalToken: String(NIFTY_CE.instrument_token),
    }),
  ]);
  const resources = {
    config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
    clock: { now: Date.now },
    logger: silentLogger(),
  };
  sources = createPriceSources(resources, createMarketData(resources, shared, directory), directory);
  await sources.start();
  f = await createZerodhaFixture({ prices: { streams: sources, directory, now: Date.now } });
});
afterEach(async () => {
  await sources.stop();
  await f.close();
});

const timing = () => ({ now: Date.now(), practiceDelayMs: 0, staleAfterMs: 3000 });

it('gives a Zerodha user their own Kite prices and leaves everyone else on the shared feed', async () => {
  const other = await f.addUser();
  const trader = await f.loggedInUser();
  await eventually(async () => expect((await f.service.status(trader)).updates).toBe('connected'));
  const own = sources.sourceFor(trader, ZERODHA_BROKER_ID);
  expect(own.id).toBe(`zerodha:${trader}`);
  expect(sources.sourceFor(other, null)).toBe(sources.shared);
  // Practice Mode sees the user's own stream (its delayed view): the paper exchange fills their account at it.
  expect(sources.sourceFor(trader, 'PAPERTRADE')).toBe(own);
  expect(sources.sourceFor(other, 'PAPERTRADE')).toBe(sources.shared);

  own.data.retain('socket', SYMBOLS);
  sources.shared.data.retain('socket', SYMBOLS);
  await eventually(() =>
    expect(f.kite.ticker.subscriptions('AB1234')).toEqual(
      new Map([
        [NIFTY_CE.instrument_token, 'full'],
        [NIFTY_INDEX.instrument_token, 'full'],
      ]),
    ),
  );
  shared.emit({ [NIFTY_CE.tradingsymbol]: 50 }, Date.now());
  f.kite.setPrice(NIFTY_CE.tradingsymbol, 123.45, { close: 120 });
  f.kite.setPrice(NIFTY_INDEX.tradingsymbol, 26010.5, { close: 26000 });
  await eventually(() => expect(own.data.getQuote(NIFTY_CE.tradingsymbol, 'live')?.lastPrice).toBe(123.45));
  expect(own.data.getQuote(NIFTY_CE.tradingsymbol, 'live')).toMatchObject({ close: 120 });
  // Full mode: the broker's book passes through (the fake quotes five levels a tick apart each side).
  const quote = own.data.getQuote(NIFTY_CE.tradingsymbol, 'live')!;
  expect(quote).toMatchObject({ bid: 123.4, ask: 123.5 });
  expect(quote.depth?.buy.map((level) => level.price)).toEqual([123.4, 123.35, 123.3, 123.25, 123.2]);
  expect(quote.depth?.sell[0]).toEqual({ price: 123.5, quantity: 600, orders: 6 });
  await eventually(() => expect(own.data.getQuote('NIFTY 50', 'live')).toMatchObject({ lastPrice: 26010.5 }));
  // The other user's (shared) prices never carry the trader's Kite data, and the trader's never the simulator's.
  expect(sources.shared.data.getQuote(NIFTY_CE.tradingsymbol, 'live')?.lastPrice).toBe(50);
  expect(sources.shared.data.getQuote('NIFTY 50', 'live')).toBeUndefined();
  expect(feedStatus(own, 'live', timing()).state).toBe('live');
  expect(feedStatus(sources.shared, 'live', timing()).state).toBe('simulated');
});

it('resubscribes after a dropped connection; an expired session is shown as expired, not simulated', async () => {
  const trader = await f.loggedInUser();
  const own = sources.sourceFor(trader, ZERODHA_BROKER_ID);
  own.data.retain('socket', SYMBOLS);
  await eventually(() => expect(f.kite.ticker.subscriptions('AB1234').size).toBe(2));
  f.kite.ticker.dropAll();
  await eventually(() => expect(f.kite.ticker.connections).toBe(2));
  await eventually(() => expect(f.kite.ticker.subscriptions('AB1234').size).toBe(2));
  f.kite.setPrice(NIFTY_CE.tradingsymbol, 123.45);
  await eventually(() => expect(own.data.getQuote(NIFTY_CE.tradingsymbol, 'live')?.lastPrice).toBe(123.45));

  f.kite.expireSessions();
  await eventually(async () => expect((await f.service.status(trader)).state).toBe('expired'));
  expect(sources.sourceFor(trader, ZERODHA_BROKER_ID)).toBe(own);
  expect(feedStatus(own, 'live', timing())).toMatchObject({ source: 'broker', state: 'expired' });
  shared.emit({ [NIFTY_CE.tradingsymbol]: 52 }, Date.now());
  expect(own.data.getQuote(NIFTY_CE.tradingsymbol, 'live')?.lastPrice).toBe(123.45);
});
