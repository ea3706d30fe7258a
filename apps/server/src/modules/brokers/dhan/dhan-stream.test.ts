import { afterEach, describe, expect, it } from 'vitest';
import { createDhanFixture, type DhanFixture } from '../../../../test/fakes/dhan';
import { eventually } from '../../../../test/fakes/kite';
import type { BrokerOrderUpdate, BrokerSession } from '../broker';

// Dhan's order-update WebSocket: logged in with the client id and token, its alerts deliver order changes at once;
// while it is down the order book is polled, and it comes back by itself.

let f: DhanFixture;
afterEach(() => f.close());

async function connected(pollMs: number) {
  f = await createDhanFixture({ pollMs });
  const userId = await f.loggedInUser();
  const session = (await f.plugin.sessionFor(userId)) as BrokerSession;
  const updates: BrokerOrderUpdate[] = [];
  session.onOrderUpdate((update) => updates.push(update));
  await eventually(async () => expect((await f.plugin.status(userId)).updates).toBe('live'));
  const place = async (clientOrderId: string) => {
    const ack = await session.placeOrder({
      clientOrderId,
      tradingSymbol: f.call.tradingsymbol,
      internalToken: f.call.internalToken,
      exchange: 'NFO',
      side: 'buy',
      quantity: f.call.lot_size,
      product: 'intraday',
      orderType: 'limit',
      price: 90,
    });
    if (!ack.ok) throw new Error(ack.reason);
    return ack.brokerOrderId;
  };
  const fills = (id: string) => updates.filter((u) => u.brokerOrderId === id && u.event.type === 'fill');
  return { userId, session, updates, place, fills };
}

describe('Dhan order-update stream', () => {
  it('logs in with the Dhan client id and access token as its first message', async () => {
    await connected(60_000);
    await eventually(() => expect(f.fake.streamClients()).toEqual([f.fake.ownerClientId]));
    expect(f.fake.streamLogins).toEqual([
      {
        MsgCode: 42,
        ClientId: f.fake.ownerClientId,
        Token: expect.stringMatching(/^eyJ\./),
        UserType: 'SELF',
      },
    ]);
  });

  it('delivers a fill pushed by Dhan without waiting for a poll', async () => {
    const { place, fills } = await connected(60_000);
    const id = await place('XTSTREAM0001');
    f.fake.fill(id, 90);
    await eventually(() =>
      expect(fills(id)).toEqual([
        expect.objectContaining({
          clientOrderId: 'XTSTREAM0001',
          event: expect.objectContaining({ quantity: 65 }),
        }),
      ]),
    );
  });

  it('reads the order book again when it does not yet show the change an alert rang for', async () => {
    const { place, fills, updates } = await connected(60_000);
    const id = await place('XTSTREAM0003');
    await eventually(() => expect(updates.some((u) => u.brokerOrderId === id)).toBe(true));
    // Dhan's book lags its alert: the two reads after the fill's alert still show the order open.
    f.fake.lagBook(2);
    f.fake.fill(id, 90);
    await eventually(() => expect(fills(id)).toHaveLength(1), 5000);
  });

  it('polls the order book while the socket is down, and reconnects by itself', async () => {
    const { userId, place, fills } = await connected(30);
    f.fake.refuseStreams = true;
    f.fake.dropStreams();
    await eventually(async () => expect((await f.plugin.status(userId)).updates).toBe('reconnecting'));
    const id = await place('XTSTREAM0002');
    f.fake.fill(id, 90);
    await eventually(() => expect(fills(id)).toHaveLength(1));
    f.fake.refuseStreams = false;
    await eventually(async () => expect((await f.plugin.status(userId)).updates).toBe('live'), 8000);
    await eventually(() => expect(f.fake.streamClients()).toEqual([f.fake.ownerClientId]));
  });
});
