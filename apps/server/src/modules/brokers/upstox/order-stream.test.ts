import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/fakes/kite';
import { createUpstoxFixture, type UpstoxFixture } from '../../../../test/fakes/upstox';
import type { BrokerOrderUpdate } from '../broker';

// Upstox order updates: the portfolio stream (authorized per connection) delivers them; while it is down the order
// book is polled, and when it comes back the book is read once so nothing is lost.

let f: UpstoxFixture | undefined;
afterEach(async () => f?.close());

async function watched(fixture: UpstoxFixture) {
  const { userId, session } = await fixture.loggedIn();
  const updates: BrokerOrderUpdate[] = [];
  session.onOrderUpdate((update) => updates.push(update));
  return { userId, session, updates };
}

describe('Upstox portfolio stream', () => {
  it('delivers every change as pushed, with the order book never polled', async () => {
    f = await createUpstoxFixture({ pollMs: 60_000 });
    const { userId, session, updates } = await watched(f);
    const fixture = f;
    await eventually(async () =>
      expect(await fixture.plugin.status(userId)).toMatchObject({ updates: 'live' }),
    );
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted']));
    f.upstox.fill(ack.brokerOrderId, 99.5, 30);
    f.upstox.fill(ack.brokerOrderId, 99.5);
    await eventually(() =>
      expect(updates.map((u) => u.event)).toEqual([
        { type: 'accepted', status: 'open' },
        expect.objectContaining({ type: 'fill', quantity: 30, price: 99.5 }),
        expect.objectContaining({ type: 'fill', quantity: 35, price: 99.5 }),
      ]),
    );
    expect(updates[2]).toMatchObject({ clientOrderId: 'XT0123456789-1', userId });
    expect(
      f.upstox.requests.find((r) => r.path === '/v2/feed/portfolio-stream-feed/authorize'),
    ).toMatchObject({
      query: { update_types: 'order' },
      authorization: expect.stringMatching(/^Bearer /),
    });
  });

  it('polls the order book while the stream is unavailable, shown as reconnecting', async () => {
    f = await createUpstoxFixture();
    f.upstox.streamAvailable = false;
    const { userId, session, updates } = await watched(f);
    expect(await f.plugin.status(userId)).toMatchObject({ updateChannel: 'stream', updates: 'reconnecting' });
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    f.upstox.fill(ack.brokerOrderId, 101);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
  });

  it('falls back to polling when the stream drops, then authorizes again and catches up', async () => {
    f = await createUpstoxFixture({ pollMs: 60_000 });
    const { userId, session, updates } = await watched(f);
    const fixture = f;
    await eventually(() => expect(fixture.upstox.streams.size).toBe(1));
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted']));
    f.upstox.dropStreams();
    await eventually(async () => expect((await fixture.plugin.status(userId)).updates).toBe('reconnecting'));
    // Filled while no socket is open: the poll (60 s here) is too slow, the catch-up on reconnect brings it.
    f.upstox.fill(ack.brokerOrderId, 98);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']), 5000);
    expect(f.upstox.streamAuthorizations).toBe(2);
    expect((await f.plugin.status(userId)).updates).toBe('live');
  });

  it('marks the session expired when authorizing the stream answers 401', async () => {
    f = await createUpstoxFixture({ pollMs: 60_000 });
    const { userId } = await watched(f);
    f.upstox.expireSessions();
    f.upstox.dropStreams();
    const fixture = f;
    await eventually(async () => expect((await fixture.plugin.status(userId)).state).toBe('expired'), 5000);
  });
});
