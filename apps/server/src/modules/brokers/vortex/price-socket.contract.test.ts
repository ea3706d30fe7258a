import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventually } from '../../../../test/fakes/kite';
import { createVortexFixture, type VortexFixture } from '../../../../test/fakes/vortex';
import { type OwnPriceStreams, startOwnPriceStreams } from '../../../../test/helpers/own-price-streams';
import type { PriceSources } from '../../market/price-sources';
import type { LivePriceStreams } from '../live/price-streams';

// Contract: a Rupeezy user's prices arrive on Rupeezy's socket opened with their own access token, beside their order
// socket (two of the three sockets a token may hold): one ltp-mode subscription per contract however many readers
// watch it; a dropped socket reconnects and subscribes everything again; damaged binary frames are skipped without
// harm; the last reader letting go unsubscribes.

let f: VortexFixture;
let sources: PriceSources;
let streams: LivePriceStreams | undefined;
let own: OwnPriceStreams;

beforeEach(async () => {
  f = await createVortexFixture({ onStatus: (userId) => void streams?.refresh('vortex', userId) });
  own = await startOwnPriceStreams({
    key: 'vortex',
    plugin: f.plugin,
    vault: f.vault,
    clock: f.clock,
    contracts: [f.niftyCall, f.sensexPut],
  });
  sources = own.sources;
  streams = own.streams;
});
afterEach(async () => {
  await own.close();
  await f.close();
});

it('streams on one subscription per contract beside the order socket, and resubscribes after a drop', async () => {
  const { userId } = await f.loggedInUser();
  const source = () => sources.sourceFor(userId, f.plugin.brokerId);
  await eventually(() => expect(source().state).toBe('connected'));
  const call = f.niftyCall.tradingsymbol;
  const put = f.sensexPut.tradingsymbol;
  source().data.retain('socket-1', [call, put]);
  source().data.retain('socket-2', [call]);
  const callKey = f.vortex.priceKey(call);
  await eventually(() => expect(f.vortex.prices.subscribers(callKey)).toBe(1));
  await eventually(() => expect(f.vortex.prices.subscribers(f.vortex.priceKey(put))).toBe(1));
  expect(f.vortex.prices.refused).toEqual([]);
  // The order socket and the price socket: within Rupeezy's three per token.
  await eventually(() => expect(f.vortex.streams).toBe(2));

  f.vortex.setPrice(call, 88.4);
  f.vortex.setPrice(put, 412.15);
  await eventually(() => expect(source().data.getQuote(call, 'live')?.lastPrice).toBe(88.4));
  await eventually(() => expect(source().data.getQuote(put, 'live')?.lastPrice).toBe(412.15));

  f.vortex.dropStreams();
  await eventually(() => expect(source().state).toBe('disconnected'));
  await eventually(() => expect(f.vortex.prices.subscribers(callKey)).toBe(1), 5000);
  expect(source().state).toBe('connected');
  f.vortex.setPrice(call, 93.5);
  await eventually(() => expect(source().data.getQuote(call, 'live')?.lastPrice).toBe(93.5));

  // Unsubscribed at the broker once the last reader lets go, not before.
  source().data.release('socket-2');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(f.vortex.prices.subscribers(callKey)).toBe(1);
  source().data.release('socket-1');
  await eventually(() => expect(f.vortex.prices.subscribers(callKey)).toBe(0));
});

it('skips damaged price frames and keeps streaming', async () => {
  const { userId } = await f.loggedInUser();
  const source = () => sources.sourceFor(userId, f.plugin.brokerId);
  await eventually(() => expect(source().state).toBe('connected'));
  const call = f.niftyCall.tradingsymbol;
  source().data.retain('socket', [call]);
  await eventually(() => expect(f.vortex.prices.subscribers(f.vortex.priceKey(call))).toBe(1));

  f.vortex.prices.sendRaw(Buffer.from([7]));
  f.vortex.prices.sendRaw(Buffer.from([3, 0, 22, 0, 1, 2, 3]));
  f.vortex.prices.sendRaw(Buffer.alloc(300, 0xff));
  f.vortex.setPrice(call, 70.05);
  await eventually(() => expect(source().data.getQuote(call, 'live')?.lastPrice).toBe(70.05));
  expect(source().state).toBe('connected');
});
