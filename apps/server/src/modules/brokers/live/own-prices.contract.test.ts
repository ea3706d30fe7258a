import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDhanFixture, type DhanFixture } from '../../../../test/fakes/dhan';
import { eventually } from '../../../../test/fakes/kite';
import { createUpstoxFixture, NIFTY_CALL, type UpstoxFixture } from '../../../../test/fakes/upstox';
import { FakeInstruments } from '../../../../test/helpers/fake-instruments';
import { loadConfig } from '../../../config';
import { silentLogger } from '../../../logger';
import { feedStatus } from '../../market/feed-status';
import { ManualFeed } from '../../market/manual-feed';
import { createMarketData } from '../../market/market-data';
import { createPriceSources, type PriceSources } from '../../market/price-sources';
import { createLivePriceStreams, type LivePriceStreams } from './price-streams';

// Contract (issue #18): each plugged-broker user's prices come from their own broker session. Two users linked to
// two fake brokers (Upstox polled, Dhan on its market feed) each see only their own broker's prices; a Practice
// user without a broker sees the simulator, labelled; a user whose token expires sees their source expired, never
// simulated prices.

const UPSTOX_SYMBOL = NIFTY_CALL.tradingsymbol;
let shared: ManualFeed;
let sources: PriceSources;
let up: UpstoxFixture;
let dhan: DhanFixture;
let upStreams: LivePriceStreams;
let dhanStreams: LivePriceStreams;
const timing = { now: Date.now(), staleAfterMs: 60_000, practiceDelayMs: 0 };

beforeEach(async () => {
  shared = new ManualFeed();
  const resources = {
    config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
    clock: { now: Date.now },
    logger: silentLogger(),
  };
  dhan = await createDhanFixture({ onStatus: (userId) => void dhanStreams.refresh('dhan', userId) });
  up = await createUpstoxFixture({ onStatus: (userId) => void upStreams.refresh('upstox', userId) });
  const directory = new FakeInstruments([NIFTY_CALL, dhan.call]);
  sources = createPriceSources(resources, createMarketData(resources, shared, directory), directory);
  await sources.start();
  const streamsOf = (f: { vault: DhanFixture['vault']; clock: DhanFixture['clock'] }) =>
    createLivePriceStreams({ streams: sources, vault: f.vault, clock: f.clock, logger: silentLogger() });
  upStreams = streamsOf(up);
  dhanStreams = streamsOf(dhan);
  upStreams.add('upstox', up.plugin.brokerId, up.plugin.prices as NonNullable<typeof up.plugin.prices>);
  dhanStreams.add('dhan', dhan.plugin.brokerId, dhan.plugin.prices as NonNullable<typeof dhan.plugin.prices>);
});
afterEach(async () => {
  upStreams.close();
  dhanStreams.close();
  await sources.stop();
  await up.close();
  await dhan.close();
});

const quoteIn = (userId: string, broker: string, symbol: string) =>
  sources.sourceFor(userId, broker).data.getQuote(symbol, 'live')?.lastPrice;

/** The user's stream opened (before it does, a user of a streaming broker sees an ended placeholder). */
const opened = (userId: string, broker: string) =>
  eventually(() => expect(sources.sourceFor(userId, broker).state).not.toBe('ended'));

/** Both users watch both contracts in their own sources (as their sockets would). */
const watchBoth = (userId: string, broker: string) =>
  sources.sourceFor(userId, broker).data.retain('socket', [UPSTOX_SYMBOL, dhan.call.tradingsymbol]);

describe("plugged brokers' users see their own broker's prices", () => {
  it('two users at two brokers each see only their own broker; a Practice user sees the simulator, labelled', async () => {
    const { userId: upUser } = await up.loggedIn();
    const dhanUser = await dhan.loggedInUser();
    await opened(upUser, 'UPSTOX');
    await opened(dhanUser, 'DHAN');
    expect(sources.sourceFor(upUser, 'UPSTOX').id).toBe(`upstox:${upUser}`);
    expect(sources.sourceFor(dhanUser, 'DHAN').id).toBe(`dhan:${dhanUser}`);

    up.upstox.setPrice(up.keys.call, 123.45);
    dhan.fake.setPrice(dhan.securityId, 77.5);
    shared.emit({ [UPSTOX_SYMBOL]: 500, [dhan.call.tradingsymbol]: 600 }, Date.now());
    watchBoth(upUser, 'UPSTOX');
    watchBoth(dhanUser, 'DHAN');

    await eventually(() => expect(quoteIn(upUser, 'UPSTOX', UPSTOX_SYMBOL)).toBe(123.45));
    await eventually(() => expect(quoteIn(dhanUser, 'DHAN', dhan.call.tradingsymbol)).toBe(77.5));
    expect(sources.sourceFor(upUser, 'UPSTOX').state).toBe('connected');
    // Neither sees the other's broker, nor the simulator.
    expect(quoteIn(upUser, 'UPSTOX', dhan.call.tradingsymbol)).toBeUndefined();
    expect(quoteIn(dhanUser, 'DHAN', UPSTOX_SYMBOL)).toBeUndefined();
    // The Upstox fake's feed was authorized with the Upstox user's session only, for the contract Upstox lists.
    const authorized = up.upstox.requests.filter((r) => r.path === '/v3/feed/market-data-feed/authorize');
    expect(authorized.length).toBeGreaterThan(0);
    expect(new Set(authorized.map((r) => r.authorization)).size).toBe(1);
    const subscribed = up.upstox.feed.requests.filter((r) => r.method === 'sub');
    expect(subscribed.length).toBeGreaterThan(0);
    expect(new Set(subscribed.flatMap((r) => r.instrumentKeys))).toEqual(new Set([up.keys.call]));
    // Dhan's feed was opened with the Dhan user's session only, subscribing the contract Dhan lists.
    const dhanAccount = await dhan.vault.get(dhanUser, 'dhan');
    expect(dhan.fake.feed.handshakes.length).toBeGreaterThan(0);
    expect(
      dhan.fake.feed.handshakes.every(
        (q) => q.token === dhanAccount?.secrets.accessToken && q.clientId === dhanAccount?.clientId,
      ),
    ).toBe(true);
    expect(dhan.fake.feed.requests.map((r) => r.request)).toEqual([
      {
        RequestCode: 15,
        InstrumentCount: 1,
        InstrumentList: [{ ExchangeSegment: 'NSE_FNO', SecurityId: dhan.securityId }],
      },
    ]);

    // Nobody else ever gets either broker's price: the shared source keeps the simulator's.
    const practiceUser = 'practice-user';
    const practice = sources.sourceFor(practiceUser, 'PAPERTRADE');
    expect(practice.id).toBe('sim');
    expect(practice.data.getQuote(UPSTOX_SYMBOL, 'live')?.lastPrice).toBe(500);
    expect(feedStatus(practice, 'practice', timing).state).toBe('simulated');
    expect(feedStatus(practice, 'practice', timing).source).toBe('simulated');
    expect(feedStatus(sources.sourceFor(upUser, 'UPSTOX'), 'live', timing)).toMatchObject({
      source: 'broker',
      broker: 'UPSTOX',
    });
  });

  it("after a restart, a connected account's stream opens again from the stored session", async () => {
    const { userId } = await up.loggedIn();
    await opened(userId, 'UPSTOX');
    up.upstox.setPrice(up.keys.call, 101);
    // A new process: fresh price sources and streams over the same stored sessions.
    const resources = {
      config: loadConfig({ XT_PRACTICE_DELAY_MS: '0' }),
      clock: { now: Date.now },
      logger: silentLogger(),
    };
    const directory = new FakeInstruments([NIFTY_CALL]);
    const restarted = createPriceSources(
      resources,
      createMarketData(resources, new ManualFeed(), directory),
      directory,
    );
    await restarted.start();
    const streams = createLivePriceStreams({
      streams: restarted,
      vault: up.vault,
      clock: up.clock,
      logger: silentLogger(),
    });
    streams.add('upstox', 'UPSTOX', up.plugin.prices as NonNullable<typeof up.plugin.prices>);
    try {
      await streams.start();
      const source = restarted.sourceFor(userId, 'UPSTOX');
      expect(source.id).toBe(`upstox:${userId}`);
      expect(source.state).not.toBe('ended');
      source.data.retain('socket', [UPSTOX_SYMBOL]);
      await eventually(() => expect(source.data.getQuote(UPSTOX_SYMBOL, 'live')?.lastPrice).toBe(101));
    } finally {
      streams.close();
      await restarted.stop();
    }
  });

  it('a user whose token expires sees their source expired, never simulated prices', async () => {
    const { userId } = await up.loggedIn();
    await opened(userId, 'UPSTOX');
    up.upstox.setPrice(up.keys.call, 110);
    watchBoth(userId, 'UPSTOX');
    await eventually(() => expect(quoteIn(userId, 'UPSTOX', UPSTOX_SYMBOL)).toBe(110));

    // The day's session ends: the feed socket drops and the reconnection's authorize is refused.
    up.upstox.expireSessions();
    up.upstox.feed.dropAll();
    await eventually(() => expect(sources.sourceFor(userId, 'UPSTOX').state).toBe('ended'));
    await eventually(async () => expect((await up.vault.get(userId, 'upstox'))?.status).toBe('expired'));
    const source = sources.sourceFor(userId, 'UPSTOX');
    expect(source.id).toBe(`upstox:${userId}`);
    expect(feedStatus(source, 'live', timing).state).toBe('expired');

    // No feed connection again; the simulator's prices never reach the user's source.
    const authorizations = up.upstox.feed.authorizations;
    shared.emit({ [UPSTOX_SYMBOL]: 999 }, Date.now());
    up.upstox.setPrice(up.keys.call, 130);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(quoteIn(userId, 'UPSTOX', UPSTOX_SYMBOL)).toBe(110);
    expect(up.upstox.feed.authorizations).toBe(authorizations);
    expect(up.upstox.feed.connections()).toBe(0);
  });
});
