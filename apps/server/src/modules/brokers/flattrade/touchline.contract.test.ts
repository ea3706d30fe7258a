import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFlattradeFixture, type FlattradeFixture } from '../../../../test/fakes/flattrade';
import { eventually } from '../../../../test/fakes/kite';
import { type OwnPriceStreams, startOwnPriceStreams } from '../../../../test/helpers/own-price-streams';
import type { PriceSources } from '../../market/price-sources';
import type { LivePriceStreams } from '../live/price-streams';

// Contract: a Flattrade user's prices arrive on Noren's touchline socket opened with their own session: one
// subscription per contract however many readers watch it, and after a dropped socket it reconnects and subscribes
// everything again; the last reader letting go unsubscribes it.

let f: FlattradeFixture;
let sources: PriceSources;
let streams: LivePriceStreams | undefined;
let own: OwnPriceStreams;

beforeEach(async () => {
  f = await createFlattradeFixture({ onStatus: (userId) => void streams?.refresh('flattrade', userId) });
  own = await startOwnPriceStreams({
    key: 'flattrade',
    plugin: f.plugin,
    vault: f.vault,
    clock: f.clock,
    contracts: [f.call],
  });
  sources = own.sources;
  streams = own.streams;
});
afterEach(async () => {
  await own.close();
  await f.close();
});

it('streams on one touchline subscription per contract and resubscribes after the socket drops', async () => {
  const { userId } = await f.loggedIn();
  const source = () => sources.sourceFor(userId, f.plugin.brokerId);
  await eventually(() => expect(source().state).toBe('connected'));
  const symbol = f.call.tradingsymbol;
  source().data.retain('socket-1', [symbol]);
  source().data.retain('socket-2', [symbol]);
  f.fake.setPrice(symbol, 88.4);
  const key = `NFO|${f.fake.contractKey(symbol) ?? ''}`;
  await eventually(() => expect(f.fake.touchlineSubscribers(key)).toBe(1));
  f.fake.setPrice(symbol, 91.05);
  await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(91.05));

  f.fake.dropTouchlines();
  await eventually(() => expect(source().state).toBe('disconnected'));
  await eventually(() => expect(f.fake.touchlineSubscribers(key)).toBe(1), 5000);
  expect(source().state).toBe('connected');
  f.fake.setPrice(symbol, 93.5);
  await eventually(() => expect(source().data.getQuote(symbol, 'live')?.lastPrice).toBe(93.5));

  // Unsubscribed at the broker once the last reader lets go, not before.
  source().data.release('socket-1');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(f.fake.touchlineSubscribers(key)).toBe(1);
  source().data.release('socket-2');
  await eventually(() => expect(f.fake.touchlineSubscribers(key)).toBe(0));
});
