import { afterEach, describe, expect, it } from 'vitest';
import { createDhanFixture, type DhanFixture } from '../../../../test/fakes/dhan';
import { eventually } from '../../../../test/fakes/kite';
import type { BrokerOrderUpdate, BrokerSession } from '../broker';

// A protective stop that Dhan or the exchange ends by itself (day-end expiry, a price-band rejection) reaches the
// engine as a cancelled or rejected update through the order-book poll, with Dhan's reason.

let f: DhanFixture;
afterEach(() => f.close());

async function restingStop(): Promise<{ session: BrokerSession; id: string; updates: BrokerOrderUpdate[] }> {
  f = await createDhanFixture();
  const userId = await f.loggedInUser();
  const session = (await f.plugin.sessionFor(userId)) as BrokerSession;
  const updates: BrokerOrderUpdate[] = [];
  session.onOrderUpdate((update) => updates.push(update));
  const ack = await session.placeOrder({
    clientOrderId: 'XTSTOP000001S',
    tradingSymbol: f.call.tradingsymbol,
    internalToken: f.call.internalToken,
    exchange: 'NFO',
    side: 'sell',
    quantity: f.call.lot_size,
    product: 'intraday',
    orderType: 'stoploss_market',
    triggerPrice: 80,
  });
  if (!ack.ok) throw new Error(ack.reason);
  await eventually(() => expect(updates.map((u) => u.event.type)).toContain('accepted'));
  return { session, id: ack.brokerOrderId, updates };
}

describe('Dhan ends a protective stop by itself', () => {
  it('sends the stop as STOP_LOSS with a protective limit below the trigger', async () => {
    const { id } = await restingStop();
    expect(f.fake.book.get(id)).toMatchObject({
      orderType: 'STOP_LOSS',
      triggerPrice: 80,
      correlationId: 'XTSTOP000001S',
    });
    expect(f.fake.book.get(id)?.price).toBeLessThan(80);
  });

  it('reports a day-end expiry as cancelled, with our tag and the reason', async () => {
    const { id, updates } = await restingStop();
    f.fake.end(id, 'EXPIRED', 'Order validity expired');
    await eventually(() =>
      expect(updates.filter((u) => u.brokerOrderId === id && u.event.type === 'cancelled')).toEqual([
        expect.objectContaining({
          clientOrderId: 'XTSTOP000001S',
          event: { type: 'cancelled', reason: 'Order validity expired' },
        }),
      ]),
    );
  });

  it('reports an exchange rejection as rejected with its reason', async () => {
    const { id, updates } = await restingStop();
    f.fake.end(id, 'REJECTED', 'Trigger price is outside the price band');
    await eventually(() =>
      expect(updates.find((u) => u.brokerOrderId === id && u.event.type === 'rejected')?.event).toEqual({
        type: 'rejected',
        reason: 'Trigger price is outside the price band',
      }),
    );
  });
});
