import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/fakes/kite';
import { FakeVortex } from '../../../../test/fakes/vortex';
import { silentLogger } from '../../../logger';
import type { BrokerAccount } from '../vault';
import { createVortexOrderFeed } from './order-feed';
import { createVortexSession } from './vortex-api';

// The order feed on its own: a message on Rupeezy's socket makes one order-book read, reads never overlap, the
// socket's silence is covered by a slow safety read, and a refused socket falls back to polling.

let vortex: FakeVortex;
let reads: number;
let running: number;
let overlapped: boolean;
let feed: ReturnType<typeof createVortexOrderFeed> | undefined;

beforeEach(async () => {
  vortex = await FakeVortex.start();
  reads = 0;
  running = 0;
  overlapped = false;
});
afterEach(async () => {
  feed?.closeAll();
  await vortex.close();
});

const accountWithToken = async (): Promise<BrokerAccount> => {
  const grant = await vortex.login(`${vortex.baseUrl}/?applicationId=${vortex.appKey}`, 'RZ1');
  const { accessToken } = await createVortexSession(
    vortex.baseUrl,
    { applicationId: vortex.appKey, apiKey: vortex.appSecret },
    grant.authToken as string,
  );
  return { userId: 'u1', secrets: { accessToken } } as unknown as BrokerAccount;
};

const openFeed = (options: { pollMs: number; safetyPollMs?: number }) => {
  feed = createVortexOrderFeed({
    baseUrl: vortex.baseUrl,
    ...options,
    retryMs: { first: 50, max: 200 },
    async catchUp() {
      reads += 1;
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    },
    logger: silentLogger(),
  });
  return feed;
};

describe('Rupeezy order feed', () => {
  it('reads the order book on each socket message, one read at a time', async () => {
    const f = openFeed({ pollMs: 60_000, safetyPollMs: 60_000 });
    f.open('u1', await accountWithToken());
    await eventually(() => expect(f.state('u1')).toBe('connected'));
    await eventually(() => expect(reads).toBe(1)); // the catch-up when the socket opened
    for (let i = 0; i < 5; i += 1) vortex.pushRaw({ type: 'order', data: { order_id: `X${i}` } });
    await eventually(() => expect(reads).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toBeLessThanOrEqual(3);
    expect(overlapped).toBe(false);
  });

  it('reads the order book now and then while the socket stays silent', async () => {
    const f = openFeed({ pollMs: 60_000, safetyPollMs: 40 });
    f.open('u1', await accountWithToken());
    await eventually(() => expect(f.state('u1')).toBe('connected'));
    await eventually(() => expect(reads).toBeGreaterThanOrEqual(4));
  });

  it('polls while the socket is refused and stops polling once it opens', async () => {
    vortex.streamUnavailable = true;
    const f = openFeed({ pollMs: 30, safetyPollMs: 60_000 });
    f.open('u1', await accountWithToken());
    expect(f.state('u1')).toBe('polling');
    await eventually(() => expect(reads).toBeGreaterThanOrEqual(3));
    vortex.streamUnavailable = false;
    await eventually(() => expect(f.state('u1')).toBe('connected'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(reads).toBe(settled);
    f.close('u1');
    expect(f.state('u1')).toBeUndefined();
  });
});
