import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrokerOrderUpdate, BrokerSession, PlaceOrderCommand } from '../../src/modules/brokers/broker';
import { eventually } from '../fakes/kite';

// The contract every broker adapter keeps (written on the BrokerSession interface), run against each adapter on
// its venue: paper on the paper exchange, live brokers on their fakes. A new broker plugs in by giving a venue.

/** One user's session on a venue the test can drive. */
export interface ContractVenue {
  session: BrokerSession;
  /** A buy limit order of `quantity` that rests at the venue (its price is below the market). */
  restingBuy(clientOrderId: string, quantity: number): PlaceOrderCommand;
  /** The venue fills the whole resting order at its limit price; its report is on the way to the session. */
  fillAtLimit(brokerOrderId: string): Promise<void>;
  /**
   * The next placement reaches the venue but its answer is lost. Absent where that cannot happen (the in-process
   * paper exchange answers every call).
   */
  loseNextAnswer?: () => void;
  /** The venue ends the user's session (the day's token died). Absent where sessions do not expire. */
  endSession?: () => Promise<void>;
  close(): Promise<void>;
}

let serial = 0;
/** A fresh order id in our shape (it travels as the broker's tag). */
const nextTag = () => {
  serial += 1;
  return `XT${String(Date.now() % 1e8).padStart(8, '0')}${String(serial % 100).padStart(2, '0')}`;
};

export function describeBrokerSessionContract(name: string, open: () => Promise<ContractVenue>): void {
  describe(`${name} keeps the broker session contract`, () => {
    let venue: ContractVenue;
    let session: BrokerSession;
    let updates: BrokerOrderUpdate[];

    beforeEach(async () => {
      venue = await open();
      session = venue.session;
      updates = [];
      session.onOrderUpdate((update) => updates.push(update));
    });
    afterEach(async () => venue.close());

    const place = async (tag = nextTag(), quantity = 65) => {
      const ack = await session.placeOrder(venue.restingBuy(tag, quantity));
      if (!ack.ok) throw new Error(`placement refused: ${ack.reason}`);
      return { tag, id: ack.brokerOrderId };
    };
    const listed = async (id: string) => (await session.listOrders()).find((o) => o.brokerOrderId === id);

    it('places an order that the order book then shows, with our tag', async () => {
      const { tag, id } = await place();
      expect(await listed(id)).toMatchObject({
        clientOrderId: tag,
        quantity: 65,
        side: 'buy',
        status: 'open',
      });
    });

    it('modifies and cancels a resting order, each reported once', async () => {
      const { id } = await place();
      const price = (await listed(id))?.price as number;
      expect(await session.modifyOrder(id, { price: price - 1 })).toEqual({ ok: true, brokerOrderId: id });
      expect((await listed(id))?.price).toBe(price - 1);
      expect(await session.cancelOrder(id)).toEqual({ ok: true, brokerOrderId: id });
      expect((await listed(id))?.status).toBe('cancelled');
      await eventually(() =>
        expect(updates.filter((u) => u.brokerOrderId === id && u.event.type === 'cancelled')).toHaveLength(1),
      );
    });

    it('answers a command for an order it does not have as not_found, never a throw', async () => {
      expect(await session.cancelOrder('999999999')).toMatchObject({ ok: false, code: 'not_found' });
      expect(await session.modifyOrder('999999999', { price: 1 })).toMatchObject({
        ok: false,
        code: 'not_found',
      });
    });

    it('reports a fill once, with our tag, and shows it in positions and funds', async () => {
      const { tag, id } = await place();
      const price = (await listed(id))?.price as number;
      await venue.fillAtLimit(id);
      await eventually(() =>
        expect(updates.filter((u) => u.brokerOrderId === id && u.event.type === 'fill')).toEqual([
          expect.objectContaining({
            clientOrderId: tag,
            event: expect.objectContaining({ quantity: 65, price }),
          }),
        ]),
      );
      // Reading the book again reports nothing new.
      await session.listOrders();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(updates.filter((u) => u.brokerOrderId === id && u.event.type === 'fill')).toHaveLength(1);
      expect((await listed(id))?.status).toBe('complete');
      const positions = await session.positions();
      expect(positions.reduce((sum, p) => sum + p.quantity, 0)).toBe(65);
      const margin = await session.margin();
      expect(margin.total).toBeCloseTo(margin.available + margin.utilized, 2);
    });

    it('throws when a placement may have reached the venue; looking up by tag finds it, so nothing is sent twice', async ({
      skip,
    }) => {
      if (!venue.loseNextAnswer) return skip();
      const cmd = venue.restingBuy(nextTag(), 65);
      venue.loseNextAnswer();
      await expect(session.placeOrder(cmd)).rejects.toMatchObject({ uncertain: true });
      const byTag = (await session.listOrders()).filter((o) => o.clientOrderId === cmd.clientOrderId);
      expect(byTag).toHaveLength(1);
    });

    it('answers commands after the session ended as token_expired, never a throw', async ({ skip }) => {
      if (!venue.endSession) return skip();
      const { id } = await place();
      await venue.endSession();
      expect(await session.placeOrder(venue.restingBuy(nextTag(), 65))).toMatchObject({
        ok: false,
        code: 'token_expired',
      });
      expect(await session.cancelOrder(id)).toMatchObject({ ok: false, code: 'token_expired' });
    });
  });
}
