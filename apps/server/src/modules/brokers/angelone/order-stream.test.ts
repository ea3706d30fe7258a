import { afterEach, describe, expect, it } from 'vitest';
import { type AngelOneFixture, createAngelOneFixture } from '../../../../test/fakes/angelone';
import { eventually } from '../../../../test/fakes/kite';
import type { BrokerOrderUpdate } from '../broker';
import { streamedOrder } from './order-stream';

// Order updates on SmartAPI's order-status WebSocket; the order book polled while the socket is down, and read once
// when it comes back so nothing in between is lost.

let f: AngelOneFixture;
afterEach(() => f.close());

const statusOf = async (userId: string) => f.plugin.status(userId);

describe('Angel One order stream', () => {
  it('delivers order updates from the stream (polling too slow to be the source)', async () => {
    f = await createAngelOneFixture({ pollMs: 600_000 });
    const { userId, session } = await f.loggedIn();
    await expect.poll(() => statusOf(userId)).toMatchObject({ updateChannel: 'stream', updates: 'live' });
    // The order book is read at login (seed) and once when the stream comes up (catch-up); nothing after that.
    const bookReads = () => f.angel.requests.filter((r) => r.path.endsWith('/getOrderBook')).length;
    await expect.poll(bookReads).toBe(2);
    const stream = f.angel.requests.length;
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    f.angel.fill(ack.brokerOrderId, 99.5);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
    expect(updates[1]).toMatchObject({
      clientOrderId: 'XT0123456789-1',
      event: { quantity: 65, price: 99.5 },
    });
    // Only the placement went over REST: no order-book reads.
    expect(f.angel.requests.slice(stream).map((r) => r.path)).toEqual([
      '/rest/secure/angelbroking/order/v1/placeOrder',
    ]);
  });

  it('polls while the stream is down, reconnects, and catches up on what happened meanwhile', async () => {
    f = await createAngelOneFixture({ pollMs: 30 });
    const { userId, session } = await f.loggedIn();
    await expect.poll(() => statusOf(userId)).toMatchObject({ updateChannel: 'stream' });
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(f.command());
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted']));
    f.angel.dropStreams();
    await expect.poll(() => statusOf(userId)).toMatchObject({ updateChannel: 'polling', updates: 'live' });
    f.angel.fill(ack.brokerOrderId, 101);
    await eventually(() => expect(updates.map((u) => u.event.type)).toEqual(['accepted', 'fill']));
    f.angel.allowStreams();
    await expect
      .poll(() => statusOf(userId), { timeout: 5000 })
      .toMatchObject({ updateChannel: 'stream', updates: 'live' });
    expect(f.angel.streamCount).toBe(1);
    expect(updates).toHaveLength(2);
  });

  it('closes the stream when the session ends', async () => {
    f = await createAngelOneFixture({ pollMs: 600_000 });
    const { userId } = await f.loggedIn();
    await expect.poll(() => f.angel.streamCount).toBe(1);
    f.plugin.close();
    await expect.poll(() => f.angel.streamCount).toBe(0);
    expect((await statusOf(userId)).updates).toBe('off');
  });
});

describe('stream messages', () => {
  const data = {
    orderid: '261124000000001',
    variety: 'NORMAL',
    ordertype: 'LIMIT',
    producttype: 'CARRYFORWARD',
    tradingsymbol: 'NIFTY01DEC2626000CE',
    symboltoken: '40000',
    exchange: 'NFO',
    transactiontype: 'BUY',
    quantity: '65',
    price: '100',
    status: 'complete',
    orderstatus: 'complete',
  };

  it('reads the order, ignores the acknowledgement and anything unreadable', () => {
    expect(streamedOrder(JSON.stringify({ 'order-status': 'AB05', orderData: data }))).toMatchObject({
      orderid: '261124000000001',
      quantity: 65,
      orderstatus: 'complete',
    });
    expect(streamedOrder(JSON.stringify({ 'order-status': 'AB00', orderData: {} }))).toBeUndefined();
    expect(streamedOrder('not json')).toBeUndefined();
  });

  it("takes the status from the code when the order's own word is missing", () => {
    const { status: _s, orderstatus: _o, ...bare } = data;
    expect(streamedOrder(JSON.stringify({ 'order-status': 'AB10', orderData: bare }))).toMatchObject({
      status: 'trigger pending',
      orderstatus: 'trigger pending',
    });
  });
});
