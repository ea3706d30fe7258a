import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDhanFixture, type DhanFixture } from '../../../../test/fakes/dhan';
import { eventually } from '../../../../test/fakes/kite';
import { type OwnPriceStreams, startOwnPriceStreams } from '../../../../test/helpers/own-price-streams';
import type { PriceSources } from '../../market/price-sources';
import type { LivePriceStreams } from '../live/price-streams';

// Contract: a Dhan user's prices arrive on Dhan's live market feed opened with their own session (the fake speaks
// the documented binary feed): one ticker subscription per contract however many readers watch it, the previous
// close with it; a dropped line reconnects and subscribes everything again; a disconnect for an auth reason ends
// the stream (expired, no simulated prices) and nothing reconnects; hostile bytes never take the stream down.

let f: DhanFixture;
let sources: PriceSources;
let streams: LivePriceStreams | undefined;
let own: OwnPriceStreams;

beforeEach(async () => {
  f = await createDhanFixture({ onStatus: (userId) => void streams?.refresh('dhan', userId) });
  own = await startOwnPriceStreams({
    key: 'dhan',
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

const symbol = () => f.call.tradingsymbol;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logged-in user whose source is connected and watched by two readers. */
async function watching() {
  const userId = await f.loggedInUser();
  const source = () => sources.sourceFor(userId, f.plugin.brokerId);
  await eventually(() => expect(source().state).toBe('connected'));
  source().data.retain('socket-1', [symbol()]);
  source().data.retain('socket-2', [symbol()]);
  return { userId, source, quote: () => source().data.getQuote(symbol(), 'live') };
}

describe("a Dhan user's own prices on Dhan's live market feed", () => {
  it('subscribes each contract once with their session and ticks with the previous close', async () => {
    f.fake.feed.setClose(f.securityId, 120.5);
    f.fake.setPrice(f.securityId, 141.25);
    const { userId, quote } = await watching();
    await eventually(() => expect(quote()?.lastPrice).toBe(141.25));
    expect(quote()?.close).toBe(120.5);
    expect(f.fake.feed.subscribers(f.securityId)).toBe(1);
    const clientId = (await f.vault.get(userId, 'dhan'))?.clientId;
    expect(f.fake.feed.clients()).toEqual([clientId]);
    f.fake.setPrice(f.securityId, 142.5);
    await eventually(() => expect(quote()?.lastPrice).toBe(142.5));
    expect(quote()?.close).toBe(120.5);
    expect(quote()?.netChange).toBe(22);
  });

  it('reconnects a dropped line and subscribes again; the last reader leaving unsubscribes', async () => {
    const { source, quote } = await watching();
    f.fake.setPrice(f.securityId, 90);
    await eventually(() => expect(quote()?.lastPrice).toBe(90));

    f.fake.feed.dropAll();
    await eventually(() => expect(source().state).toBe('disconnected'));
    await eventually(() => expect(f.fake.feed.subscribers(f.securityId)).toBe(1), 5000);
    expect(source().state).toBe('connected');
    f.fake.setPrice(f.securityId, 93.5);
    await eventually(() => expect(quote()?.lastPrice).toBe(93.5));

    // Too many connections (805) is not a refused session: the line is opened again.
    f.fake.feed.disconnectAll(805);
    await eventually(() => expect(f.fake.feed.handshakes.length).toBe(3), 5000);
    await eventually(() => expect(source().state).toBe('connected'));

    source().data.release('socket-1');
    await sleep(100);
    expect(f.fake.feed.subscribers(f.securityId)).toBe(1);
    source().data.release('socket-2');
    await eventually(() => expect(f.fake.feed.subscribers(f.securityId)).toBe(0));
    expect(f.fake.feed.requests.at(-1)?.request).toMatchObject({ RequestCode: 16, InstrumentCount: 1 });
  });

  it('shrugs off hostile bytes: short, unknown and garbled packets change nothing', async () => {
    const { source, quote } = await watching();
    f.fake.setPrice(f.securityId, 77.5);
    await eventually(() => expect(quote()?.lastPrice).toBe(77.5));
    for (const bytes of [
      Buffer.from([2]),
      Buffer.from([2, 16, 0, 2, 1]),
      Buffer.alloc(64, 0xff),
      Buffer.alloc(3),
    ])
      f.fake.feed.sendRaw(bytes);
    await sleep(100);
    expect(source().state).toBe('connected');
    expect(quote()?.lastPrice).toBe(77.5);
    f.fake.setPrice(f.securityId, 78);
    await eventually(() => expect(quote()?.lastPrice).toBe(78));
    expect(f.fake.feed.handshakes).toHaveLength(1);
  });

  it('ends the stream when Dhan disconnects the expired token (807), with no reconnection', async () => {
    const { userId, source, quote } = await watching();
    f.fake.setPrice(f.securityId, 110);
    await eventually(() => expect(quote()?.lastPrice).toBe(110));

    f.fake.expireSessions();
    await eventually(() => expect(source().state).toBe('ended'));
    await eventually(async () => expect((await f.vault.get(userId, 'dhan'))?.status).toBe('expired'));
    const handshakes = f.fake.feed.handshakes.length;
    await sleep(1500);
    expect(f.fake.feed.handshakes).toHaveLength(handshakes);
    expect(source().state).toBe('ended');
    expect(quote()?.lastPrice).toBe(110);
  });

  it('ends the stream when the reconnection is refused as an unknown session (808)', async () => {
    const { userId, source } = await watching();
    // The line drops and the feed no longer takes the token (Dhan's REST calls would refuse it too, and end the
    // session by themselves: here only the feed's answer at the reconnection can).
    f.fake.feed.refuseSessions = true;
    f.fake.feed.dropAll();
    await eventually(() => expect(source().state).toBe('ended'), 5000);
    await eventually(async () => expect((await f.vault.get(userId, 'dhan'))?.status).toBe('expired'));
    expect(f.fake.feed.handshakes).toHaveLength(2);
  });
});
