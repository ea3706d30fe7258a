import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeAliceBlue } from '../../../../test/fakes/aliceblue';
import { eventually } from '../../../../test/fakes/kite';
import { silentLogger } from '../../../logger';
import type { UpdateChannel } from '../live-kit/links';
import type { BrokerAccount } from '../vault';
import { exchangeAuthCode } from './aliceblue-api';
import { type AliceUpdateState, createAliceOrderFeed } from './order-feed';

// The Order Status Feed on its own: kept alive with heartbeats, each pushed change read from the order book, and an
// account without the feed asked again only now and then while the book is polled.

let alice: FakeAliceBlue;
let feed: UpdateChannel<AliceUpdateState>;
let reads: number;

const account = async (): Promise<BrokerAccount> => {
  const { userSession } = await exchangeAuthCode(
    alice.baseUrl,
    'AB1234',
    alice.issueAuthCode('AB1234'),
    alice.appSecret,
  );
  return {
    userId: 'u1',
    broker: 'aliceblue',
    clientId: 'AB1234',
    status: 'connected',
    secrets: { accessToken: userSession },
    tokenExpiresAt: null,
    updatedAt: 0,
  };
};

const start = (pollMs: number) =>
  createAliceOrderFeed({
    baseUrl: alice.baseUrl,
    logger: silentLogger(),
    catchUp: async () => {
      reads += 1;
    },
    pollMs,
    retryMs: 20,
    heartbeatMs: 20,
  });

beforeEach(async () => {
  alice = await FakeAliceBlue.start();
  reads = 0;
});
afterEach(async () => {
  feed.closeAll();
  await alice.close();
});

const tokenRequests = () => alice.requests.filter((r) => r.path.endsWith('/createWsToken')).length;

describe('AliceBlue order feed', () => {
  it('sends a heartbeat with the user id while subscribed, and stops when closed', async () => {
    alice.feedEnabled = true;
    feed = start(60_000);
    feed.open('u1', await account());
    await eventually(() => expect(feed.state('u1')).toBe('stream'));
    await eventually(() => expect(alice.feedMessages).toContainEqual({ heartbeat: 'h', userId: 'AB1234' }));
    feed.close('u1');
    expect(feed.state('u1')).toBeUndefined();
    await eventually(() => expect(alice.feedClients).toBe(0));
  });

  it('polls an account without the feed and asks for it again only every tenth retry period', async () => {
    feed = start(10);
    const opened = Date.now();
    feed.open('u1', await account());
    await eventually(() => expect(reads).toBeGreaterThan(3));
    expect(feed.state('u1')).toBe('polling');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Asked at once, then every 200 ms (not every 20 ms, the retry after a drop).
    const elapsed = Date.now() - opened;
    expect(tokenRequests()).toBeGreaterThanOrEqual(2);
    expect(tokenRequests()).toBeLessThanOrEqual(2 + Math.floor(elapsed / 200));
  });
});
