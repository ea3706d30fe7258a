import { afterEach, describe, expect, it } from 'vitest';
import { createIiflFixture, type IiflFixture } from '../../../../test/fakes/iifl';
import { eventually } from '../../../../test/fakes/kite';
import { ownPriceSources } from '../../../../test/helpers/own-price-sources';
import type { PriceSources } from '../../market/price-sources';
import type { LivePriceStreams } from '../live/price-streams';

// Contract: an IIFL user's own prices are IIFL's market quotes read with their own session (`iifl:<userId>`), never
// another user's; a session IIFL refuses ends the source (expired), with no simulated fallback.

let f: IiflFixture;
let sources: PriceSources;
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  await f.close();
});

async function setUp() {
  let streams: LivePriceStreams | undefined;
  f = await createIiflFixture({ onStatus: (userId) => void streams?.refresh('iifl', userId) });
  const own = await ownPriceSources({ contracts: [f.call], vault: f.vault, clock: f.clock });
  ({ sources, streams, stop } = own);
  own.streams.add('iifl', f.service.brokerId, f.service.prices);
}

const quoteRequests = () => f.fake.requests.filter((r) => r.path === '/marketdata/marketquotes');

describe("an IIFL user's own prices", () => {
  it("each IIFL user sees IIFL's prices from their own session only; a user without IIFL sees the shared source", async () => {
    await setUp();
    const symbol = f.call.tradingsymbol;
    const alice = await f.loggedIn('11110001');
    const bob = await f.loggedIn('22220002');
    const practice = await f.addUser('Practice Trader');
    const source = (userId: string) => sources.sourceFor(userId, f.service.brokerId);
    for (const { userId } of [alice, bob]) {
      await eventually(() => expect(source(userId).state).not.toBe('ended'));
      expect(source(userId).id).toBe(`iifl:${userId}`);
      source(userId).data.retain('socket', [symbol]);
    }
    f.fake.setPrice(f.instrumentId, 111.5, '11110001');
    f.fake.setPrice(f.instrumentId, 222.25, '22220002');

    await eventually(() => expect(source(alice.userId).data.getQuote(symbol, 'live')?.lastPrice).toBe(111.5));
    await eventually(() => expect(source(bob.userId).data.getQuote(symbol, 'live')?.lastPrice).toBe(222.25));
    expect(source(alice.userId).state).toBe('connected');
    expect(source(alice.userId).data.getQuote(symbol, 'live')?.close).toBe(100);
    // IIFL's instrumentId and segment, in the documented array body; one session per request.
    expect(quoteRequests()[0]?.body).toEqual([{ exchange: 'NSEFO', instrumentId: f.instrumentId }]);
    expect(new Set(quoteRequests().map((r) => r.authorization)).size).toBe(2);

    const shared = sources.sourceFor(practice, null);
    expect(shared.id).toBe('sim');
    expect(shared.data.getQuote(symbol, 'live')?.lastPrice).not.toBe(111.5);
  });

  it('ends the source (expired, never simulated) when IIFL refuses the session', async () => {
    await setUp();
    const { userId } = await f.loggedIn();
    const source = () => sources.sourceFor(userId, f.service.brokerId);
    await eventually(() => expect(source().state).not.toBe('ended'));
    source().data.retain('socket', [f.call.tradingsymbol]);
    f.fake.setPrice(f.instrumentId, 101);
    await eventually(() => expect(source().state).toBe('connected'));

    f.fake.expireSessions();
    await eventually(() => expect(source().state).toBe('ended'), 5000);
    expect(source().id).toBe(`iifl:${userId}`);
    await eventually(async () => expect((await f.vault.get(userId, 'iifl'))?.status).toBe('expired'));
    const asked = quoteRequests().length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(quoteRequests().length).toBe(asked);
  });
});
