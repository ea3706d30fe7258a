import { isFinalStatus, type OrderEvent } from '@xtrader/core/orders/order-status';
import type { BrokerAck } from '../../brokers/broker';
import type { OrderContext } from '../context/context';
import { partsOf } from '../model/group-rules';
import { isHeld, type OrderRecord } from '../model/record';
import { applyEvent } from './transitions';

// Local stops: a stop-loss placed with Local trailing stays in the server (the broker never sees it) until the
// price crosses its trigger; then it goes to the broker as a market order under its own id. Modifying and
// cancelling it are booked here, at once, as the broker would have confirmed them.

/** What the server answers for a command on a held stop: it is its own broker. */
export const HELD_ACK: BrokerAck = { ok: true, brokerOrderId: '' };

/** A new held stop starts working at once, waiting for its trigger. */
export async function holdStops(ctx: OrderContext, orders: readonly OrderRecord[]): Promise<void> {
  for (const order of orders) {
    await ctx.queue.run(order.userId, async () => {
      const current = await ctx.store.findById(order.userId, order.id);
      if (!current || !isHeld(current) || current.state.status !== 'pending') return;
      const event: OrderEvent = {
        type: 'accepted',
        orderId: order.id,
        ts: ctx.clock.now(),
        triggerPending: true,
      };
      await applyEvent(ctx, current, event);
    });
  }
}

/** Whether the price has reached a held stop's trigger (a sell stop below it, a buy stop above it). */
export function crossed(order: OrderRecord, ltp: number): boolean {
  const trigger = order.state.triggerPrice;
  if (trigger === null || isFinalStatus(order.state)) return false;
  return order.side === 'sell' ? ltp <= trigger : ltp >= trigger;
}

/** Trailing of a stop that is no longer held (it fired): trailing ends with it. */
const released = (order: OrderRecord) =>
  order.trailing && { ...order.trailing, active: false, held: false, pendingReference: null };

/**
 * Fires a held stop whose trigger the price crossed: books it triggered and turns it into a market order that is no
 * longer held. A stop above the freeze limit (a group) fires each of its held slices. Must run inside the user's
 * queue. Returns the broker orders to send.
 */
export async function fireHeldStop(ctx: OrderContext, order: OrderRecord): Promise<OrderRecord[]> {
  if (order.kind === 'broker') {
    const fired = await fireHeld(ctx, order);
    return fired ? [fired] : [];
  }
  const family = await ctx.store.listFamily(order.userId, order.rootId);
  const fired: OrderRecord[] = [];
  for (const part of partsOf(family, order.id)) {
    if (!isHeld(part) || isFinalStatus(part.state)) continue;
    const sent = await fireHeld(ctx, part);
    if (sent) fired.push(sent);
  }
  const group = (await ctx.store.findById(order.userId, order.id)) ?? order;
  await ctx.store.saveOrder({ ...group, trailing: released(group) });
  return fired;
}

async function fireHeld(ctx: OrderContext, order: OrderRecord): Promise<OrderRecord | undefined> {
  const fired = await applyEvent(ctx, order, {
    type: 'triggered',
    orderId: order.id,
    ts: ctx.clock.now(),
  });
  if (!fired) return undefined;
  const market: OrderRecord = { ...fired, brokerOrderType: 'market', trailing: released(fired) };
  await ctx.store.saveOrder(market);
  return market;
}
