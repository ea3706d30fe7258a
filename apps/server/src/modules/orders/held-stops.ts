import { isFinalStatus, type OrderEvent } from '@xtrader/core';
import type { BrokerAck } from '../brokers/broker';
import type { OrderEngine } from './engine';
import { isHeld, type OrderRecord } from './record';
import { applyEvent } from './transitions';

// Local stops: a stop-loss placed with Local trailing stays in the server (the broker never sees it) until the
// price crosses its trigger; then it goes to the broker as a market order under its own id. Modifying and
// cancelling it are booked here, at once, as the broker would have confirmed them.

/** What the server answers for a command on a held stop: it is its own broker. */
export const HELD_ACK: BrokerAck = { ok: true, brokerOrderId: '' };

/** A new held stop starts working at once, waiting for its trigger. */
export async function holdStops(engine: OrderEngine, orders: readonly OrderRecord[]): Promise<void> {
  for (const order of orders) {
    await engine.queue.run(order.userId, async () => {
      const current = await engine.store.findById(order.userId, order.id);
      if (!current || !isHeld(current) || current.state.status !== 'pending') return;
      const event: OrderEvent = {
        type: 'accepted',
        orderId: order.id,
        ts: engine.clock.now(),
        triggerPending: true,
      };
      await applyEvent(engine, current, event);
    });
  }
}

/** Whether the price has reached a held stop's trigger (a sell stop below it, a buy stop above it). */
export function crossed(order: OrderRecord, ltp: number): boolean {
  const trigger = order.state.triggerPrice;
  if (trigger === null || isFinalStatus(order.state)) return false;
  return order.side === 'sell' ? ltp <= trigger : ltp >= trigger;
}

/**
 * Fires a held stop whose trigger the price crossed: books it triggered and turns it into a market order that is no
 * longer held (trailing ends). Must run inside the user's queue. Returns the order to send, if it could fire.
 */
export async function fireHeld(engine: OrderEngine, order: OrderRecord): Promise<OrderRecord | undefined> {
  const fired = await applyEvent(engine, order, {
    type: 'triggered',
    orderId: order.id,
    ts: engine.clock.now(),
  });
  if (!fired) return undefined;
  const trailing = fired.trailing && {
    ...fired.trailing,
    active: false,
    held: false,
    pendingReference: null,
  };
  const market: OrderRecord = { ...fired, brokerOrderType: 'market', trailing };
  await engine.store.saveOrder(market);
  return market;
}
