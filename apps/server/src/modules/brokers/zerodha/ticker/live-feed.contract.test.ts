import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createZerodhaFixture,
  eventually,
  NIFTY_CE,
  NIFTY_INDEX,
  type ZerodhaFixture,
} from '../../../../../test/fakes/kite';
import { FakeInstruments, optionRecord } from '../../../../../test/helpers/fake-instruments';
import type { RawTick } from '../../../market/contract';
import { ManualFeed } from '../../../market/manual-feed';
import { LivePriceFeed } from './live-feed';

// Contract: live prices come from KiteTicker once a Zerodha session exists (quote mode, resubscribed after a
// reconnect), and from the fallback feed before that and after the session expires.

let f: ZerodhaFixture;
let fallback: ManualFeed;
let feed: LivePriceFeed;
let ticks: RawTick[];

beforeEach(async () => {
  fallback = new ManualFeed();
  const directory = new FakeInstruments([
    optionRecord('NIFTY', '2026-12-01', 26000, 'CE', {
      tradingsymbol: NIFTY_CE.tradingsymbol,
      internalToken: String(NIFTY_CE.instrument_token),
    }),
  ]);
  feed = new LivePriceFeed(fallback, directory, Date.now);
  f = await createZerodhaFixture({ feed });
  ticks = [];
  feed.onTicks((batch) => ticks.push(...batch));
  await feed.start();
  feed.subscribe([NIFTY_CE.tradingsymbol, NIFTY_INDEX.tradingsymbol, 'UNKNOWN']);
});
afterEach(async () => {
  await feed.stop();
  await f.close();
});

const fromKite = () => ticks.filter((t) => t.symbol === NIFTY_CE.tradingsymbol && t.price === 123.45);

it('uses the fallback until a Zerodha session streams, then Kite for every symbol it has a token for', async () => {
  fallback.emit({ [NIFTY_CE.tradingsymbol]: 50 }, 1);
  expect(ticks.map((t) => t.price)).toEqual([50]);
  const userId = await f.loggedInUser();
  await eventually(async () => expect((await f.service.status(userId)).updates).toBe('connected'));
  await eventually(() =>
    expect(f.kite.ticker.subscriptions('AB1234')).toEqual(
      new Map([
        [NIFTY_CE.instrument_token, 'quote'],
        [NIFTY_INDEX.instrument_token, 'quote'],
      ]),
    ),
  );
  f.kite.setPrice(NIFTY_CE.tradingsymbol, 123.45, { close: 120 });
  f.kite.setPrice(NIFTY_INDEX.tradingsymbol, 26010.5, { close: 26000 });
  await eventually(() => expect(fromKite()).toHaveLength(1));
  expect(fromKite()[0]).toMatchObject({ close: 120 });
  expect(ticks.find((t) => t.symbol === 'NIFTY 50')).toMatchObject({ price: 26010.5, close: 26000 });
  ticks.length = 0;
  fallback.emit({ [NIFTY_CE.tradingsymbol]: 51, UNKNOWN: 7 }, 2);
  expect(ticks.map((t) => t.symbol)).toEqual(['UNKNOWN']);
});

it('resubscribes after a dropped connection and falls back when the session expires', async () => {
  const userId = await f.loggedInUser();
  await eventually(() => expect(f.kite.ticker.subscriptions('AB1234').size).toBe(2));
  f.kite.ticker.dropAll();
  await eventually(() => expect(f.kite.ticker.connections).toBe(2));
  await eventually(() => expect(f.kite.ticker.subscriptions('AB1234').size).toBe(2));
  f.kite.setPrice(NIFTY_CE.tradingsymbol, 123.45);
  await eventually(() => expect(fromKite()).toHaveLength(1));
  f.kite.expireSessions();
  await eventually(async () => expect((await f.service.status(userId)).state).toBe('expired'));
  ticks.length = 0;
  fallback.emit({ [NIFTY_CE.tradingsymbol]: 52 }, 3);
  expect(ticks.map((t) => t.price)).toEqual([52]);
});
