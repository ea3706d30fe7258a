import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/fakes/kite';
import { createVortexFixture, type VortexFixture } from '../../../../test/fakes/vortex';
import type { BrokerOrderUpdate, PlaceOrderCommand } from '../broker';

// Order updates by polling Rupeezy's order book: a protective stop that Rupeezy or the exchange ends by itself
// (a price-band rejection, an end-of-day cancel) reaches the engine as a rejected / cancelled update, with the reason.

let f: VortexFixture;
afterEach(async () => f?.close());

const protectiveStop = (f: VortexFixture, clientOrderId: string): PlaceOrderCommand => ({
  clientOrderId,
  tradingSymbol: f.niftyCall.tradingsymbol,
  internalToken: f.niftyCall.internalToken,
  exchange: 'NFO',
  side: 'sell',
  quantity: f.niftyCall.lot_size,
  product: 'intraday',
  orderType: 'stoploss_market',
  triggerPrice: 80,
});

describe('Rupeezy order updates by polling', () => {
  it.each([
    ['REJECTED', 'rejected', 'Price out of the daily price band'],
    ['CANCELLED', 'cancelled', 'Cancelled by the exchange at end of day'],
  ] as const)(
    'reports a protective stop %s by the broker as %s, with its reason and our tag',
    async (status, type, reason) => {
      f = await createVortexFixture();
      const { session } = await f.loggedInUser();
      const updates: BrokerOrderUpdate[] = [];
      session.onOrderUpdate((update) => updates.push(update));
      const ack = await session.placeOrder(protectiveStop(f, 'XTSTOP01'));
      if (!ack.ok) throw new Error(ack.reason);
      // The stop-market went out as a stop-limit with a protective limit below the trigger.
      expect(f.vortex.book.get(ack.brokerOrderId)).toMatchObject({ variety: 'SL', trigger_price: 80 });
      expect(f.vortex.book.get(ack.brokerOrderId)?.order_price).toBeLessThan(80);
      await eventually(() => expect(updates.map((u) => u.event.type)).toContain('accepted'));
      f.vortex.endByBroker(ack.brokerOrderId, status, reason);
      await eventually(() =>
        expect(updates.filter((u) => u.event.type === type)).toEqual([
          expect.objectContaining({
            brokerOrderId: ack.brokerOrderId,
            clientOrderId: 'XTSTOP01',
            event: expect.objectContaining({ type, reason }),
          }),
        ]),
      );
    },
  );
});

describe('Rupeezy order updates by its WebSocket', () => {
  const restingBuy = (f: VortexFixture, clientOrderId: string): PlaceOrderCommand => ({
    ...protectiveStop(f, clientOrderId),
    side: 'buy',
    orderType: 'limit',
    price: 90,
  });

  it('reports a fill pushed on the socket at once, without waiting for a poll', async () => {
    f = await createVortexFixture({ pollMs: 60_000 });
    const { userId, session } = await f.loggedInUser();
    await eventually(async () => expect((await f.plugin.status(userId)).updateChannel).toBe('stream'));
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(restingBuy(f, 'XTPUSH01'));
    if (!ack.ok) throw new Error(ack.reason);
    f.vortex.fill(ack.brokerOrderId, 90);
    await eventually(() =>
      expect(updates.filter((u) => u.event.type === 'fill')).toEqual([
        expect.objectContaining({ clientOrderId: 'XTPUSH01', event: expect.objectContaining({ price: 90 }) }),
      ]),
    );
  });

  it('reads the order book again when it does not yet show the change a message rang for', async () => {
    f = await createVortexFixture({ pollMs: 60_000 });
    const { userId, session } = await f.loggedInUser();
    await eventually(async () => expect((await f.plugin.status(userId)).updateChannel).toBe('stream'));
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    const ack = await session.placeOrder(restingBuy(f, 'XTPUSH02'));
    if (!ack.ok) throw new Error(ack.reason);
    await eventually(() => expect(updates.map((u) => u.event.type)).toContain('accepted'));
    // Rupeezy's book lags its message: the two reads after the fill's message still show the order open.
    f.vortex.lagBook(2);
    f.vortex.fill(ack.brokerOrderId, 90);
    await eventually(() => expect(updates.filter((u) => u.event.type === 'fill')).toHaveLength(1), 5000);
  });

  it('polls the order book while the socket is down and goes back to the socket when it returns', async () => {
    f = await createVortexFixture({ pollMs: 50 });
    f.vortex.streamUnavailable = true;
    const { userId, session } = await f.loggedInUser();
    const updates: BrokerOrderUpdate[] = [];
    session.onOrderUpdate((update) => updates.push(update));
    expect(await f.plugin.status(userId)).toMatchObject({ updates: 'live', updateChannel: 'polling' });
    const ack = await session.placeOrder(restingBuy(f, 'XTPOLL01'));
    if (!ack.ok) throw new Error(ack.reason);
    f.vortex.fill(ack.brokerOrderId, 90);
    await eventually(() => expect(updates.map((u) => u.event.type)).toContain('fill'));

    f.vortex.streamUnavailable = false;
    await eventually(async () => expect((await f.plugin.status(userId)).updateChannel).toBe('stream'), 5000);
    f.vortex.dropStreams();
    await eventually(async () => expect((await f.plugin.status(userId)).updateChannel).toBe('polling'));
    await eventually(async () => expect((await f.plugin.status(userId)).updateChannel).toBe('stream'), 5000);
    expect(updates.filter((u) => u.event.type === 'fill')).toHaveLength(1);
  });
});
