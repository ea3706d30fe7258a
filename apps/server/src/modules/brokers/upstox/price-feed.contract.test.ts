import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/fakes/kite';
import {
  createUpstoxFixture,
  NIFTY_CALL,
  NIFTY_PUT,
  type UpstoxFixture,
} from '../../../../test/fakes/upstox';
import type { BrokerStreamState, RawTick } from '../../market/contract';
import type { UserPriceFeed } from '../live-kit/price-feed';

// Contract: a Upstox user's prices come from Upstox's Market Data Feed V3 opened with their own session, through
// the fake speaking the documented protocol (authorize with the Bearer token, a single-use socket URI, binary JSON
// requests in ltpc mode, protobuf FeedResponse frames). A dropped socket authorizes again and resubscribes; frames
// that are not FeedResponses are skipped; a refused token or handshake ends the feed as expired, without retrying.

let f: UpstoxFixture;
let feed: UserPriceFeed | undefined;
let states: BrokerStreamState[];
let ticks: RawTick[];

beforeEach(async () => {
  f = await createUpstoxFixture();
  states = [];
  ticks = [];
});
afterEach(async () => {
  feed?.halt();
  await f.close();
});

/** The user's feed, resumed, watching these symbols (`before` runs between the login and the first connect). */
async function feedOf(symbols: string[], before?: () => void) {
  const { userId } = await f.loggedIn();
  before?.();
  const prices = f.plugin.prices;
  if (!prices) throw new Error('upstox has no prices hook');
  feed = prices.feedFor(userId, (state) => states.push(state));
  feed.onTicks((batch) => ticks.push(...batch));
  feed.subscribe(symbols);
  feed.resume();
  return userId;
}
const lastPrice = (symbol: string) => ticks.filter((tick) => tick.symbol === symbol).at(-1)?.price;

describe("a Upstox user's own prices on the market data feed", () => {
  it('authorizes with their token, subscribes in ltpc mode, gets the snapshot then live prices', async () => {
    f.upstox.setPrice(f.keys.call, 98.5);
    await feedOf([NIFTY_CALL.tradingsymbol, NIFTY_PUT.tradingsymbol]);
    await eventually(() => expect(lastPrice(NIFTY_CALL.tradingsymbol)).toBe(98.5));
    expect(ticks.find((tick) => tick.symbol === NIFTY_CALL.tradingsymbol)?.close).toBe(100);
    expect(states).toContain('connected');
    f.upstox.setPrice(f.keys.put, 41.25);
    f.upstox.setPrice(f.keys.call, 99);
    await eventually(() => expect(lastPrice(NIFTY_PUT.tradingsymbol)).toBe(41.25));
    await eventually(() => expect(lastPrice(NIFTY_CALL.tradingsymbol)).toBe(99));

    const authorize = f.upstox.requests.filter((r) => r.path === '/v3/feed/market-data-feed/authorize');
    expect(authorize.length).toBe(1);
    expect(authorize[0]?.authorization).toMatch(/^Bearer eyJ\./);
    const subs = f.upstox.feed.requests.filter((r) => r.method === 'sub');
    expect(subs.every((r) => r.mode === 'ltpc')).toBe(true);
    expect(new Set(subs.flatMap((r) => r.instrumentKeys))).toEqual(new Set([f.keys.call, f.keys.put]));
    expect(f.upstox.feed.subscribers(f.keys.call)).toBe(1);
    // Only what the user watches: the future is listed but never subscribed or priced.
    f.upstox.setPrice(f.keys.future, 26_100);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(f.upstox.feed.subscribers(f.keys.future)).toBe(0);
    expect(ticks.every((tick) => tick.symbol !== 'NIFTY26DECFUT')).toBe(true);
  });

  it('skips frames that are not FeedResponses and keeps reading the next ones', async () => {
    await feedOf([NIFTY_CALL.tradingsymbol]);
    await eventually(() => expect(f.upstox.feed.subscribers(f.keys.call)).toBe(1));
    f.upstox.feed.sendRaw(Buffer.from([0x12, 0xff, 0xff, 0xff, 0x0f, 0x01]));
    f.upstox.feed.sendRaw(Buffer.from([0x0a]));
    f.upstox.feed.sendRaw('not protobuf');
    f.upstox.setPrice(f.keys.call, 77.7);
    await eventually(() => expect(lastPrice(NIFTY_CALL.tradingsymbol)).toBe(77.7));
    expect(states).not.toContain('disconnected');
  });

  it('after a dropped socket authorizes again, resubscribes and streams on', async () => {
    await feedOf([NIFTY_CALL.tradingsymbol]);
    await eventually(() => expect(f.upstox.feed.subscribers(f.keys.call)).toBe(1));
    f.upstox.feed.dropAll();
    await eventually(() => expect(states).toContain('disconnected'));
    await eventually(() => expect(f.upstox.feed.subscribers(f.keys.call)).toBe(1), 5000);
    expect(f.upstox.feed.authorizations).toBe(2);
    expect(states.at(-1)).toBe('connected');
    f.upstox.setPrice(f.keys.call, 104.1);
    await eventually(() => expect(lastPrice(NIFTY_CALL.tradingsymbol)).toBe(104.1));

    // A contract let go is unsubscribed at Upstox.
    feed?.unsubscribe([NIFTY_CALL.tradingsymbol]);
    await eventually(() => expect(f.upstox.feed.subscribers(f.keys.call)).toBe(0));
    expect(f.upstox.feed.requests.at(-1)).toMatchObject({ method: 'unsub', instrumentKeys: [f.keys.call] });
  });

  it.each([
    ['a token refused at authorize (401)', () => f.upstox.expireSessions()],
    ['a socket handshake refused (403)', () => (f.upstox.feed.refuseHandshakes = true)],
  ])('%s ends the feed and marks the session expired, without retrying', async (_case, refuse) => {
    const userId = await feedOf([NIFTY_CALL.tradingsymbol], refuse);
    await eventually(() => expect(states).toContain('ended'));
    await eventually(async () => expect((await f.vault.get(userId, 'upstox'))?.status).toBe('expired'));
    const attempts = f.upstox.requests.filter((r) => r.path === '/v3/feed/market-data-feed/authorize').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(f.upstox.requests.filter((r) => r.path === '/v3/feed/market-data-feed/authorize').length).toBe(
      attempts,
    );
    expect(states).not.toContain('connected');
    expect(ticks).toEqual([]);
  });
});
